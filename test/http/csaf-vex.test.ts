// CSAF VEX over a real socket: a Red Hat VEX file's known_not_affected and fixed statements take
// scanner findings off exactly as the same statement made in OpenVEX does (compared answer for
// answer on two stores), a known_affected statement is itself a finding, and an upload of a CSAF
// document is stored as format "csaf".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../helpers/corpus.js';
import { SCAN, vuln } from '../helpers/predicates.js';
import { enc, startTestServer, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';

const csafFixture = (file: string): string => readFileSync(join(FIXTURES_DIR, 'csaf', file), 'utf8');

// From redhat-rhsa-2024_2049.json: buildah (aarch64) is known_not_affected by CVE-2023-45288 (flag
// vulnerable_code_not_present), openshift-hyperkube (aarch64) is fixed; "other" is not in the document.
const CVE = 'CVE-2023-45288';
const NOT_AFFECTED = 'pkg:rpm/redhat/buildah@1.29.1-2.3.rhaos4.13.el8?arch=aarch64&epoch=1';
const FIXED = 'pkg:rpm/redhat/openshift-hyperkube@4.13.0-202404222036.p0.g4818370.assembly.stream.el8?arch=aarch64';
const OTHER = 'pkg:rpm/redhat/other@1.0-1.el8?arch=aarch64';
const RELEASED = '2024-05-02T19:59:10Z';

/** What a scanner said before any VEX: the three packages have the CVE. */
const SCAN_DOC = {
  certifyVuln: [NOT_AFFECTED, FIXED, OTHER].map((purl) =>
    vuln(purl, 'cve', CVE, { ...SCAN, timeScanned: '2024-04-01T00:00:00Z' }),
  ),
};

/** The same two statements written as OpenVEX (generated here for the comparison, not from a tool). */
const OPENVEX_DOC = {
  '@context': 'https://openvex.dev/ns/v0.2.0',
  '@id': 'https://test.example/vex/rhsa-2024-2049-as-openvex',
  author: 'test',
  timestamp: RELEASED,
  version: 1,
  statements: [
    {
      vulnerability: { name: CVE },
      products: [{ '@id': NOT_AFFECTED }],
      status: 'not_affected',
      justification: 'vulnerable_code_not_present',
    },
    { vulnerability: { name: CVE }, products: [{ '@id': FIXED }], status: 'fixed' },
  ],
};

let csaf: TestServer;
let openvex: TestServer;
beforeAll(async () => {
  [csaf, openvex] = await Promise.all([
    startTestServer({ 'scan.json': SCAN_DOC }),
    startTestServer({ 'scan.json': SCAN_DOC }),
  ]);
});
afterAll(async () => {
  await Promise.all([csaf?.close(), openvex?.close()]);
});

async function ok(t: TestServer, path: string): Promise<any> {
  const r = await t.get(path);
  expect(r.status, r.text).toBe(200);
  return r.body;
}

const vulnIds = async (t: TestServer, purl: string): Promise<string[]> =>
  (await ok(t, `/v0/package/${enc(purl)}/vulns`)).map((v: any) => v.vulnerability.vulnerabilityIDs[0]);

/** The parts of an answer that do not depend on which document said it. */
function withoutSource(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, v) =>
    ['origin', 'collector', 'statement', 'statusNotes'].includes(key) ? undefined : v,
  );
}

describe('CSAF VEX suppression', () => {
  it('before any VEX, all three packages have the finding', async () => {
    for (const purl of [NOT_AFFECTED, FIXED, OTHER]) expect(await vulnIds(csaf, purl)).toEqual([CVE]);
  });

  it('known_not_affected and fixed take the findings off; the package the document does not name keeps it', async () => {
    const result = await csaf.ingest('rhsa-2024_2049.json', csafFixture('redhat-rhsa-2024_2049.json'));
    expect(result).toMatchObject({ status: 'stored', format: 'csaf', skipped: 0 });
    expect(await vulnIds(csaf, NOT_AFFECTED)).toEqual([]);
    expect(await vulnIds(csaf, FIXED)).toEqual([]);
    expect(await vulnIds(csaf, OTHER)).toEqual([CVE]);

    expect((await ok(csaf, `/v0/vuln/${CVE}/packages`)).packages.map((p: any) => p.purl)).toEqual([OTHER]);
    const suppressed = (await ok(csaf, `/v0/vuln/${CVE}/packages?include=suppressed`)).packages;
    expect(suppressed.find((p: any) => p.purl === NOT_AFFECTED)).toMatchObject({
      vex: 'NOT_AFFECTED',
      suppressedBy: {
        subject: NOT_AFFECTED,
        vulnerabilityId: CVE,
        status: 'NOT_AFFECTED',
        justification: 'vulnerable_code_not_present',
        knownSince: '2024-05-02T19:59:10.000Z',
        origin: 'rhsa-2024_2049.json',
      },
    });
    expect(suppressed.find((p: any) => p.purl === FIXED)).toMatchObject({ vex: 'FIXED' });
  });

  it('answers exactly as the same statements made in OpenVEX', async () => {
    await openvex.ingest('rhsa-2024_2049.openvex.json', OPENVEX_DOC);
    for (const path of [
      `/v0/package/${enc(NOT_AFFECTED)}/vulns`,
      `/v0/package/${enc(FIXED)}/vulns`,
      `/v0/package/${enc(OTHER)}/vulns`,
      `/v0/vuln/${CVE}/packages`,
      `/v0/vuln/${CVE}/packages?include=suppressed`,
    ]) {
      expect(withoutSource(await ok(csaf, path)), path).toEqual(withoutSource(await ok(openvex, path)));
    }
  });

  it('a known_affected statement is a finding of its own', async () => {
    await csaf.ingest('cve-2024-34502.json', csafFixture('redhat-CVE-2024-34502.json'));
    const packages = (await ok(csaf, '/v0/vuln/CVE-2024-34502/packages')).packages;
    expect(packages.map((p: any) => [p.purl, p.vex])).toEqual([['pkg:rpm/redhat/mediawiki?arch=src', 'AFFECTED']]);
  });
});

describe('POST /v0/documents with a CSAF document', () => {
  it('a CSAF document with a malformed status list → 400 naming the field, nothing stored', async () => {
    const { headers } = await createTestToken(csaf.storeDir, 'ingest');
    const doc = JSON.parse(csafFixture('redhat-CVE-2024-34502.json'));
    doc.vulnerabilities[0].product_status.known_affected = 'red_hat_openshift_container_platform_3.11:mediawiki';
    const total = (await csaf.get('/v0/documents')).body.PaginationInfo.TotalCount;
    const res = await csaf.request(
      'POST',
      '/v0/documents?name=bad-csaf.json',
      { ...headers, 'content-type': 'application/json' },
      JSON.stringify(doc),
    );
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('SG_DOCUMENT_REJECTED');
    expect(res.body.detail).toBe('bad-csaf.json: /vulnerabilities/0/product_status/known_affected: must be an array');
    expect((await csaf.get('/v0/documents')).body.PaginationInfo.TotalCount).toBe(total);
  });

  it('is stored as csaf, with its skip reasons', async () => {
    const { headers } = await createTestToken(csaf.storeDir, 'ingest');
    const res = await csaf.request(
      'POST',
      '/v0/documents',
      { ...headers, 'content-type': 'application/json' },
      csafFixture('redhat-cve-2023-0044.json'),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ status: 'stored', format: 'csaf' });
    expect(res.body.skipped).toContainEqual({
      path: '/vulnerabilities/0/product_status/fixed/0',
      reason: expect.stringContaining('named only by a CPE'),
    });
  });
});
