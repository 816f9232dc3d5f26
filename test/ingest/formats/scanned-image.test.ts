// A scanner report's scanned image is an artifact the report is an SBOM of: HasSBOM with the
// image's first digest as subject, HashEqual to its other digests; none when no digest is given.
import { describe, expect, it } from 'vitest';
import { grypeParser, trivyParser } from '../../../src/ingest/formats/scanners/index.js';
import type { FormatParser } from '../../../src/ingest/formats/types.js';
import { FIXTURES } from '../../helpers/corpus.js';
import { CTX } from './vuln-formats.suite.js';

const facts = (parser: FormatParser, file: string) => parser.parse(FIXTURES.load(file), CTX);

describe('the scanned image', () => {
  it('grype: the manifest digest is the SBOM subject; the repo digest and image id are HashEqual to it', () => {
    const f = facts(grypeParser, 'grype-grype-keycloak-21.0.2-image.json');
    const manifest = 'sha256:d1630d3eb8285a978301bcefc5b223e564ae300750af2fc9ea3f413c5376a47e';
    expect(f.sboms.map((s) => s.subject)).toEqual([{ kind: 'artifact', digest: manifest }]);
    expect(f.sboms[0]).toMatchObject({ algorithm: 'sha256', downloadLocation: CTX.origin });
    expect(f.hashEquals.map((h) => [h.artifact, h.equal])).toEqual([
      [manifest, 'sha256:347a0d748d05a050dc64b92de2246d2240db6eb38afbc17c3c08d0acb0db1b50'],
      [manifest, 'sha256:8cf8fd2be2ded92962d52adff75ad06a4c30f69c66facbdf223364c6c9e33b8c'],
    ]);
    // The SBOM includes every package the report names.
    expect(f.packages.length).toBeGreaterThan(0);
  });

  it('trivy: the image id when the report gives no repository digest', () => {
    const f = facts(trivyParser, 'trivy-trivy-spring4shell-jre11-image.json');
    expect(f.sboms.map((s) => s.subject)).toEqual([
      { kind: 'artifact', digest: 'sha256:ed8f0747d483b60657982f0ef1ba74482aed08795cf0eb774b00bc53022a8351' },
    ]);
  });

  it('no image artifact for a repository scan, or an image named by tag only', () => {
    expect(facts(trivyParser, 'trivy-trivy-npm-project.json').sboms).toEqual([]);
    expect(facts(trivyParser, 'trivy-trivy-teamdojo-alpine-jar-image.json').sboms).toEqual([]);
  });
});
