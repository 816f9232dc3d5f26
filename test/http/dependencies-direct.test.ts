// `?direct=true` on /v0/package/{purl}/dependencies and /v0/artifact/{digest}/dependencies: the
// first step of the walk the full list takes. For a package: what its own dependency edges and
// SBOM inclusions reach, with their equivalents (the exact inverse of /dependents?direct=true);
// for an artifact: what the SBOMs and SLSA materials of the artifact and of its equivalents reach.
// Always a subset of the full list; combines with `license`; its cursors are its own.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalPurl } from '../../src/model/purl.js';
import { dependsOn, hashEqual, hex, occurrence, sbomFor, slsa } from '../helpers/predicates.js';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';

const APP = 'pkg:npm/app@1.0.0';
const LIB = 'pkg:npm/lib@2.0.0';
const LIB1 = 'pkg:npm/lib@1.0.0';
const LIB_ALIAS = 'pkg:npm/lib-alias@2.0.0';
const UTIL = 'pkg:npm/util@3.0.0';
const DEEP = 'pkg:npm/deep@4.0.0';
const BASE_PKG = 'pkg:deb/debian/base-files@12';
const OTHER = 'pkg:npm/other@5.0.0';
const IMAGE_PKG = 'pkg:oci/img@1';
const IMAGE = `sha256:${hex('direct-image')}`;
const IMAGE512 = `sha512:${hex('direct-image-512', 128)}`;
const LIB_ART = `sha256:${hex('direct-lib-artifact')}`;
const BASE = `sha256:${hex('direct-base')}`;

const DOCS: Record<string, object> = {
  // app's SBOM includes lib (and states app → lib): one step from app.
  'app-sbom.json': { hasSBOM: [sbomFor({ pkg: APP })], isDependency: [dependsOn(APP, LIB)] },
  // Further steps, without SBOMs: lib → util → deep; lib@1 → util.
  'deps.json': { isDependency: [dependsOn(LIB, UTIL), dependsOn(UTIL, DEEP), dependsOn(LIB1, UTIL)] },
  // lib and lib-alias are occurrences of one artifact: equivalent, so one step reaches both.
  'occurrences.json': { isOccurrence: [occurrence(LIB, LIB_ART), occurrence(LIB_ALIAS, LIB_ART)] },
  // The image: its SBOM includes app; it is an occurrence of img; its sha512 form has an SBOM of
  // its own (including other); it was built from base, whose SBOM includes base-files.
  'image-sbom.json': { hasSBOM: [sbomFor({ artifact: IMAGE })], isOccurrence: [occurrence(APP, `sha256:${hex('x')}`)] },
  'image-facts.json': { isOccurrence: [occurrence(IMAGE_PKG, IMAGE)], hashEqual: [hashEqual(IMAGE, IMAGE512)] },
  'image512-sbom.json': { hasSBOM: [sbomFor({ artifact: IMAGE512 })], isDependency: [dependsOn(OTHER, DEEP)] },
  'provenance.json': { hasSlsa: [slsa(IMAGE, [BASE])] },
  'base-sbom.json': {
    hasSBOM: [sbomFor({ artifact: BASE })],
    isOccurrence: [occurrence(BASE_PKG, `sha256:${hex('y')}`)],
  },
};

const PETCLINIC_FILE = new URL(
  '../fixtures/cyclonedx/cyclonedx-cyclonedx-maven-spring-petclinic.json',
  import.meta.url,
);
const PETCLINIC_TEXT = readFileSync(PETCLINIC_FILE, 'utf8');
const PETCLINIC = canonicalPurl(JSON.parse(PETCLINIC_TEXT).metadata.component.purl as string);

let t: TestClient;

beforeAll(async () => {
  t = await startTestApp({ ...DOCS, 'petclinic.json': PETCLINIC_TEXT });
});
afterAll(() => t.close());

const deps = async (purl: string, query = ''): Promise<string[]> => {
  const r = await t.get(`/v0/package/${enc(purl)}/dependencies${query}`);
  expect(r.status).toBe(200);
  return r.body.dependencies;
};
const artifactDeps = async (digest: string, query = ''): Promise<string[]> => {
  const r = await t.get(`/v0/artifact/${enc(digest)}/dependencies${query}`);
  expect(r.status).toBe(200);
  return r.body.PurlList;
};
const directDependents = async (purl: string): Promise<string[]> =>
  (await t.get(`/v0/package/${enc(purl)}/dependents?direct=true`)).body.dependents;

describe('direct dependencies of a package', () => {
  it('lists the first step only (with what is equivalent to it), a subset of the full list', async () => {
    const direct = await deps(APP, '?direct=true');
    expect(direct).toEqual([LIB_ALIAS, LIB].sort());
    const full = await deps(APP);
    expect(full).toEqual(expect.arrayContaining([...direct, UTIL, DEEP]));
    expect(full.length).toBeGreaterThan(direct.length);
    expect(await deps(APP, '?direct=false')).toEqual(full);
    expect(await deps(DEEP, '?direct=1')).toEqual([]);
  });

  it('is the exact inverse of /dependents?direct=true over every package of the graph', async () => {
    const packages = [APP, LIB, LIB1, LIB_ALIAS, UTIL, DEEP, OTHER, BASE_PKG, IMAGE_PKG];
    const direct = new Map<string, string[]>();
    for (const p of packages) direct.set(p, await deps(p, '?direct=true'));
    for (const d of packages) {
      const dependents = await directDependents(d);
      for (const p of packages) expect(dependents.includes(p), `${p} → ${d}`).toBe(direct.get(p)!.includes(d));
    }
  });

  it('is a subset of the full list for every package, and lists a partial purl’s versions as the full list does', async () => {
    for (const p of [APP, LIB, LIB1, LIB_ALIAS, UTIL, DEEP, OTHER, IMAGE_PKG, PETCLINIC]) {
      const full = new Set(await deps(p));
      for (const d of await deps(p, '?direct=true')) expect(full.has(d), `${d} of ${p}`).toBe(true);
    }
    const template = await deps('pkg:npm/lib', '?direct=true');
    expect(template).toEqual([LIB1, LIB, UTIL].sort());
    expect(await deps('pkg:npm/lib')).toEqual(expect.arrayContaining(template));
  });

  it('on a real SBOM: the components the subject depends on directly, filtered by licence like the full list', async () => {
    const full = await deps(PETCLINIC);
    const direct = await deps(PETCLINIC, '?direct=true');
    expect(direct.length).toBeGreaterThan(0);
    // A licence one of the direct components states (read from its information), and `unknown`.
    const stated = (await t.get(`/v0/package/${enc(direct[0])}/info`)).body.licenses[0].expression as string;
    for (const licence of [stated, 'unknown']) {
      const both = await deps(PETCLINIC, `?direct=true&license=${enc(licence)}`);
      const fullFiltered = new Set(await deps(PETCLINIC, `?license=${enc(licence)}`));
      expect(both).toEqual(direct.filter((d) => fullFiltered.has(d)));
      if (licence === stated) expect(both).toContain(direct[0]);
    }
    expect(full.length).toBeGreaterThanOrEqual(direct.length);
  });
});

describe('direct dependencies through the route for unencoded purls', () => {
  it('answers the same list, with the same cursor scope', async () => {
    const unencoded = await t.get(`/v0/package/${APP}/dependencies?direct=true`);
    expect(unencoded.status).toBe(200);
    expect(unencoded.body.dependencies).toEqual(await deps(APP, '?direct=true'));
    expect(unencoded.body.dependencies).not.toEqual(await deps(APP));
  });
});

describe('direct dependencies of an artifact', () => {
  it('lists what the SBOMs and SLSA materials of the artifact and its equal hashes reach, not further', async () => {
    const direct = await artifactDeps(IMAGE, '?direct=true');
    // app from its SBOM, other from the SBOM of its sha512 form; base-files only through base's SBOM.
    expect(direct).toEqual(expect.arrayContaining([APP, OTHER]));
    expect(direct).not.toContain(BASE_PKG);
    // What the image is an occurrence of is never among its dependencies.
    expect(direct).not.toContain(IMAGE_PKG);
    const full = await artifactDeps(IMAGE);
    expect(full).toEqual(expect.arrayContaining([...direct, BASE_PKG]));
    expect(full).not.toContain(IMAGE_PKG);
    // Its material's own first step.
    expect(await artifactDeps(BASE, '?direct=true')).toEqual([BASE_PKG]);
  });

  it('answers 404 for an unknown digest and 400 for a bad direct value, as the full list', async () => {
    expect((await t.get(`/v0/artifact/${enc(`sha256:${hex('nothing')}`)}/dependencies?direct=true`)).status).toBe(404);
    const bad = await t.get(`/v0/artifact/${enc(IMAGE)}/dependencies?direct=maybe`);
    expect(bad.status).toBe(400);
    expect((await t.get(`/v0/package/${enc(APP)}/dependencies?direct=maybe`)).status).toBe(400);
  });
});

describe('paging and caching', () => {
  it('pages the direct list, and refuses the cursor of one list on the other', async () => {
    for (const base of [`/v0/package/${enc(APP)}/dependencies`, `/v0/artifact/${enc(IMAGE)}/dependencies`]) {
      const first = await t.get(`${base}?direct=true&PageSize=1`);
      expect(first.status).toBe(200);
      const cursor = first.body.PaginationInfo.NextCursor as string;
      expect(cursor).toBeTruthy();
      const second = await t.get(`${base}?direct=true&PageSize=1&Cursor=${enc(cursor)}`);
      expect(second.status).toBe(200);
      const items = (b: { dependencies?: string[]; PurlList?: string[] }) => b.dependencies ?? b.PurlList ?? [];
      expect([...items(first.body), ...items(second.body)]).toEqual(
        items((await t.get(`${base}?direct=true`)).body).slice(0, 2),
      );
      const mixed = await t.get(`${base}?PageSize=1&Cursor=${enc(cursor)}`);
      expect(mixed.status).toBe(400);
      expect(mixed.body.code).toBe('SG_INVALID_CURSOR');
      const fullCursor = (await t.get(`${base}?PageSize=1`)).body.PaginationInfo.NextCursor as string;
      expect((await t.get(`${base}?direct=true&PageSize=1&Cursor=${enc(fullCursor)}`)).status).toBe(400);
    }
  });

  it('answers 304 to the ETag of the version', async () => {
    const url = `/v0/package/${enc(APP)}/dependencies?direct=true`;
    const etag = (await t.get(url)).headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await t.get(url, { 'if-none-match': etag })).status).toBe(304);
  });
});
