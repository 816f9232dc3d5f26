import { describe, expect, it } from 'vitest';
import { osvParser } from '../../../src/ingest/formats/osv/index.js';
import { DocumentError } from '../../../src/model/facts.js';
import { FIXTURES } from '../../helpers/corpus.js';
import { CTX, osvFormatSuite } from './vuln-formats.suite.js';

const load = (file: string) => FIXTURES.load(file);

osvFormatSuite(FIXTURES);

describe('OSV detection', () => {
  it('ignores look-alikes', () => {
    const doc = (json: unknown) => ({ name: 'x', text: '', json, xml: false });
    expect(osvParser.detect(doc({ id: 'GHSA-xxxx-xxxx-xxxx' }))).toBe(false);
    expect(osvParser.detect(doc({ id: 'abc', modified: '2024-01-01T00:00:00Z', affected: [] }))).toBe(false);
    expect(
      osvParser.detect(
        doc({ id: 'GO-2024-1', modified: '2024-01-01T00:00:00Z', bomFormat: 'CycloneDX', affected: [] }),
      ),
    ).toBe(false);
    expect(osvParser.detect(doc([{ id: 'GO-2024-1', modified: 'x', affected: [] }]))).toBe(false);
  });
});

describe('OSV parsing', () => {
  it('takes severity from the vector, the label, else UNKNOWN', () => {
    const meta = (f: string) => osvParser.parse(load(f), CTX).vulnMetadata[0];
    expect(meta('osv-ghsa-crates-deno-GHSA-c25x-cm9x-qqgx.json')).toMatchObject({
      vulnerability: { type: 'GHSA', id: 'GHSA-c25x-cm9x-qqgx' },
      severity: 'CRITICAL',
      scoreType: 'CVSSv31',
      scoreValue: 9.9,
    });
    expect(meta('osv-ghsa-maven-keycloak-GHSA-458h-wv48-fq75.json')).toMatchObject({
      severity: 'MEDIUM',
      scoreType: 'CVSSv3',
      scoreValue: 5.4,
    });
    expect(meta('osv-govulndb-go-gogo-protobuf-GO-2021-0053.json')).toMatchObject({
      vulnerability: { type: 'OSV', id: 'GO-2021-0053' },
      severity: 'UNKNOWN',
    });
    const label = osvParser.parse(
      {
        name: 'x',
        text: '',
        xml: false,
        json: {
          id: 'GHSA-aaaa-bbbb-cccc',
          modified: '2024-01-01T00:00:00Z',
          affected: [],
          details: '\n## Impact\nSomething bad',
          database_specific: { severity: 'MODERATE' },
        },
      },
      CTX,
    ).vulnMetadata[0];
    expect(label).toMatchObject({ severity: 'MEDIUM', description: 'Impact' });
  });

  it('records GIT ranges and withdrawals as skipped', () => {
    expect(osvParser.parse(load('osv-pysec-pypi-requests-PYSEC-2023-74.json'), CTX).skipped.map((s) => s.path)).toEqual(
      ['/affected/0/ranges/0'],
    );
    expect(
      osvParser.parse(load('osv-ghsa-maven-netty-handler-GHSA-57m8-f3v5-hm5m.json'), CTX).skipped[0].reason,
    ).toMatch(/withdrawn/);
  });

  it('rejects malformed records with a JSON pointer', () => {
    const bad = {
      name: 'x',
      text: '',
      xml: false,
      json: { id: 'GO-1-1', modified: '2024', affected: [{ package: { ecosystem: 'Go', name: 'a' }, ranges: 'no' }] },
    };
    expect(() => osvParser.parse(bad, CTX)).toThrow(DocumentError);
    try {
      osvParser.parse(bad, CTX);
    } catch (e) {
      expect((e as DocumentError).path).toBe('/affected/0/ranges');
    }
  });
});
