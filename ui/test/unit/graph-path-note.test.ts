// What the graph view says beside a drawn path: the documents' own chain, or only an SBOM's
// inclusion (/v0/path's `via`).
import { describe, expect, it } from 'vitest';
import { pathNote } from '../../src/graph/path-note';

describe('pathNote', () => {
  it('says when only an inclusion links the package, and when the documents state the chain', () => {
    expect(pathNote('inclusion', 'netty-buffer@4.1.94')).toMatch(/state no dependency chain to netty-buffer@4\.1\.94/);
    expect(pathNote('dependencies', 'netty-buffer@4.1.94')).toMatch(/dependency chain the documents state/);
  });
});
