// A few hostile documents through the real CLI (the long run tries them all at full size).
import { describe, expect, it } from 'vitest';
import { documentsPart } from '../../reliability/part-documents.js';
import { expectHardRequirements } from './checks.js';

const FEW = [
  'deep-array.json',
  'billion-laughs.cdx.xml',
  'wrong-components-type.cdx.json',
  'bomb.zip',
  'truncated.zip',
  'cycle-and-self.cdx.json',
  // Issue 29: an advisory whose 10,000-segment Maven bounds name a package of the graph.
  'hostile-maven-graph.cdx.json',
  'hostile-maven-bounds.osv.json',
];

describe('hostile documents (a few)', () => {
  it('each is refused or stored cleanly, and the store stays consistent', async () => {
    const result = await documentsPart({ scale: 'quick', only: FEW });
    expect(result.figures['documents tried']).toBe(FEW.length);
    expectHardRequirements(result);
    // These have a known right outcome: five refused; the ring, the Maven SBOM and its advisory stored.
    expect(result.checks.find((c) => c.name.startsWith('documents meant to be refused'))?.pass).toBe(true);
  }, 300_000);
});
