// GET /v0/stats: how much the graph holds, counted from the index at one version: packages and
// their names, artifacts, vulnerabilities one per alias set, distinct dependency edges (an edge
// stated by several documents counts once) and documents; cached per version with its ETag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn, hashEqual, hex, occurrence, sbomFor, vuln } from '../helpers/predicates.js';
import { startTestApp, type TestClient } from '../helpers/server.js';

const APP = 'pkg:npm/app@1.0.0';
const LIB = 'pkg:npm/lib@2.0.0';
const LIB1 = 'pkg:npm/lib@1.0.0';
const UTIL = 'pkg:npm/util@3.0.0';
const IMAGE = `sha256:${hex('stats-image')}`;
const IMAGE512 = `sha512:${hex('stats-image-512', 128)}`;

const alias = (a: string, b: string) => ({
  vulnerability: { type: 'ghsa', vulnerabilityID: a },
  equalVulnerability: { type: 'cve', vulnerabilityID: b },
  vulnEqual: { justification: 'alias', origin: 'o', collector: 'c' },
});

// 4 package versions of 3 names; 2 artifacts; app→lib, app→util, lib→util, lib@1→util stated
// once or twice; 3 vulnerability ids of which 2 are one vulnerability.
const DOCS: Record<string, object> = {
  'sbom.json': {
    hasSBOM: [sbomFor({ artifact: IMAGE })],
    isOccurrence: [occurrence(APP, IMAGE)],
    hashEqual: [hashEqual(IMAGE, IMAGE512)],
    isDependency: [dependsOn(APP, LIB), dependsOn(APP, UTIL), dependsOn(LIB, UTIL)],
  },
  // The same edges again, and one more: each distinct edge counts once.
  'again.json': { isDependency: [dependsOn(APP, LIB), dependsOn(LIB, UTIL), dependsOn(LIB1, UTIL)] },
  'scan.json': {
    certifyVuln: [
      vuln(LIB, 'ghsa', 'GHSA-aaaa-bbbb-cccc'),
      vuln(LIB, 'cve', 'CVE-2024-0002'),
      vuln(UTIL, 'cve', 'CVE-2024-0003'),
      // A clean scan is no vulnerability.
      vuln(APP, 'novuln', ''),
    ],
    vulnEqual: [alias('GHSA-aaaa-bbbb-cccc', 'CVE-2024-0002')],
  },
};

let t: TestClient;

beforeAll(async () => {
  t = await startTestApp(DOCS);
});
afterAll(() => t.close());

describe('GET /v0/stats', () => {
  it('counts what the documents state, each thing once', async () => {
    const r = await t.get('/v0/stats');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      version: expect.any(Number),
      documents: 3,
      packages: 4,
      packageNames: 3,
      artifacts: 2,
      vulnerabilities: 2,
      dependencyEdges: 4,
    });
  });

  it('agrees with the other answers at the same version', async () => {
    const stats = (await t.get('/v0/stats')).body;
    const documents = await t.get('/v0/documents');
    expect(stats.documents).toBe(documents.body.PaginationInfo.TotalCount);
    // The version is the one every answer's ETag carries.
    const etag = (await t.get(`/v0/package/${encodeURIComponent(APP)}/dependencies`)).headers.get('etag');
    expect(etag).toMatch(new RegExp(`-${stats.version}"$`));
    // /v0/vuln names an alias set by any of its ids: the two ids are one record, the third another.
    const ids = ['GHSA-aaaa-bbbb-cccc', 'CVE-2024-0002', 'CVE-2024-0003'];
    const records = await Promise.all(ids.map(async (id) => (await t.get(`/v0/vuln/${id}`)).body.id as string));
    expect(new Set(records).size).toBe(stats.vulnerabilities);
  });

  it('answers 304 to the ETag of the version, and counts anew at the next one', async () => {
    const first = await t.get('/v0/stats');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await t.get('/v0/stats', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    const result = await t.ingest('more.json', { isDependency: [dependsOn('pkg:pypi/new@1', UTIL)] });
    expect(result.status).toBe('stored');
    const next = await t.get('/v0/stats', { 'if-none-match': etag });
    expect(next.status).toBe(200);
    expect(next.headers.get('etag')).not.toBe(etag);
    expect(next.body.version).toBeGreaterThan(first.body.version);
    expect(next.body).toMatchObject({
      documents: first.body.documents + 1,
      packages: first.body.packages + 1,
      packageNames: first.body.packageNames + 1,
      dependencyEdges: first.body.dependencyEdges + 1,
      artifacts: first.body.artifacts,
      vulnerabilities: first.body.vulnerabilities,
    });
  });

  it('forgets what a deleted document alone stated', async () => {
    const before = (await t.get('/v0/stats')).body;
    const doc = await t.ingest('lonely.json', { isDependency: [dependsOn('pkg:cargo/lonely@1', 'pkg:cargo/alone@2')] });
    const grown = (await t.get('/v0/stats')).body;
    expect(grown.packages).toBe(before.packages + 2);
    expect(await t.server.service.store.deleteDocument(doc.digest!)).toBe(true);
    await t.server.service.refresh();
    const after = (await t.get('/v0/stats')).body;
    expect(after.version).toBeGreaterThan(grown.version);
    expect({ ...after, version: 0 }).toEqual({ ...before, version: 0 });
  });
});
