// GET /v0/search on a small graph: package names by words (any case, namespace or name), ranked
// exact first, then by the frequency ranking's dependent count, then by name; artifacts by digest
// prefix (8 hex characters at least); vulnerabilities by id or alias prefix, once per alias set;
// filters, paging, ETags, 400s, and names ingested after start.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn, hex, occurrence, sbomFor, slsa, vuln } from '../helpers/predicates.js';
import { enc, startTestServer, type TestServer } from '../helpers/server.js';

const LOG4J_CORE = 'pkg:maven/org.apache.logging.log4j/log4j-core';
const LOG4J_API = 'pkg:maven/org.apache.logging.log4j/log4j-api';
// Three artifacts sharing the 8-character prefix "abcdef01"; A is a build's material.
const A = `sha256:abcdef01${hex('a', 56)}`;
const B = `sha256:abcdef01${hex('b', 56)}`;
const C = `sha1:abcdef01${hex('c', 32)}`;
const BUILT = `sha256:${hex('built')}`;
const IMAGE = `sha256:${hex('search-image')}`;

let t: TestServer;

/** Waits until the frequency ranking counts the index's current version (it runs in the background). */
async function rankingCurrent(): Promise<void> {
  const service = t.server.service;
  for (let i = 0; i < 500 && service.latestFrequencyRanking?.generation !== service.version; i++) await sleep(10);
  expect(service.latestFrequencyRanking?.generation).toBe(service.version);
}

async function results(query: string): Promise<any[]> {
  const r = await t.get(`/v0/search?${query}`);
  expect(r.status, r.text).toBe(200);
  expect(r.body.PaginationInfo.TotalCount).toBe(r.body.results.length);
  return r.body.results;
}

const names = async (query: string): Promise<string[]> => (await results(query)).map((r) => r.name);

beforeAll(async () => {
  t = await startTestServer({
    // Dependents by name (SBOM edges): lodash 3 (app1, lodash.merge, app2), lodash-es 3 (app1..3),
    // lodash.merge 1, log4j-api 2 (log4j-core, app1), log4j-core 1.
    'sbom-1.json': {
      hasSBOM: [sbomFor({ pkg: 'pkg:npm/app1@1' })],
      isDependency: [
        dependsOn('pkg:npm/app1@1', 'pkg:npm/lodash@4.17.21'),
        dependsOn('pkg:npm/app1@1', 'pkg:npm/lodash.merge@4.6.2'),
        dependsOn('pkg:npm/lodash.merge@4.6.2', 'pkg:npm/lodash@4.17.21'),
        dependsOn('pkg:npm/app1@1', 'pkg:npm/lodash-es@4.17.21'),
        dependsOn('pkg:npm/app1@1', `${LOG4J_CORE}@2.14.1`),
        dependsOn(`${LOG4J_CORE}@2.14.1`, `${LOG4J_API}@2.14.1`),
      ],
    },
    'sbom-2.json': {
      hasSBOM: [sbomFor({ pkg: 'pkg:npm/app2@1' })],
      isDependency: [
        dependsOn('pkg:npm/app2@1', 'pkg:npm/lodash-es@4.17.21'),
        dependsOn('pkg:npm/app2@1', 'pkg:npm/lodash@4.17.20'),
      ],
    },
    'sbom-3.json': {
      hasSBOM: [sbomFor({ pkg: 'pkg:npm/app3@1' })],
      isDependency: [
        dependsOn('pkg:npm/app3@1', 'pkg:npm/lodash-es@4.17.20'),
        dependsOn('pkg:npm/app3@1', 'pkg:pypi/requests@2.31.0'),
      ],
    },
    // Not from an SBOM: no dependents in the ranking.
    'loose.json': { isDependency: [dependsOn('pkg:npm/my-lodash-helper@0.1.0', 'pkg:npm/%40types/lodash@4.14.0')] },
    // (An SBOM document includes every node it names: the image's is a document of its own.)
    'image.json': { hasSBOM: [sbomFor({ artifact: IMAGE })], isOccurrence: [occurrence('pkg:oci/shop@1.0', IMAGE)] },
    'artifacts.json': {
      isOccurrence: [occurrence('pkg:npm/app3@1', B), occurrence('pkg:npm/app3@1', C)],
      hasSlsa: [slsa(BUILT, [A])],
    },
    'scan.json': {
      certifyVuln: [
        vuln('pkg:npm/lodash@4.17.20', 'ghsa', 'GHSA-35jh-r3h4-6jhm'),
        vuln('pkg:npm/lodash@4.17.21', 'cve', 'CVE-2021-23337'),
        vuln(`${LOG4J_CORE}@2.14.1`, 'cve', 'CVE-2021-44228'),
        vuln(`${LOG4J_CORE}@2.14.1`, 'cve', 'CVE-2021-45046'),
      ],
    },
    // The OSV record joins the GHSA and the CVE, and matches lodash 4.17.20 (already reported).
    'GHSA-35jh-r3h4-6jhm.json': JSON.stringify({
      schema_version: '1.4.0',
      id: 'GHSA-35jh-r3h4-6jhm',
      modified: '2023-01-10T00:00:00Z',
      aliases: ['CVE-2021-23337'],
      affected: [
        {
          package: { ecosystem: 'npm', name: 'lodash' },
          ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '4.17.21' }] }],
        },
      ],
    }),
  });
  await rankingCurrent();
});
afterAll(() => t?.close());

describe('GET /v0/search: package names', () => {
  it('finds names containing the word in their name or namespace, exact names first, then by dependents', async () => {
    const found = await results('q=lodash');
    expect(found.map((r) => [r.name, r.dependentCount])).toEqual([
      ['pkg:npm/lodash', 3],
      ['pkg:npm/%40types/lodash', 0], // exact too: "lodash" is its name (its namespace is @types)
      ['pkg:npm/lodash-es', 3],
      ['pkg:npm/lodash.merge', 1],
      ['pkg:npm/my-lodash-helper', 0],
    ]);
    expect(found[0]).toEqual({
      kind: 'package',
      name: 'pkg:npm/lodash',
      purls: ['pkg:npm/lodash@4.17.20', 'pkg:npm/lodash@4.17.21'],
      dependentCount: 3,
    });
  });

  it('matches the namespace, every word, in any case', async () => {
    expect(await names('q=log4j')).toEqual([LOG4J_API, LOG4J_CORE]); // 2 dependents, then 1
    expect(await names('q=apache')).toEqual([LOG4J_API, LOG4J_CORE]);
    expect(await names(`q=${enc('LOG4J core')}`)).toEqual([LOG4J_CORE]);
    expect(await names(`q=${enc('core log4j')}`)).toEqual([LOG4J_CORE]);
    expect(await names(`q=${enc('log4j nothing')}`)).toEqual([]);
    expect(await names('q=%40types')).toEqual(['pkg:npm/%40types/lodash']);
    // Two characters: a scan rather than the trigrams, same rule ("@types" has "es" too).
    expect(await names('q=es&kind=package')).toEqual([
      'pkg:npm/lodash-es',
      'pkg:pypi/requests',
      'pkg:npm/%40types/lodash',
    ]);
  });

  it('an exact name ranks first whatever its dependents', async () => {
    expect(await names('q=log4j-api')).toEqual([LOG4J_API]);
    expect(await names('q=lodash.merge')).toEqual(['pkg:npm/lodash.merge']);
    // "log4j-core" exactly beats nothing else here; "LOG4J-CORE" is the same name.
    expect((await results('q=LOG4J-CORE'))[0]).toMatchObject({ name: LOG4J_CORE, dependentCount: 1 });
  });

  it('a purl in q searches its namespace/name among the names of its type (the issue: pkg:maven/log4j-core)', async () => {
    expect(await names(`q=${enc('pkg:maven/log4j-core')}`)).toEqual([LOG4J_CORE]);
    expect((await results(`q=${enc('pkg:maven/log4j-core@2.14.1')}`))[0]).toMatchObject({ name: LOG4J_CORE });
    expect(await names(`q=${enc('pkg:npm/@types/lodash')}`)).toEqual(['pkg:npm/%40types/lodash']);
    expect(await names(`q=${enc('pkg:npm/lodash@4.17.21')}`)).toEqual(await names('q=lodash&type=npm'));
    expect(await names(`q=${enc('pkg:pypi/lodash')}`)).toEqual([]);
    const contradiction = await t.get(`/v0/search?q=${enc('pkg:maven/log4j-core')}&type=npm`);
    expect(contradiction.status).toBe(400);
    expect(contradiction.body.detail).toContain('"type"');
  });

  it('type= keeps package names of that purl type only', async () => {
    expect(await names('q=log&type=maven')).toEqual([LOG4J_API, LOG4J_CORE]);
    expect(await names('q=log4j&type=npm')).toEqual([]);
    expect(await names('q=req&type=PyPI')).toEqual(['pkg:pypi/requests']);
    // Artifacts and vulnerabilities have no purl type.
    expect(await names('q=cve&type=npm')).toEqual([]);
  });
});

describe('GET /v0/search: artifacts by digest prefix', () => {
  it('needs 8 hex characters: 7 find no artifact, 8 do, with or without the algorithm, any case', async () => {
    expect(await results('q=abcdef0')).toEqual([]);
    // A is a build's material (one dependent); then by name: sha1 before sha256.
    expect(await results('q=abcdef01')).toEqual([
      { kind: 'artifact', name: A, digest: A, dependentCount: 1 },
      { kind: 'artifact', name: C, digest: C, dependentCount: 0 },
      { kind: 'artifact', name: B, digest: B, dependentCount: 0 },
    ]);
    expect(await names('q=ABCDEF01')).toEqual([A, C, B]);
    expect(await names(`q=${enc('sha256:abcdef01')}`)).toEqual([A, B]);
    expect(await names(`q=${enc('SHA-256:abcdef01')}`)).toEqual([A, B]);
    expect(await names(`q=${enc('sha1:abcdef01')}`)).toEqual([C]);
    expect(await names(`q=${enc('sha256:abcdef0')}`)).toEqual([]);
  });

  it('a whole digest is an exact match: first', async () => {
    expect(await names(`q=${B.slice(7)}`)).toEqual([B]);
    expect(await names(`q=${enc(IMAGE)}`)).toEqual([IMAGE]);
  });
});

/** No KEV catalogue or EPSS file is loaded here. */
const NO_EXPLOITATION = { kev: null, epss: null };

describe('GET /v0/search: vulnerabilities by id or alias prefix', () => {
  it('one result per vulnerability, under the id /v0/vuln/{id} gives, by affected package versions', async () => {
    const lodash = { kind: 'vulnerability', name: 'CVE-2021-23337', id: 'CVE-2021-23337', dependentCount: 2 };
    expect(await results('q=cve-2021')).toEqual([
      // lodash 4.17.20 (GHSA finding and OSV match) and 4.17.21 (CVE finding)
      { ...lodash, aliases: ['GHSA-35jh-r3h4-6jhm'], matched: 'CVE-2021-23337', ...NO_EXPLOITATION },
      {
        kind: 'vulnerability',
        name: 'CVE-2021-44228',
        id: 'CVE-2021-44228',
        dependentCount: 1,
        aliases: [],
        matched: 'CVE-2021-44228',
        ...NO_EXPLOITATION,
      },
      {
        kind: 'vulnerability',
        name: 'CVE-2021-45046',
        id: 'CVE-2021-45046',
        dependentCount: 1,
        aliases: [],
        matched: 'CVE-2021-45046',
        ...NO_EXPLOITATION,
      },
    ]);
    const byAlias = await results('q=GHSA-35JH');
    expect(byAlias).toEqual([
      { ...lodash, aliases: ['GHSA-35jh-r3h4-6jhm'], matched: 'GHSA-35jh-r3h4-6jhm', ...NO_EXPLOITATION },
    ]);
    const record = await t.get(`/v0/vuln/${enc('GHSA-35jh-r3h4-6jhm')}`);
    expect(record.body.id).toBe(byAlias[0].id);
    expect(record.body.aliases).toEqual(byAlias[0].aliases);
  });

  it('says which alias matched (issue 30: the GHSA typed, its CVE shown), in the order the schema writes', async () => {
    const r = await t.get('/v0/search?q=ghsa-35jh-r3h4-6jhm');
    expect(r.body.results).toEqual([
      {
        kind: 'vulnerability',
        name: 'CVE-2021-23337',
        dependentCount: 2,
        id: 'CVE-2021-23337',
        aliases: ['GHSA-35jh-r3h4-6jhm'],
        matched: 'GHSA-35jh-r3h4-6jhm',
        ...NO_EXPLOITATION,
      },
    ]);
    // Written in the schema's order, as searchResult builds it (JSON.stringify writes long lists in that order).
    expect(r.text).toContain(
      '"id":"CVE-2021-23337","aliases":["GHSA-35jh-r3h4-6jhm"],"matched":"GHSA-35jh-r3h4-6jhm","kev":null,"epss":null}',
    );
  });

  it('an exact id ranks first; kind= keeps one kind', async () => {
    expect(await names('q=CVE-2021-45046')).toEqual(['CVE-2021-45046']);
    expect(await names('q=cve-2021-4')).toEqual(['CVE-2021-44228', 'CVE-2021-45046']);
    expect(await names('q=cve&kind=vulnerability')).toHaveLength(3);
    expect(await names('q=cve&kind=package')).toEqual([]);
    expect(await names('q=lodash&kind=vulnerability')).toEqual([]);
    expect(await names('q=abcdef01&kind=package')).toEqual([]);
  });
});

describe('GET /v0/search: paging, ETags, errors', () => {
  it('pages with a cursor; the pages make up the whole list', async () => {
    const whole = await names('q=lodash');
    const first = await t.get('/v0/search?q=lodash&PageSize=2');
    expect(first.body.PaginationInfo.TotalCount).toBe(whole.length);
    expect(first.body.results.map((r: any) => r.name)).toEqual(whole.slice(0, 2));
    const rest = await t.get(`/v0/search?q=lodash&PageSize=3&Cursor=${first.body.PaginationInfo.NextCursor}`);
    expect(rest.body.results.map((r: any) => r.name)).toEqual(whole.slice(2));
    expect(rest.body.PaginationInfo.NextCursor).toBeUndefined();
    // A cursor belongs to its query.
    const other = await t.get(`/v0/search?q=log4j&PageSize=2&Cursor=${first.body.PaginationInfo.NextCursor}`);
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('SG_INVALID_CURSOR');
  });

  it('answers 304 for the current ETag', async () => {
    const r = await t.get('/v0/search?q=lodash');
    const etag = r.headers.get('etag')!;
    expect(etag).toMatch(/^".+-r\d+"$/);
    expect((await t.get('/v0/search?q=lodash', { 'if-none-match': etag })).status).toBe(304);
  });

  it.each([
    ['', 'q'],
    ['q=', 'q'],
    ['q=%20%20', 'q'],
    [`q=${'x'.repeat(257)}`, 'q'],
    ['q=lodash&kind=thing', 'kind'],
    ['q=lodash&type=1npm', 'type'],
    ['q=lodash&type=n%20pm', 'type'],
  ])('400 SG_INVALID_PARAMETER naming the parameter: %s', async (query, parameter) => {
    const r = await t.get(`/v0/search?${query}`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('SG_INVALID_PARAMETER');
    expect(r.body.detail).toContain(`"${parameter}"`);
  });
});

describe('GET /v0/search after an ingest', () => {
  it('finds the names, artifacts and vulnerabilities of a document ingested after start, with counts', async () => {
    const late = `sha256:fedcba98${hex('late', 56)}`;
    expect(await names('q=latecomer')).toEqual([]);
    await t.ingest('late.json', {
      hasSBOM: [sbomFor({ pkg: 'pkg:npm/app4@1' })],
      isDependency: [
        dependsOn('pkg:npm/app4@1', 'pkg:golang/github.com/acme/latecomer@v1.0.0'),
        dependsOn('pkg:npm/app5@1', 'pkg:npm/lodash-es@4.17.21'),
      ],
      isOccurrence: [occurrence('pkg:npm/app4@1', late)],
      certifyVuln: [vuln('pkg:golang/github.com/acme/latecomer@v1.0.0', 'osv', 'GO-2024-0001')],
    });
    await rankingCurrent();
    expect(await results('q=latecomer')).toEqual([
      {
        kind: 'package',
        name: 'pkg:golang/github.com/acme/latecomer',
        purls: ['pkg:golang/github.com/acme/latecomer@v1.0.0'],
        dependentCount: 1,
      },
    ]);
    expect(await names('q=acme')).toEqual(['pkg:golang/github.com/acme/latecomer']);
    expect(await names('q=fedcba98')).toEqual([late]);
    expect(await names('q=go-2024')).toEqual(['GO-2024-0001']);
    // Old names are still found, and trigrams of both old and new names join up.
    expect(await names('q=lodash')).toHaveLength(5);
  });

  it('finds nothing of a deleted document (the index and its search structures are rebuilt)', async () => {
    const store = t.server.service.store;
    const late = (await store.listDocuments({ limit: 100 })).documents.find((d) => d.name === 'late.json')!;
    expect(await store.deleteDocument(late.digest)).toBe(true);
    await t.server.service.refresh();
    expect(await names('q=latecomer')).toEqual([]);
    expect(await names('q=fedcba98')).toEqual([]);
    expect(await names('q=go-2024')).toEqual([]);
    expect(await names('q=lodash')).toHaveLength(5);
  });
});

describe('GET /v0/search while the frequency ranking lags the index', () => {
  it('answers at once: new names count 0, the ETag names the ranking version it used', async () => {
    const lagging = await startTestServer({
      'sbom.json': {
        hasSBOM: [sbomFor({ pkg: 'pkg:npm/app@1' })],
        isDependency: [dependsOn('pkg:npm/app@1', 'pkg:npm/left-pad@1.3.0')],
      },
    });
    try {
      const service = lagging.server.service;
      for (let i = 0; i < 500 && service.latestFrequencyRanking?.generation !== service.version; i++) await sleep(10);
      const ranked = service.latestFrequencyRanking!.generation;
      const before = await lagging.get('/v0/search?q=pad');
      expect(before.body.results).toEqual([
        { kind: 'package', name: 'pkg:npm/left-pad', dependentCount: 1, purls: ['pkg:npm/left-pad@1.3.0'] },
      ]);
      // No more rankings from here on (nor polling): the next load is applied by hand.
      service.stop();
      await lagging.ingest('more.json', {
        hasSBOM: [sbomFor({ pkg: 'pkg:npm/app2@1' })],
        isDependency: [dependsOn('pkg:npm/app2@1', 'pkg:npm/right-pad@1.0.0')],
      });
      expect(service.version).toBeGreaterThan(ranked);
      expect(service.latestFrequencyRanking!.generation).toBe(ranked);
      const during = await lagging.get('/v0/search?q=pad');
      expect(during.status).toBe(200);
      expect(during.body.results.map((r: any) => [r.name, r.dependentCount])).toEqual([
        ['pkg:npm/left-pad', 1],
        ['pkg:npm/right-pad', 0], // not counted yet
      ]);
      const etag = during.headers.get('etag')!;
      expect(etag).toBe(lagging.server.app.versionTag(service.version).replace(/"$/, `-r${ranked}"`));
      expect(etag).not.toBe(before.headers.get('etag'));
      expect((await lagging.get('/v0/search?q=pad', { 'if-none-match': etag })).status).toBe(304);
    } finally {
      await lagging.close();
    }
  });
});
