// Batch answers equal the single endpoints' answers, item for item, on real documents: every
// package version and artifact of a set of fixtures (SBOMs, scanner reports, advisories, VEX,
// provenance), each package's name as a partial purl, and inputs that are bad or unknown. The
// single answers are fetched over HTTP, every page of them (small pages, so paging is crossed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeKind } from '../../src/model/kinds.js';
import { FIXTURES } from '../helpers/corpus.js';
import { enc, startTestServer, type TestResponse, type TestServer } from '../helpers/server.js';

const FILES = [
  'cyclonedx-grype-log4j-core-with-vulns.json',
  'cyclonedx-trivy-npm-project-with-vulns.json',
  'cyclonedx-syft-alpine-latest-image.json',
  'cyclonedx-cyclonedx-maven-spring-petclinic.json',
  'cyclonedx-cyclonedx-php-composer-laravel-7.12.0.json',
  'trivy-trivy-spring4shell-jre11-image.json',
  'spdx-syft-alpine-latest-image.json',
  'spdx-apko-chainguard-images.json',
  'spdx-ko-go-multi-arch-image-index.json',
  'trivy-trivy-alpine-3.9-image.json',
  'grype-grype-keycloak-21.0.2-image.json',
  'osv-scanner-osv-scanner-yarn-lockfile.json',
  'osv-ghsa-maven-keycloak-GHSA-458h-wv48-fq75.json',
  'osv-ghsa-npm-fastify-passport-GHSA-2ccf-ffrj-m4qw.json',
  'openvex-vexctl-trivy-oci-images.json',
  'openvex-spec-example-wolfi-not-affected.json',
  'slsa-provenance-slsa-github-generator-container-based-v2.1.0-bundle-v1.json',
];
/** Small pages: most single answers take several. */
const PAGE = 7;
/** Inputs that are not purls or digests at all, and well-formed ones nothing matches. */
const BAD_PURLS = ['lodash', 'pkg:npm/', ''];
const UNKNOWN_PURLS = ['pkg:npm/not-in-the-graph@1.0.0', 'pkg:maven/org.example/nothing'];
const BAD_DIGESTS = ['sha256:zz', 'not a digest'];
const UNKNOWN_DIGESTS = [`sha256:${'0'.repeat(64)}`];

interface Entry {
  input: string;
  status: number;
  vulnerabilities?: unknown[];
  dependencies?: string[];
  [problemField: string]: unknown;
}

let t: TestServer;
let purls: string[];
let digests: string[];

/** Every item of a list answer: bare arrays follow `Link`, bodies follow `PaginationInfo.NextCursor`. */
async function allPages(path: string, field?: string): Promise<{ first: TestResponse; items: unknown[] }> {
  const join = path.includes('?') ? '&' : '?';
  let url = `${path}${join}PageSize=${PAGE}`;
  const first = await t.get(url);
  let res = first;
  const items: unknown[] = [];
  for (;;) {
    expect(res.status, url).toBe(200);
    if (field === undefined) {
      items.push(...(res.body as unknown[]));
      const next = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1];
      if (!next) break;
      url = next;
    } else {
      items.push(...(res.body[field] as unknown[]));
      const cursor = res.body.PaginationInfo.NextCursor as string | undefined;
      if (!cursor) break;
      url = `${path}${join}PageSize=${PAGE}&Cursor=${enc(cursor)}`;
    }
    res = await t.get(url);
  }
  return { first, items };
}

/** The entry the single endpoint's answer (all its pages, or its problem) makes for `input`. */
async function singleEntry(input: string, path: string, field: string, listField?: string): Promise<Entry> {
  const probe = await t.get(path);
  if (probe.status !== 200) {
    const problem: Record<string, unknown> = { ...(probe.body as object) };
    delete problem.requestId;
    return { input, ...problem, status: probe.status };
  }
  const { items } = await allPages(path, listField);
  return { input, status: 200, [field]: items };
}

async function batch(path: string, body: object): Promise<Entry[]> {
  const res = await t.request('POST', path, { 'content-type': 'application/json' }, JSON.stringify(body));
  expect(res.status).toBe(200);
  return res.body.results as Entry[];
}

beforeAll(async () => {
  // Room for every input of the graph in one request.
  const docs = Object.fromEntries(FILES.map((f) => [f, FIXTURES.text(f)]));
  t = await startTestServer(docs, undefined, { batch: { maxInputs: 5000 } });
  const index = t.server.service.index;
  const versions: string[] = [];
  digests = [];
  for (let id = 0; id < index.nodeCount; id++) {
    if (index.kinds[id] === NodeKind.Package) versions.push(index.keyOf(id));
    if (index.kinds[id] === NodeKind.Artifact) digests.push(index.keyOf(id));
  }
  // Each package name once as a partial purl (all its versions), besides every version.
  const names = [...new Set(versions.map((p) => p.split(/[@?#]/)[0]))];
  // Distinct inputs (a name without versions is also its own version key): a repeated input is
  // answered once, at its first position (batch.test.ts covers that).
  purls = [...new Set([...versions, ...names, ...BAD_PURLS, ...UNKNOWN_PURLS])];
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('batch answers equal the single endpoints on real documents', () => {
  it('covers enough of the graph to mean something', () => {
    expect(purls.length).toBeGreaterThan(400);
    expect(digests.length).toBeGreaterThan(3);
  });

  it.each([false, true])(
    'POST /v0/query/vulns with includeDependencies=%s',
    async (include) => {
      const results = await batch('/v0/query/vulns', { purls, includeDependencies: include });
      expect(results.map((r) => r.input)).toEqual(purls);
      const statuses = new Set<number>();
      let findings = 0;
      for (const [i, purl] of purls.entries()) {
        const path = `/v0/package/${enc(purl)}/vulns?includeDependencies=${include}`;
        expect(results[i], purl).toEqual(await singleEntry(purl, path, 'vulnerabilities'));
        statuses.add(results[i].status);
        findings += results[i].vulnerabilities?.length ?? 0;
      }
      expect([...statuses].sort()).toEqual([200, 400, 404]);
      expect(findings).toBeGreaterThan(0);
    },
    120_000,
  );

  it('POST /v0/query/dependencies with purls and digests', async () => {
    const allDigests = [...digests, ...BAD_DIGESTS, ...UNKNOWN_DIGESTS];
    const results = await batch('/v0/query/dependencies', { purls, digests: allDigests });
    expect(results.map((r) => r.input)).toEqual([...purls, ...allDigests]);
    let reached = 0;
    for (const [i, purl] of purls.entries()) {
      const path = `/v0/package/${enc(purl)}/dependencies`;
      expect(results[i], purl).toEqual(await singleEntry(purl, path, 'dependencies', 'dependencies'));
      reached += results[i].dependencies?.length ?? 0;
    }
    for (const [j, digest] of allDigests.entries()) {
      const path = `/v0/artifact/${enc(digest)}/dependencies`;
      const entry = results[purls.length + j];
      expect(entry, digest).toEqual(await singleEntry(digest, path, 'dependencies', 'PurlList'));
      reached += entry.dependencies?.length ?? 0;
    }
    expect(reached).toBeGreaterThan(0);
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([200, 400, 404]));
  }, 120_000);
});
