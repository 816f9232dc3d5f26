// GET /v0/package/{purl}/info over GUAC predicate documents: which purl it accepts (exact, or a
// partial purl naming one version), sources and the latest scorecard, the documents naming the
// package, and counts equal to the totals of the single endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn, sbomFor, scorecard, sourceAt, vex, vuln } from '../helpers/predicates.js';
import { enc, ingestInto, startTestServer, type TestServer } from '../helpers/server.js';

const APP = 'pkg:npm/app@1.0.0';
const LIB = 'pkg:npm/lib@2.0.0';
const UTIL = 'pkg:npm/util@3.0.0';

let t: TestServer;
const digests: Record<string, string> = {};

const DOCS: Record<string, object> = {
  // app → lib → util; the SBOM is about app and includes lib and util.
  'sbom-app.json': {
    hasSBOM: [sbomFor({ pkg: APP })],
    isDependency: [dependsOn(APP, LIB), dependsOn(LIB, UTIL)],
  },
  // lib's own SBOM.
  'sbom-lib.json': { hasSBOM: [sbomFor({ pkg: LIB })], isDependency: [dependsOn(LIB, UTIL)] },
  // Dependencies without an SBOM (a second version of lib among them): the document names lib but is none of the documents listed.
  'no-sbom.json': { isDependency: [dependsOn('pkg:npm/other@1', LIB), dependsOn('pkg:npm/lib@1.0.0', UTIL)] },
  'vulns.json': {
    certifyVuln: [vuln(LIB, 'ghsa', 'GHSA-aaaa-bbbb-cccc'), vuln(LIB, 'cve', 'CVE-2024-0002')],
  },
  'vex.json': { vex: [vex({ pkg: LIB }, 'cve', 'CVE-2024-0002', 'NOT_AFFECTED', '2024-05-01T00:00:00Z')] },
  'sources.json': {
    hasSourceAt: [sourceAt(LIB, 'example', 'lib'), sourceAt('pkg:npm/lib', 'example', 'lib-mono', true)],
    certifyScorecard: [
      scorecard('example', 'lib', 4.5, '2024-02-01T00:00:00Z'),
      scorecard('example', 'lib-mono', 8.0, '2024-03-01T00:00:00Z'),
      scorecard('example', 'lib-mono', 6.0, '2023-12-01T00:00:00Z'),
    ],
  },
};

beforeAll(async () => {
  t = await startTestServer();
  for (const [name, doc] of Object.entries(DOCS)) {
    const result = await t.ingest(name, doc);
    expect(result.status).toBe('stored');
    digests[name] = result.digest!;
  }
});
afterAll(() => t.close());

const info = (purl: string, encode = true) => t.get(`/v0/package/${encode ? enc(purl) : purl}/info`);

describe('GET /v0/package/{purl}/info', () => {
  it('describes one package version', async () => {
    const r = await info(LIB);
    expect(r.status).toBe(200);
    expect(r.headers.get('etag')).toBeTruthy();
    expect(r.body).toMatchObject({ purl: LIB, type: 'npm', name: 'lib', version: '2.0.0', licenses: [] });
    expect(r.body).not.toHaveProperty('namespace');
  });

  it('lists the sources of the version and of its name, and the most recently scanned scorecard among them', async () => {
    const r = await info(LIB);
    expect(r.body.sources).toEqual(['git+https://github.com/example/lib', 'git+https://github.com/example/lib-mono']);
    // lib-mono's latest scorecard (2024-03-01) is more recent than lib's (2024-02-01), whatever the scores.
    expect(r.body.scorecard).toEqual({
      score: 8.0,
      date: '2024-03-01T00:00:00.000Z',
      source: 'git+https://github.com/example/lib-mono',
    });
    // The other version has the name's source only; util has none.
    expect((await info('pkg:npm/lib@1.0.0')).body.sources).toEqual(['git+https://github.com/example/lib-mono']);
    const util = await info(UTIL);
    expect(util.body.sources).toEqual([]);
    expect(util.body.scorecard).toBeNull();
  });

  it('takes the repository a golang purl names by itself as a source, when the graph knows it', async () => {
    const tool = 'pkg:golang/github.com/example/tool@v1.0.0';
    await t.ingest('tool.json', {
      isDependency: [dependsOn(tool, UTIL)],
      certifyScorecard: [scorecard('example', 'tool', 7.0, '2024-04-01T00:00:00Z')],
    });
    const r = (await info(tool)).body;
    expect(r).toMatchObject({ type: 'golang', namespace: 'github.com/example', name: 'tool', version: 'v1.0.0' });
    expect(r.sources).toEqual(['git+https://github.com/example/tool']);
    expect(r.scorecard).toEqual({
      score: 7,
      date: '2024-04-01T00:00:00.000Z',
      source: 'git+https://github.com/example/tool',
    });
  });

  it('names the SBOMs including the package or about it, and the documents with a VEX about it, newest first', async () => {
    const newestFirst = (...names: string[]) =>
      Object.keys(DOCS)
        .filter((n) => names.includes(n))
        .reverse()
        .map((n) => digests[n]);
    const lib = (await info(LIB)).body;
    expect(lib.documents).toEqual(newestFirst('sbom-app.json', 'sbom-lib.json', 'vex.json'));
    expect(lib.counts.documents).toBe(3);
    expect((await info(APP)).body.documents).toEqual(newestFirst('sbom-app.json'));
    expect((await info(UTIL)).body.documents).toEqual(newestFirst('sbom-app.json', 'sbom-lib.json'));
    const other = (await info('pkg:npm/other@1')).body;
    expect(other.documents).toEqual([]);
    expect(other.counts.documents).toBe(0);
  });

  it('lists the 100 most recent documents of a package many SBOMs include, and counts them all', async () => {
    const docs = Object.fromEntries(
      Array.from({ length: 102 }, (_, i) => [
        `popular-${i}.json`,
        {
          hasSBOM: [sbomFor({ pkg: `pkg:npm/user-${i}@1` })],
          isDependency: [dependsOn(`pkg:npm/user-${i}@1`, 'pkg:npm/popular@1')],
        },
      ]),
    );
    const results = await ingestInto(t.storeDir, docs);
    await t.server.service.refresh();
    const r = (await info('pkg:npm/popular@1')).body;
    expect(r.counts.documents).toBe(102);
    expect(r.documents).toEqual(
      results
        .slice(2)
        .reverse()
        .map((d) => d.digest),
    );
  });

  it('counts exactly what the single endpoints total', async () => {
    for (const purl of [APP, LIB, UTIL, 'pkg:npm/lib@1.0.0', 'pkg:npm/other@1']) {
      const { documents, ...counts } = (await info(purl)).body.counts;
      expect(documents).toBe((await info(purl)).body.documents.length);
      const deps = await t.get(`/v0/package/${enc(purl)}/dependencies`);
      const dependents = await t.get(`/v0/package/${enc(purl)}/dependents`);
      const vulns = await t.get(`/v0/package/${enc(purl)}/vulns`);
      expect(counts).toEqual({
        dependencies: deps.body.PaginationInfo.TotalCount,
        dependents: dependents.body.PaginationInfo.TotalCount,
        vulnerabilities: Number(vulns.headers.get('x-total-count')),
      });
    }
    // By hand: lib depends on util; app and other depend on lib; two findings, one of them suppressed by the VEX.
    expect((await info(LIB)).body.counts).toEqual({ documents: 3, dependencies: 1, dependents: 2, vulnerabilities: 1 });
  });

  it('accepts a partial purl naming one version, and an unencoded purl', async () => {
    const r = await info('pkg:npm/util');
    expect(r.status).toBe(200);
    expect(r.body.purl).toBe(UTIL);
    const raw = await info('pkg:npm/lib@2.0.0', false);
    expect(raw.status).toBe(200);
    expect(raw.body).toEqual((await info(LIB)).body);
  });

  it('a partial purl naming several versions is 400 SG_PURL_NOT_EXACT naming them', async () => {
    const r = await info('pkg:npm/lib');
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(r.body.code).toBe('SG_PURL_NOT_EXACT');
    expect(r.body.detail).toContain('names 2 package versions');
    expect(r.body.detail).toContain('pkg:npm/lib@1.0.0, pkg:npm/lib@2.0.0');
  });

  it('names the first five matches of many and how many more there are', async () => {
    const versions = Array.from({ length: 7 }, (_, i) => `pkg:npm/many@1.0.${i}`);
    await t.ingest('many.json', { isDependency: versions.map((v) => dependsOn(v, UTIL)) });
    const r = await info('pkg:npm/many');
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain(`names 7 package versions, not one: ${versions.slice(0, 5).join(', ')} and 2 more`);
  });

  it('an unknown package is 404, a bad purl 400', async () => {
    const none = await info('pkg:npm/none@1');
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('SG_PACKAGE_NOT_FOUND');
    const bad = await t.get('/v0/package/lodash/info');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('SG_INVALID_PURL');
  });

  it('no longer names a deleted document, nor its licences or VEX', async () => {
    const before = (await info(LIB)).body;
    for (const name of ['sbom-lib.json', 'vex.json']) {
      expect(await t.server.service.store.deleteDocument(digests[name])).toBe(true);
    }
    await t.server.service.refresh();
    const after = (await info(LIB)).body;
    expect(after.documents).toEqual([digests['sbom-app.json']]);
    // The VEX is gone (both findings count again); lib's own SBOM edge to util is still stated by app's SBOM.
    expect(after.counts).toEqual({ ...before.counts, documents: 1, vulnerabilities: 2 });
  });

  it('answers 304 to the ETag of the current version', async () => {
    const first = await info(LIB);
    const again = await t.get(`/v0/package/${enc(LIB)}/info`, { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
  });
});
