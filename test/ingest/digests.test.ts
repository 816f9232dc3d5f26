// Artifact digests are taken as documents give them (GUAC's rule); only formats that define the
// digest form check it, and then skip that one value with a reason instead of refusing the document.
import { describe, expect, it } from 'vitest';
import { PARSE_CTX } from '../helpers/documents.js';
import { pkg } from '../helpers/predicates.js';
import { enc, startTestServer } from '../helpers/server.js';
import { canonicalArtifact, DigestError, parseDigestQuery } from '../../src/model/artifact.js';
import { guacPredicatesParser } from '../../src/ingest/formats/guac-predicates/index.js';
import { spdxParser } from '../../src/ingest/formats/spdx/index.js';
import { cyclonedxJsonParser } from '../../src/ingest/formats/cyclonedx/index.js';
import { slsaParser } from '../../src/ingest/formats/slsa/index.js';
import type { FormatParser, SniffedDocument } from '../../src/ingest/formats/types.js';

const sniff = (value: unknown): SniffedDocument => {
  const text = JSON.stringify(value);
  return { name: 'inline.json', text, json: JSON.parse(text), xml: false };
};
const parse = (parser: FormatParser, doc: unknown) => parser.parse(sniff(doc), PARSE_CTX);

const occurrence = (algorithm: string, digest: string) => ({
  pkg: pkg('pkg:npm/a@1'),
  artifact: { algorithm, digest },
  isOccurrence: { justification: 'test' },
});

describe('artifact identity', () => {
  it('is any non-empty algorithm and digest, lowercased', () => {
    expect(canonicalArtifact('SHA256', 'SHA256:ABC')).toBe('sha256:sha256:abc');
    expect(canonicalArtifact('sha256', 'sha-xyz')).toBe('sha256:sha-xyz');
    expect(canonicalArtifact('MyHash', 'not hex!')).toBe('myhash:not hex!');
    expect(canonicalArtifact('SHA-512', 'AB')).toBe('sha512:ab');
  });

  it('needs both parts and no control characters', () => {
    expect(() => canonicalArtifact('', 'abc')).toThrow(DigestError);
    expect(() => canonicalArtifact('sha256', '  ')).toThrow(/digest value is empty/);
    expect(() => canonicalArtifact('sha256', 'a\u0000b')).toThrow(/control character/);
  });

  it('a query reads as algorithm:digest and as a digest alone', () => {
    expect(parseDigestQuery('SHA-256:ABC')).toEqual({ key: 'sha256:abc', value: 'sha-256:abc' });
    expect(parseDigestQuery('sha-xyz')).toEqual({ value: 'sha-xyz' });
    expect(() => parseDigestQuery(' ')).toThrow(/empty/);
  });
});

describe('digests in documents', () => {
  it('ingest-predicates: unusual digests are kept as given', () => {
    const facts = parse(guacPredicatesParser, {
      isOccurrence: [occurrence('sha256', 'sha256:ABC'), occurrence('sha256', 'sha-xyz'), occurrence('Blake9', 'q1')],
    });
    expect(facts.artifacts).toEqual(['sha256:sha256:abc', 'sha256:sha-xyz', 'blake9:q1']);
    expect(facts.skipped).toEqual([]);
  });

  it('ingest-predicates: a predicate whose artifact names nothing is skipped with the reason', () => {
    const facts = parse(guacPredicatesParser, {
      isOccurrence: [occurrence('sha256', ''), occurrence('sha256', 'abc')],
      hasSlsa: [
        {
          Artifact: { algorithm: 'sha256', digest: 'bin' },
          Materials: [
            { algorithm: 'sha256', digest: 'src' },
            { algorithm: '', digest: 'x' },
          ],
          Builder: { uri: 'https://example.com/builder' },
          HasSlsa: { buildType: 'b', slsaPredicate: [], slsaVersion: 'v1' },
        },
      ],
    });
    expect(facts.occurrences.map((o) => o.artifact)).toEqual(['sha256:abc']);
    expect(facts.slsa.map((s) => s.materials)).toEqual([['sha256:src']]);
    expect(facts.skipped.map((s) => s.path)).toEqual(['/isOccurrence/0', '/hasSlsa/0/Materials/1']);
    expect(facts.skipped[0].reason).toMatch(/isOccurrence.*\/isOccurrence\/0\/artifact.*digest value is empty/);
    expect(facts.skipped[1].reason).toMatch(/algorithm is empty/);
  });

  it('SPDX: a checksum that is not hexadecimal, or has no value, is skipped; the document is kept', () => {
    const facts = parse(spdxParser, {
      spdxVersion: 'SPDX-2.3',
      SPDXID: 'SPDXRef-DOCUMENT',
      name: 'doc',
      dataLicense: 'CC0-1.0',
      documentNamespace: 'https://example.com/doc',
      creationInfo: { created: '2024-01-01T00:00:00Z', creators: ['Tool: test'] },
      packages: [
        {
          SPDXID: 'SPDXRef-a',
          name: 'a',
          versionInfo: '1',
          externalRefs: [
            { referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: 'pkg:npm/a@1' },
          ],
          checksums: [
            { algorithm: 'SHA256', checksumValue: 'sha256:abc' },
            { algorithm: 'SHA1' },
            { algorithm: 'SHA1', checksumValue: 'AB12' },
          ],
        },
      ],
    });
    expect(facts.artifacts).toEqual(['sha1:ab12']);
    const skipped = facts.skipped.filter((s) => s.path.includes('checksums'));
    expect(skipped.map((s) => s.path)).toEqual(['/packages/0/checksums/0', '/packages/0/checksums/1']);
    expect(skipped[0].reason).toMatch(/"sha256:abc" is not hexadecimal, as SPDX requires/);
    expect(skipped[1].reason).toMatch(/needs both an algorithm and a value/);
  });

  it('CycloneDX: a hash that is not hexadecimal, or has no content, is skipped; the document is kept', () => {
    const facts = parse(cyclonedxJsonParser, {
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      components: [
        {
          type: 'library',
          name: 'a',
          version: '1',
          purl: 'pkg:npm/a@1',
          hashes: [{ alg: 'SHA-256' }, { alg: 'SHA-256', content: 'zz-top' }, { alg: 'SHA-256', content: 'ABCD' }],
        },
      ],
    });
    expect(facts.artifacts).toEqual(['sha256:abcd']);
    const skipped = facts.skipped.filter((s) => s.path.includes('hashes'));
    expect(skipped.map((s) => s.reason)).toEqual([
      'CycloneDX digest left out: it needs both an algorithm and a value',
      'CycloneDX digest left out: "zz-top" is not hexadecimal, as CycloneDX requires',
    ]);
  });

  it('SLSA: in-toto digest sets are taken as given', () => {
    const facts = parse(slsaParser, {
      _type: 'https://in-toto.io/Statement/v1',
      subject: [{ name: 'bin', digest: { sha256: 'Not-Hex', customAlg: 'x1' } }],
      predicateType: 'https://slsa.dev/provenance/v1',
      predicate: {
        buildDefinition: { buildType: 'https://example.com/b', externalParameters: {} },
        runDetails: { builder: { id: 'https://example.com/builder' } },
      },
    });
    expect(facts.slsa.map((s) => s.subject).sort()).toEqual(['customalg:x1', 'sha256:not-hex']);
  });
});

describe('unusual digests on the API', () => {
  it('are found as algorithm:digest and as the digest alone', async () => {
    const t = await startTestServer({
      'unusual.json': {
        isOccurrence: [
          { ...occurrence('sha256', 'sha256:ABC'), pkg: pkg('pkg:npm/one@1') },
          { ...occurrence('Blake9', 'q1'), pkg: pkg('pkg:npm/two@1') },
        ],
      },
    });
    try {
      const owner = async (digest: string) => {
        const r = await t.get(`/v0/artifact/${enc(digest)}/vulns`);
        return r.status === 200 ? 'found' : r.status;
      };
      expect(await owner('sha256:sha256:abc')).toBe('found');
      expect(await owner('sha256:abc')).toBe('found'); // the digest value alone, colon and all
      expect(await owner('BLAKE9:Q1')).toBe('found');
      expect(await owner('q1')).toBe('found');
      expect(await owner('sha256:q1')).toBe(404);
    } finally {
      await t.close();
    }
  });
});
