// Licences through the API on real SBOMs: /v0/package/{purl}/info returns every licence each
// document states for the package, `?license=` filters the dependency lists, and
// /analysis/licenses counts per expression what an image or a package ships.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseLicense } from '../../src/model/license.js';
import { canonicalPurl } from '../../src/model/purl.js';
import { enc, startTestServer, type TestServer } from '../helpers/server.js';

const ALPINE_CDX = 'cyclonedx/cyclonedx-syft-alpine-latest-image.json';
const ALPINE_IMAGE = 'sha256:cbaa390ec61abd889dfa5146a411c11717c19ef9e5e18458dbdc06439076ffe7';
const LARAVEL_CDX = 'cyclonedx/cyclonedx-cyclonedx-php-composer-laravel-7.12.0.json';
const LARAVEL = 'pkg:composer/cyclonedx/cyclonedx-php-composer-demo@dev-master';

/** Real SBOMs with licences, small enough to ask about each package. */
const FIXTURES = [
  ALPINE_CDX,
  LARAVEL_CDX,
  'cyclonedx/cyclonedx-trivy-npm-project-with-vulns.json',
  'cyclonedx/cyclonedx-rpm-manifest-generator-redhat-openssl-3.0.7.json',
  'cyclonedx/cyclonedx-cyclonedx-maven-spring-petclinic.json',
  'spdx/spdx-syft-alpine-latest-image.json',
  'spdx/spdx-apko-chainguard-images.json',
  'spdx/spdx-k8s-bom-example11-go-project.json',
  'spdx/spdx-trivy-conda-project.json',
];

const read = (name: string): string => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

/** "kind expression" for each licence field, normalised as ingest does; none for NOASSERTION, NONE, empty. */
function stated(text: unknown, kind: 'declared' | 'concluded'): string[] {
  const licence = typeof text === 'string' ? normaliseLicense(text) : undefined;
  return licence ? [`${kind} ${licence.expression}`] : [];
}

function add(map: Map<string, Set<string>>, purl: unknown, licences: string[]): void {
  if (typeof purl !== 'string') return;
  let key: string;
  try {
    key = canonicalPurl(purl);
  } catch {
    return;
  }
  const set = map.get(key) ?? new Set();
  for (const l of licences) set.add(l);
  map.set(key, set);
}

/**
 * What a document itself says, read here from its JSON: purl → the licences stated for it.
 * CycloneDX: each `licenses` entry (id, name or expression; `acknowledgement` is the kind, declared by default);
 * SPDX: licenseConcluded and licenseDeclared of each package, for each of its purls.
 */
function licencesInDocument(text: string): Map<string, Set<string>> {
  const doc = JSON.parse(text);
  const out = new Map<string, Set<string>>();
  if (doc.bomFormat === 'CycloneDX') {
    const visit = (c: any): void => {
      const licences = (c.licenses ?? []).flatMap((l: any) => {
        const kind = (l.acknowledgement ?? l.license?.acknowledgement) === 'concluded' ? 'concluded' : 'declared';
        return stated(l.expression ?? l.license?.id ?? l.license?.name, kind);
      });
      add(out, c.purl, licences);
      for (const child of c.components ?? []) visit(child);
    };
    if (doc.metadata?.component) visit(doc.metadata.component);
    for (const c of doc.components ?? []) visit(c);
  } else {
    for (const p of doc.packages ?? []) {
      const licences = [...stated(p.licenseConcluded, 'concluded'), ...stated(p.licenseDeclared, 'declared')];
      for (const ref of p.externalRefs ?? [])
        if (ref.referenceType === 'purl') add(out, ref.referenceLocator, licences);
    }
  }
  return out;
}

let t: TestServer;
const digests = new Map<string, string>();

beforeAll(async () => {
  t = await startTestServer();
  for (const name of FIXTURES) {
    const result = await t.ingest(name, read(name));
    expect(result.status).toBe('stored');
    digests.set(name, result.digest!);
  }
}, 60_000);
afterAll(() => t.close());

describe('licences of real SBOMs through /v0/package/{purl}/info', () => {
  it.each(FIXTURES)('%s: every licence the document states for a package, and no other', async (name) => {
    const expected = licencesInDocument(read(name));
    const digest = digests.get(name)!;
    let checked = 0;
    let withLicence = 0;
    for (const [purl, licences] of expected) {
      const r = await t.get(`/v0/package/${enc(purl)}/info`);
      if (r.status === 404) continue; // a purl ingest had to replace (none of these fixtures has one with a licence)
      expect(r.status).toBe(200);
      const fromDocument = r.body.licenses
        .filter((l: any) => l.document === digest)
        .map((l: any) => `${l.kind} ${l.expression}`);
      expect(fromDocument.sort(), purl).toEqual([...licences].sort());
      expect(r.body.documents).toContain(digest);
      checked++;
      if (licences.size > 0) withLicence++;
    }
    expect(checked).toBeGreaterThan(0);
    expect(withLicence).toBeGreaterThan(0);
  });
});

describe('GET /v0/artifact/{digest}/dependencies?license=', () => {
  const deps = (query: string) => t.get(`/v0/artifact/${enc(ALPINE_IMAGE)}/dependencies${query}`);
  const names = (r: { body: { PurlList: string[] } }) =>
    r.body.PurlList.map((p) => /^pkg:alpine\/([^@]+)@/.exec(p)![1]);

  // The alpine image's CycloneDX SBOM, read by hand: six packages GPL-2.0-only, four MIT
  // (ca-certificates-bundle is MPL-2.0 and MIT), libc-utils BSD-2-Clause and BSD-3-Clause. Its
  // SPDX SBOM says the same, with "MPL-2.0 AND MIT" and "BSD-2-Clause AND BSD-3-Clause".
  it('keeps the packages under the licence, in list order', async () => {
    // In purl order: "alpine-baselayout-data@…" before "alpine-baselayout@…".
    expect(names(await deps('?license=GPL-2.0-only'))).toEqual([
      'alpine-baselayout-data',
      'alpine-baselayout',
      'apk-tools',
      'busybox',
      'scanelf',
      'ssl_client',
    ]);
    expect(names(await deps('?license=MIT'))).toEqual(['alpine-keys', 'ca-certificates-bundle', 'musl-utils', 'musl']);
    expect(names(await deps('?license=BSD-3-Clause'))).toEqual(['libc-utils']);
    // A compound query matches its equal only.
    expect(names(await deps(`?license=${enc('MPL-2.0 AND MIT')}`))).toEqual(['ca-certificates-bundle']);
    expect(names(await deps(`?license=${enc('MIT AND MPL-2.0')}`))).toEqual([]);
  });

  it('normalises the query, and unknown is the packages without a licence', async () => {
    expect((await deps('?license=gpl-2.0-only')).body).toEqual((await deps('?license=GPL-2.0-only')).body);
    const all = await deps('');
    const unknown = await deps('?license=unknown');
    expect(unknown.status).toBe(200);
    expect(unknown.body.PurlList).toEqual([]);
    expect(all.body.PurlList).toHaveLength(14);
    expect((await deps('?license=Apache-2.0')).body.PurlList).toEqual([]);
  });

  it('pages the filtered list; a cursor of one filter is refused by another', async () => {
    const whole = (await deps('?license=GPL-2.0-only')).body.PurlList;
    const first = await deps('?license=GPL-2.0-only&PageSize=4');
    expect(first.body.PaginationInfo.TotalCount).toBe(6);
    const cursor = first.body.PaginationInfo.NextCursor;
    const second = await deps(`?license=GPL-2.0-only&PageSize=4&Cursor=${cursor}`);
    expect([...first.body.PurlList, ...second.body.PurlList]).toEqual(whole);
    const foreign = await deps(`?license=MIT&PageSize=4&Cursor=${cursor}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('SG_INVALID_CURSOR');
    expect((await deps(`?PageSize=4&Cursor=${cursor}`)).status).toBe(400);
  });

  it('an empty licence is 400', async () => {
    const r = await deps('?license=');
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatch(/license/);
  });

  it('a licence beyond the limits is 400, naming the parameter and the limit', async () => {
    for (const query of ['L'.repeat(4097), Array(258).fill('MIT').join(' AND ')]) {
      const r = await deps(`?license=${enc(query)}`);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('SG_INVALID_PARAMETER');
      expect(r.body.detail).toMatch(/^invalid license: .*at most 4096 characters, 256 operators and 32 levels/);
    }
    const r = await t.get(`/v0/package/${enc(LARAVEL)}/dependencies?license=${'L'.repeat(4097)}`);
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatch(/^invalid license: 4097 characters, more than the 4096 allowed/);
  });
});

describe('GET /v0/package/{purl}/dependencies?license=', () => {
  it('a licence id matches the packages whose expression names it; the filtered lists partition by licence', async () => {
    const base = `/v0/package/${enc(LARAVEL)}/dependencies`;
    const all: string[] = (await t.get(base)).body.dependencies;
    const expected = licencesInDocument(read(LARAVEL_CDX));
    const idsOf = (purl: string) => [...(expected.get(purl) ?? [])].map((l) => l.slice(l.indexOf(' ') + 1));
    for (const licence of ['MIT', 'BSD-3-Clause', 'Apache-2.0']) {
      const r = await t.get(`${base}?license=${licence}`);
      expect(r.body.dependencies).toEqual(
        all.filter((p) => idsOf(p).some((e) => e.split(/ OR | AND /).includes(licence))),
      );
    }
    const unknown = (await t.get(`${base}?license=unknown`)).body.dependencies;
    expect(unknown).toEqual(all.filter((p) => idsOf(p).length === 0));
    // The purl unencoded reaches the same filtered list.
    const raw = await t.get(`/v0/package/${LARAVEL}/dependencies?license=MIT`);
    expect(raw.body).toEqual((await t.get(`${base}?license=MIT`)).body);
  });
});

describe('GET /analysis/licenses', () => {
  it('counts what the alpine image ships under each licence (by hand from its two SBOMs)', async () => {
    // CycloneDX gives ca-certificates-bundle MPL-2.0 and MIT, SPDX "MPL-2.0 AND MIT": three distinct
    // expressions, the package counted under each (likewise libc-utils); the others agree.
    const r = await t.get(`/analysis/licenses?artifact=${enc(ALPINE_IMAGE)}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { License: 'GPL-2.0-only', Count: 6 },
      { License: 'MIT', Count: 4 },
      { License: 'OpenSSL', Count: 2 },
      { License: 'BSD-2-Clause', Count: 1 },
      { License: 'BSD-2-Clause AND BSD-3-Clause', Count: 1 },
      { License: 'BSD-3-Clause', Count: 1 },
      { License: 'MPL-2.0', Count: 1 },
      { License: 'MPL-2.0 AND MIT', Count: 1 },
      { License: 'Zlib', Count: 1 },
    ]);
    expect(r.headers.get('x-total-count')).toBe('9');
  });

  it('counts a package once per distinct expression its documents state, none as unknown', async () => {
    const purl = LARAVEL;
    const deps: string[] = (await t.get(`/v0/package/${enc(purl)}/dependencies`)).body.dependencies;
    const counts = new Map<string, number>();
    for (const dep of deps) {
      const info = (await t.get(`/v0/package/${enc(dep)}/info`)).body;
      const expressions = new Set<string>(info.licenses.map((l: any) => l.expression));
      if (expressions.size === 0) expressions.add('unknown');
      for (const e of expressions) counts.set(e, (counts.get(e) ?? 0) + 1);
    }
    const r = await t.get(`/analysis/licenses?purl=${enc(purl)}`);
    expect(r.status).toBe(200);
    expect(new Map(r.body.map((e: any) => [e.License, e.Count]))).toEqual(counts);
    const order = [...r.body].sort((a: any, b: any) => b.Count - a.Count || (a.License < b.License ? -1 : 1));
    expect(r.body).toEqual(order);
  });

  it('pages like /analysis/dependencies: Link and X-Total-Count', async () => {
    const first = await t.get(`/analysis/licenses?artifact=${enc(ALPINE_IMAGE)}&PageSize=3`);
    expect(first.body).toHaveLength(3);
    expect(first.headers.get('x-total-count')).toBe('9');
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link')!)![1];
    const second = await t.get(next);
    expect(second.body[0]).toEqual({ License: 'BSD-2-Clause', Count: 1 });
  });

  it('takes exactly one of artifact and purl', async () => {
    for (const query of ['', `?artifact=${enc(ALPINE_IMAGE)}&purl=${enc(LARAVEL)}`]) {
      const r = await t.get(`/analysis/licenses${query}`);
      expect(r.status).toBe(400);
      expect(r.body.detail).toMatch(/exactly one of .*artifact.* purl/);
    }
    expect((await t.get(`/analysis/licenses?purl=${enc('pkg:npm/none@1')}`)).status).toBe(404);
    expect((await t.get(`/analysis/licenses?artifact=sha256:${'0'.repeat(64)}`)).status).toBe(404);
  });
});
