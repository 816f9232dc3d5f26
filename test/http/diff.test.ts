// /v0/diff over HTTP: two hand-written builds of one service (test/fixtures/diff). The components
// it reports are read here from the SBOMs, the vulnerabilities from what the /vulns routes answer
// for each build; it carries the version ETag, and refuses unknown or bad references naming the
// parameter.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareText } from '../../src/model/compare.js';
import { canonicalPurl, packageNameOf, parsePurl } from '../../src/model/purl.js';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';

const DIR = new URL('../fixtures/diff/', import.meta.url);
const DOCS: Record<string, string> = Object.fromEntries(
  readdirSync(DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file, readFileSync(new URL(file, DIR), 'utf8')]),
);
const OLD = JSON.parse(DOCS['shop-api-1.0.0.cdx.json']);
const NEW = JSON.parse(DOCS['shop-api-1.1.0.cdx.json']);

const subjectPurl = (sbom: any): string => canonicalPurl(sbom.metadata.component.purl);
const subjectDigest = (sbom: any): string => `sha256:${sbom.metadata.component.hashes[0].content}`;
const nameOf = (purl: string): string => packageNameOf(parsePurl(purl));

/** The components an SBOM lists: package name → canonical purls, sorted. */
function componentsOf(sbom: any): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of sbom.components) {
    const purl = canonicalPurl(c.purl);
    out.set(nameOf(purl), [...(out.get(nameOf(purl)) ?? []), purl].sort(compareText));
  }
  return out;
}

const diffUrl = (from: string, to: string): string => `/v0/diff?from=${enc(from)}&to=${enc(to)}`;

let t: TestClient;
beforeAll(async () => {
  t = await startTestApp(DOCS);
});
afterAll(async () => {
  await t?.close();
});

describe('/v0/diff', () => {
  it('lists the package names added, removed and bumped, as the SBOMs list their components', async () => {
    const r = await t.get(diffUrl(subjectPurl(OLD), subjectPurl(NEW)));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    const [before, after] = [componentsOf(OLD), componentsOf(NEW)];
    const names = (m: Map<string, string[]>) => [...m.keys()].sort(compareText);
    const onlyIn = (a: Map<string, string[]>, b: Map<string, string[]>) =>
      names(a)
        .filter((name) => !b.has(name))
        .map((name) => ({ name, purls: a.get(name) }));
    expect(r.body.from).toBe(subjectPurl(OLD));
    expect(r.body.to).toBe(subjectPurl(NEW));
    expect(r.body.added).toEqual(onlyIn(after, before));
    expect(r.body.removed).toEqual(onlyIn(before, after));
    expect(r.body.changed).toEqual(
      names(before)
        .filter((name) => after.has(name) && before.get(name)!.join() !== after.get(name)!.join())
        .map((name) => ({ name, from: before.get(name), to: after.get(name) })),
    );
    expect(r.body.added.length * r.body.removed.length * r.body.changed.length).toBeGreaterThan(0);
    expect(r.body.licensesChanged).toHaveLength(1);
  });

  it('lists the vulnerabilities the /vulns routes answer for one build and not the other', async () => {
    const vulnsOf = async (sbom: any): Promise<{ id: string; severity: string; package: string }[]> => {
      const r = await t.get(`/v0/artifact/${enc(subjectDigest(sbom))}/vulns?includeDependencies=true`);
      expect(r.status).toBe(200);
      return r.body.vulnerabilities.map((v: any) => ({ id: v.id, severity: v.severity, package: v.package }));
    };
    const [before, after] = [await vulnsOf(OLD), await vulnsOf(NEW)];
    const key = (v: { id: string; package: string }) => `${nameOf(v.package)} ${v.id}`;
    const notIn = (a: typeof before, b: typeof before) => a.filter((v) => !b.some((w) => key(w) === key(v)));
    const expected = { introduced: notIn(after, before), fixed: notIn(before, after) };
    expect(expected.introduced.length * expected.fixed.length).toBeGreaterThan(0);

    const byDigest = await t.get(diffUrl(subjectDigest(OLD), subjectDigest(NEW)));
    expect(byDigest.status).toBe(200);
    expect(byDigest.body.vulnerabilities).toEqual(expected);
    const byPurl = await t.get(diffUrl(subjectPurl(OLD), subjectPurl(NEW)));
    expect(byPurl.body.vulnerabilities).toEqual(expected);
    // The package route finds the same (package, id) pairs for the package build.
    const pairs = async (sbom: any) => {
      const r = await t.get(`/v0/package/${enc(subjectPurl(sbom))}/vulns?includeDependencies=true`);
      return new Set(r.body.map((v: any) => `${nameOf(v.package)} ${v.vulnerability.vulnerabilityIDs[0]}`));
    };
    const [beforePairs, afterPairs] = [await pairs(OLD), await pairs(NEW)];
    for (const v of expected.introduced)
      expect([beforePairs.has(key(v)), afterPairs.has(key(v))]).toEqual([false, true]);
    for (const v of expected.fixed) expect([beforePairs.has(key(v)), afterPairs.has(key(v))]).toEqual([true, false]);
  });

  it('is empty from a build to itself', async () => {
    for (const ref of [subjectPurl(NEW), subjectDigest(OLD)]) {
      const r = await t.get(diffUrl(ref, ref));
      expect(r.status, ref).toBe(200);
      expect(r.body, ref).toEqual({
        from: ref,
        to: ref,
        added: [],
        removed: [],
        changed: [],
        vulnerabilities: { introduced: [], fixed: [] },
        licensesChanged: [],
      });
    }
  });

  it('carries the version ETag and answers If-None-Match with 304', async () => {
    const url = diffUrl(subjectPurl(OLD), subjectPurl(NEW));
    const first = await t.get(url);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await t.get(url, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    // A second answer comes from the response cache, the same bytes.
    expect((await t.get(url)).text).toBe(first.text);
  });

  it('answers 404 naming the parameter for a build the graph does not have', async () => {
    const cases: [string, string, string][] = [
      [diffUrl('pkg:npm/shop-api@9.9.9', subjectPurl(NEW)), 'from', 'SG_PACKAGE_NOT_FOUND'],
      [diffUrl(subjectPurl(OLD), 'pkg:npm/shop-api@9.9.9'), 'to', 'SG_PACKAGE_NOT_FOUND'],
      [diffUrl(subjectPurl(OLD), `sha256:${'0'.repeat(64)}`), 'to', 'SG_ARTIFACT_NOT_FOUND'],
    ];
    for (const [url, parameter, code] of cases) {
      const r = await t.get(url);
      expect(r.status, url).toBe(404);
      expect(r.headers.get('content-type'), url).toMatch(/^application\/problem\+json/);
      expect(r.body.code, url).toBe(code);
      expect(r.body.detail, url).toMatch(new RegExp(`^${parameter}: `));
    }
  });

  it('is described in /openapi.json, with both references required', async () => {
    const r = await t.get('/openapi.json');
    const operation = r.body.paths['/v0/diff'].get;
    expect(operation.operationId).toBe('getBuildDiff');
    expect(operation.parameters.map((p: any) => [p.name, p.in, p.required])).toEqual([
      ['from', 'query', true],
      ['to', 'query', true],
    ]);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '304', '400', '404']));
  });

  it('answers 400 naming the parameter for a missing, bad or undeclared one', async () => {
    const cases: [string, string][] = [
      [`/v0/diff?to=${enc(subjectPurl(NEW))}`, 'from'],
      [`/v0/diff?from=${enc(subjectPurl(OLD))}`, 'to'],
      [diffUrl(subjectPurl(OLD), 'pkg:npm/shop-api'), 'to'],
      [diffUrl('pkg:npm/@1.0.0', subjectPurl(NEW)), 'from'],
      [diffUrl('sha256:ab\u0001cd', subjectPurl(NEW)), 'from'],
      [`${diffUrl(subjectPurl(OLD), subjectPurl(NEW))}&PageSize=1`, 'PageSize'],
    ];
    for (const [url, parameter] of cases) {
      const r = await t.get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.detail, url).toContain(parameter);
    }
  });
});

describe('builds named by the store', () => {
  it('a document digest and project@version name the same builds as their subjects', async () => {
    const byPurl = await t.get(`/v0/diff?from=${enc('pkg:npm/shop-api@1.0.0')}&to=${enc('pkg:npm/shop-api@1.1.0')}`);
    expect(byPurl.status, byPurl.text).toBe(200);
    const builds = (await t.get(`/v0/projects/shop-api`)).body as { history: { digest: string; version: string }[] };
    const digestOf = (version: string): string => builds.history.find((b) => b.version === version)!.digest;
    const byDigest = await t.get(`/v0/diff?from=${digestOf('1.0.0')}&to=${digestOf('1.1.0')}`);
    expect(byDigest.status, byDigest.text).toBe(200);
    const byVersion = await t.get(`/v0/diff?from=shop-api@1.0.0&to=shop-api@1.1.0`);
    expect(byVersion.status, byVersion.text).toBe(200);
    const lists = (body: unknown): unknown[] => {
      const b = body as Record<string, unknown>;
      return [b.added, b.removed, b.changed, b.vulnerabilities, b.licensesChanged];
    };
    expect(lists(byDigest.body)).toEqual(lists(byPurl.body));
    expect(lists(byVersion.body)).toEqual(lists(byPurl.body));
    const missing = await t.get('/v0/diff?from=shop-api@9.9.9&to=shop-api@1.1.0');
    expect(missing.status).toBe(404);
    expect((missing.body as { detail: string }).detail).toMatch(/^from: no stored build is shop-api@9\.9\.9/);
  });
});
