// /v0/path: every path returned is a real chain of edges of the kinds it names, each stated by the
// document it names (the earliest stored one stating it); a path exists exactly when the target is
// among the dependencies of the start; its cost (SBOM inclusions, then edges) is the least an
// independent search finds, so a document's own dependency chain wins over its inclusion edge.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowOf, type Csr } from '../../src/index/csr.js';
import type { GraphView } from '../../src/index/graph-view.js';
import { NodeKind } from '../../src/model/kinds.js';
import { packageNameOf, parsePurl } from '../../src/model/purl.js';
import { artifactDependencies, packageDependencies } from '../../src/query/dependencies.js';
import { NotFoundError } from '../../src/query/errors.js';
import { findPaths } from '../../src/query/paths.js';
import { resolveArtifact, resolvePackages } from '../../src/query/resolve.js';
import { FIXTURES } from '../helpers/corpus.js';
import { generatedGraph } from '../helpers/generated-graph.js';
import { art, dependsOn, hashEqual, hex, occurrence, pkg, sbomFor, slsa, vuln } from '../helpers/predicates.js';
import { enc, ingestInto, startTestApp, TEST_BACKEND, withDatabase, type TestClient } from '../helpers/server.js';

interface Step {
  node: string;
  edge?: { kind: string; dependencyType?: string; document?: string };
}

const nodesOfKind = (index: GraphView, kind: NodeKind): string[] => {
  const out: string[] = [];
  for (let id = 1; id < index.nodeCount; id++) if (index.kinds[id] === kind) out.push(index.keyOf(id));
  return out;
};

const row = (csr: Csr, u: number): number[] =>
  u + 1 >= csr.offsets.length ? [] : Array.from(csr.targets.subarray(csr.offsets[u], csr.offsets[u + 1]));

/** The forward edges of u as the walks take them, with their kinds (written apart from the path walk). */
function edgesFrom(index: GraphView, u: number, artifactWalk: boolean): { v: number; kind: string }[] {
  const a = index.adjacency;
  const out: { v: number; kind: string }[] = [];
  const kind = index.kinds[u];
  if (kind === NodeKind.Package && !artifactWalk) {
    for (const v of row(a.dependencyOut, u)) out.push({ v, kind: 'dependency' });
    for (const v of rowOf(a.sbomOut, u)) out.push({ v, kind: 'sbom' });
  }
  if (kind === NodeKind.Artifact) {
    for (const v of rowOf(a.sbomOut, u)) out.push({ v, kind: 'sbom' });
    for (const v of row(a.slsaOut, u)) out.push({ v, kind: 'slsa' });
  }
  for (const v of row(a.equivalent, u)) {
    const both = kind === NodeKind.Artifact && index.kinds[v] === NodeKind.Artifact;
    out.push({ v, kind: both ? 'hash-equal' : 'occurrence' });
  }
  return out;
}

/** A path's cost: SBOM inclusions it takes, then edges; compared in that order. */
type Cost = readonly [inclusions: number, edges: number];
const cheaper = (a: Cost, b: Cost | undefined): boolean => !b || a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** The cheapest cost of every node from the starts: Dijkstra with a plain scan for the cheapest (written apart from the walk). */
function costs(index: GraphView, starts: number[], artifactWalk: boolean): Map<number, Cost> {
  const cost = new Map<number, Cost>(starts.map((s) => [s, [0, 0]]));
  const open = new Set(starts);
  while (open.size > 0) {
    let u = -1;
    for (const v of open) if (u < 0 || cheaper(cost.get(v)!, cost.get(u))) u = v;
    open.delete(u);
    const [inclusions, edges] = cost.get(u)!;
    for (const { v, kind } of edgesFrom(index, u, artifactWalk)) {
      const c: Cost = [inclusions + (kind === 'sbom' ? 1 : 0), edges + 1];
      if (!cheaper(c, cost.get(v))) continue;
      cost.set(v, c);
      open.add(v);
    }
  }
  return cost;
}

/** What a returned path costs, by the kinds of its steps. */
const costOf = (path: readonly { edge?: { kind: string } }[]): Cost => [
  path.filter((s) => s.edge?.kind === 'sbom').length,
  path.length - 1,
];

interface Start {
  from: string;
  ids: number[];
  artifactWalk: boolean;
  dependencies: Set<string>;
}

function startsOf(index: GraphView): Start[] {
  const packages = nodesOfKind(index, NodeKind.Package);
  // Each package's name as a template (an oci name keeps its repository_url: docs/api.md, Package URLs).
  const templates = [...new Set(packages.map((p) => packageNameOf(parsePurl(p))))].filter(
    (t) => index.packageId(t) === undefined,
  );
  return [
    ...[...packages, ...templates].map((from) => {
      const named = resolvePackages(index, from);
      return { from, ids: named.ids, artifactWalk: false, dependencies: new Set(packageDependencies(index, named)) };
    }),
    ...nodesOfKind(index, NodeKind.Artifact).map((from) => ({
      from,
      ids: [resolveArtifact(index, from)],
      artifactWalk: true,
      dependencies: new Set(artifactDependencies(index, from)),
    })),
  ];
}

/**
 * For every start and every package: a path ⇔ a dependency, and it is one of the cheapest (the
 * fewest SBOM inclusions, then the fewest edges); `via` says whether it takes an inclusion. Returns
 * the paths found.
 */
function expectPathsExactlyToDependencies(index: GraphView): number {
  let found = 0;
  const packages = nodesOfKind(index, NodeKind.Package);
  for (const start of startsOf(index)) {
    const cost = costs(index, start.ids, start.artifactWalk);
    for (const to of packages) {
      let answer;
      try {
        answer = findPaths(index, start.from, to, 1);
      } catch (err) {
        if (!(err instanceof NotFoundError)) throw err;
        expect(start.dependencies.has(to), `${start.from} → ${to}: a dependency without a path`).toBe(false);
        continue;
      }
      expect(start.dependencies.has(to), `${start.from} → ${to}: a path to no dependency`).toBe(true);
      const best = cost.get(index.packageId(to)!)!;
      expect(costOf(answer.paths[0]), `${start.from} → ${to}`).toEqual(best);
      expect(answer.via, `${start.from} → ${to}`).toBe(best[0] === 0 ? 'dependencies' : 'inclusion');
      found++;
    }
  }
  return found;
}

/** A JSON tree mentions a node: holds its package spec (by the builders' shape) or its artifact spec. */
function mentions(tree: unknown, node: string): boolean {
  const spec = node.startsWith('pkg:') ? pkg(node) : art(node);
  const walk = (x: unknown): boolean =>
    isDeepStrictEqual(x, spec) ||
    (typeof x === 'object' && x !== null && Object.values(x as Record<string, unknown>).some(walk));
  return walk(tree);
}

const same = (x: unknown, node: string) => isDeepStrictEqual(x, node.startsWith('pkg:') ? pkg(node) : art(node));

/** Whether the generated document states the edge a → b of this kind (and dependency type). */
function states(doc: any, a: string, b: string, edge: NonNullable<Step['edge']>): boolean {
  switch (edge.kind) {
    case 'dependency':
      return (doc.isDependency ?? []).some(
        (d: any) => same(d.pkg, a) && same(d.depPkg, b) && d.isDependency.dependencyType === edge.dependencyType,
      );
    case 'sbom':
      return (doc.hasSBOM ?? []).some((s: any) => same(s.pkg ?? s.artifact, a)) && mentions({ ...doc, hasSBOM: [] }, b);
    case 'slsa':
      return (doc.hasSlsa ?? []).some((s: any) => same(s.Artifact, a) && s.Materials.some((m: unknown) => same(m, b)));
    case 'occurrence':
      return (doc.isOccurrence ?? []).some(
        (o: any) => (same(o.pkg, a) && same(o.artifact, b)) || (same(o.pkg, b) && same(o.artifact, a)),
      );
    case 'hash-equal':
      return (doc.hashEqual ?? []).some(
        (h: any) =>
          (same(h.artifact, a) && same(h.equalArtifact, b)) || (same(h.artifact, b) && same(h.equalArtifact, a)),
      );
  }
  return false;
}

const digestOf = (doc: unknown) => createHash('sha256').update(JSON.stringify(doc)).digest('hex');
const bare = (digest: string) => digest.replace(/^sha256:/, '');

/** Checks each returned path hop by hop against the index's edges and the documents (in ingest order). */
function expectRealChains(
  index: GraphView,
  start: Start,
  to: string,
  body: { via: string; paths: Step[][] },
  docs: [string, unknown][],
): void {
  const paths = body.paths;
  const names = new Set(start.ids.map(index.keyOf));
  const targets = new Set(resolvePackages(index, to).ids.map(index.keyOf));
  const cost = costs(index, start.ids, start.artifactWalk);
  const best = [...targets]
    .map((p) => cost.get(index.packageId(p)!))
    .reduce<Cost | undefined>((a, c) => (c && cheaper(c, a) ? c : a), undefined)!;
  expect(body.via).toBe(best[0] === 0 ? 'dependencies' : 'inclusion');
  const byDigest = new Map(docs.map(([, doc]) => [digestOf(doc), doc]));
  const order = docs.map(([, doc]) => digestOf(doc));
  for (const path of paths) {
    expect(names.has(path[0].node), `${path[0].node} starts a path from ${start.from}`).toBe(true);
    expect(path[0].edge).toBeUndefined();
    expect(targets.has(path[path.length - 1].node)).toBe(true);
    expect(costOf(path)).toEqual(best);
    for (let i = 1; i < path.length; i++) {
      const [a, b, edge] = [path[i - 1].node, path[i].node, path[i].edge!];
      const ida = a.startsWith('pkg:') ? index.packageId(a)! : index.artifactId(a)!;
      const exists = edgesFrom(index, ida, start.artifactWalk).some(
        (e) => index.keyOf(e.v) === b && e.kind === edge.kind,
      );
      expect(exists, `${a} -${edge.kind}-> ${b}`).toBe(true);
      const named = byDigest.get(bare(edge.document!));
      expect(named, `document ${edge.document}`).toBeDefined();
      expect(states(named, a, b, edge), `${edge.document} states ${a} -${edge.kind}-> ${b}`).toBe(true);
      // The earliest stored document stating it (the dependency type may differ in earlier ones).
      const earlier = order.slice(0, order.indexOf(bare(edge.document!)));
      for (const d of earlier) {
        const other = byDigest.get(d);
        const anyType = (['DIRECT', 'INDIRECT', 'UNKNOWN'] as const).some((t) =>
          states(other, a, b, { ...edge, dependencyType: t }),
        );
        expect(anyType, `${d} states ${a} -${edge.kind}-> ${b} before ${edge.document}`).toBe(false);
      }
    }
  }
  const keys = paths.map((p) => p.map((s) => s.node).join('\u0000'));
  expect(new Set(keys).size).toBe(keys.length);
  expect([...keys].sort()).toEqual(keys);
}

describe('paths over generated graphs', () => {
  let t: TestClient | undefined;
  afterAll(async () => {
    await t?.close();
  });

  it.each([1, 2, 3])(
    'a path exactly to the dependencies, each a real chain of stated edges (seed %i)',
    async (seed) => {
      await t?.close();
      const docs = generatedGraph(seed, 24).docs;
      t = await startTestApp(docs);
      const index = t.server.service.index;
      expect(expectPathsExactlyToDependencies(index)).toBeGreaterThan(20);
      let checked = 0;
      for (const start of startsOf(index)) {
        for (const to of [...start.dependencies].slice(0, 4)) {
          const r = await t.get(`/v0/path?from=${enc(start.from)}&to=${enc(to)}&limit=4`);
          expect(r.status, `${start.from} → ${to}: ${r.text}`).toBe(200);
          expect(r.body.paths.length).toBeGreaterThan(0);
          expect(r.body.paths.length).toBeLessThanOrEqual(4);
          expectRealChains(index, start, to, r.body, Object.entries(docs));
          const one = await t.get(`/v0/path?from=${enc(start.from)}&to=${enc(to)}`);
          expect(one.body.paths).toEqual(r.body.paths.slice(0, 1));
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(20);
    },
  );
});

describe('paths over real SBOMs and provenance (fixtures)', () => {
  let t: TestClient;
  const files = [
    'spdx-syft-alpine-latest-image.json',
    'spdx-ko-go-multi-arch-image-index.json',
    'cyclonedx-syft-distroless-static-nonroot-image.json',
    'cyclonedx-syft-alpine-latest-image.json',
    ...FIXTURES.filesOfKind('slsa-provenance'),
  ];
  beforeAll(async () => {
    const docs: Record<string, unknown> = {};
    for (const file of files) docs[file] = readFileSync(FIXTURES.path(file), 'utf8');
    t = await startTestApp(docs);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a path exactly to the dependencies; every hop an edge the walk takes, named by an ingested document', async () => {
    const index = t.server.service.index;
    expect(expectPathsExactlyToDependencies(index)).toBeGreaterThan(50);
    const digests = new Set(
      files.map((f) =>
        createHash('sha256')
          .update(readFileSync(FIXTURES.path(f)))
          .digest('hex'),
      ),
    );
    let checked = 0;
    for (const start of startsOf(index).filter((s) => s.artifactWalk || s.dependencies.size > 0)) {
      for (const to of [...start.dependencies].slice(0, 3)) {
        const r = await t.get(`/v0/path?from=${enc(start.from)}&to=${enc(to)}&limit=2`);
        expect(r.status).toBe(200);
        for (const path of r.body.paths as Step[][]) {
          for (let i = 1; i < path.length; i++) {
            const [a, b, edge] = [path[i - 1].node, path[i].node, path[i].edge!];
            const ida = a.startsWith('pkg:') ? index.packageId(a)! : index.artifactId(a)!;
            expect(
              edgesFrom(index, ida, start.artifactWalk).some((e) => index.keyOf(e.v) === b && e.kind === edge.kind),
            ).toBe(true);
            expect(digests.has(bare(edge.document!)), `${edge.document}`).toBe(true);
            if (edge.kind === 'dependency') expect(['DIRECT', 'INDIRECT', 'UNKNOWN']).toContain(edge.dependencyType);
          }
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});

/** All shortest chains of a CycloneDX document's own `dependencies` from its subject to `to` (bom-refs). */
function documentChains(doc: any, to: string): string[][] {
  const dependsOnOf = new Map<string, string[]>(doc.dependencies.map((d: any) => [d.ref, d.dependsOn ?? []]));
  let level: string[][] = [[doc.metadata.component['bom-ref']]];
  while (level.length > 0) {
    const done = level.filter((chain) => chain[chain.length - 1] === to);
    if (done.length > 0) return done;
    level = level.flatMap((chain) =>
      (dependsOnOf.get(chain[chain.length - 1]) ?? []).filter((n) => !chain.includes(n)).map((n) => [...chain, n]),
    );
  }
  return [];
}

describe("why a component is in an SBOM: the document's own chain, the inclusion only where it states none", () => {
  let t: TestClient;
  const PETCLINIC = 'cyclonedx-cyclonedx-maven-spring-petclinic.json';
  const petclinicText = readFileSync(FIXTURES.path(PETCLINIC), 'utf8');
  const petclinic = JSON.parse(petclinicText);
  const SUBJECT = 'pkg:maven/org.springframework.samples/spring-petclinic@3.3.0-SNAPSHOT?type=jar';
  const COMMONS = 'pkg:maven/io.micrometer/micrometer-commons@1.13.4?type=jar';
  // A small CycloneDX SBOM whose dependencies reach one component and leave another only listed,
  // and the SBOM of that dependency, which lists a component with no chain either. (A subject with
  // no stated edge at all would depend on the top-level components: GUAC's rule, at ingest.)
  const component = (ref: string, purl: string) => ({ type: 'library', 'bom-ref': ref, name: ref, purl });
  const cyclonedx = (subject: object, components: object[], dependencies: object[]) =>
    JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      version: 1,
      metadata: { component: subject },
      components,
      dependencies,
    });
  const shop = cyclonedx(
    { type: 'application', 'bom-ref': 'shop', name: 'shop', purl: 'pkg:npm/shop@1.0.0' },
    [
      component('web', 'pkg:npm/web@2.0.0'),
      component('parser', 'pkg:npm/parser@3.0.0'),
      component('vendored', 'pkg:npm/vendored@1.0.0'),
    ],
    [
      { ref: 'shop', dependsOn: ['web'] },
      { ref: 'web', dependsOn: ['parser'] },
    ],
  );
  const web = cyclonedx(
    { type: 'library', 'bom-ref': 'web', name: 'web', purl: 'pkg:npm/web@2.0.0' },
    [component('helper', 'pkg:npm/helper@1.0.0'), component('bundled', 'pkg:npm/bundled@0.1.0')],
    [{ ref: 'web', dependsOn: ['helper'] }],
  );
  const digest = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
  beforeAll(async () => {
    t = await startTestApp({
      [PETCLINIC]: petclinicText,
      'shop.cdx.json': shop,
      'web.cdx.json': web,
      'scan.json': { certifyVuln: [vuln(COMMONS, 'cve', 'CVE-2099-0001')] },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const path = async (from: string, to: string, limit = 10) => {
    const r = await t.get(`/v0/path?from=${enc(from)}&to=${enc(to)}&limit=${limit}`);
    expect(r.status, r.text).toBe(200);
    return r.body as { via: string; paths: Step[][] };
  };

  it('from the subject of a real SBOM to a transitive component: every shortest chain the document states', async () => {
    const expected = documentChains(petclinic, COMMONS).map((chain) => chain.join('\u0000'));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected[0].split('\u0000')).toHaveLength(4); // petclinic → actuator starter → micrometer-jakarta9 or -observation → commons
    const body = await path(SUBJECT, COMMONS);
    expect(body.via).toBe('dependencies');
    expect(body.paths.map((p) => p.map((s) => s.node).join('\u0000'))).toEqual([...expected].sort());
    for (const p of body.paths)
      for (const step of p.slice(1))
        expect(step.edge).toMatchObject({ kind: 'dependency', document: digest(petclinicText) });
    // The direct function answers the same.
    const answer = findPaths(t.server.service.index, SUBJECT, COMMONS, 1);
    expect(answer.via).toBe('dependencies');
    expect(answer.paths[0]).toHaveLength(4);
  });

  it('a component the document lists but reaches by no chain: its inclusion, and says so', async () => {
    expect(await path('pkg:npm/shop@1.0.0', 'pkg:npm/parser@3.0.0')).toEqual({
      via: 'dependencies',
      paths: [
        [
          { node: 'pkg:npm/shop@1.0.0' },
          {
            node: 'pkg:npm/web@2.0.0',
            edge: { kind: 'dependency', dependencyType: expect.any(String), document: digest(shop) },
          },
          {
            node: 'pkg:npm/parser@3.0.0',
            edge: { kind: 'dependency', dependencyType: expect.any(String), document: digest(shop) },
          },
        ],
      ],
    });
    expect(await path('pkg:npm/shop@1.0.0', 'pkg:npm/vendored@1.0.0')).toEqual({
      via: 'inclusion',
      paths: [
        [
          { node: 'pkg:npm/shop@1.0.0' },
          { node: 'pkg:npm/vendored@1.0.0', edge: { kind: 'sbom', document: digest(shop) } },
        ],
      ],
    });
    // The stated chain as far as it goes, then the inclusion of the dependency's own SBOM.
    expect(await path('pkg:npm/shop@1.0.0', 'pkg:npm/bundled@0.1.0')).toEqual({
      via: 'inclusion',
      paths: [
        [
          { node: 'pkg:npm/shop@1.0.0' },
          {
            node: 'pkg:npm/web@2.0.0',
            edge: { kind: 'dependency', dependencyType: expect.any(String), document: digest(shop) },
          },
          { node: 'pkg:npm/bundled@0.1.0', edge: { kind: 'sbom', document: digest(web) } },
        ],
      ],
    });
  });

  it("a vulnerability's dependents: the path shown is the document's chain too", async () => {
    const r = await t.get(`/v0/vuln/CVE-2099-0001/dependents?PageSize=1000`);
    expect(r.status, r.text).toBe(200);
    const item = r.body.dependents.find((d: { purl: string }) => d.purl === SUBJECT);
    expect(item).toBeDefined();
    const chains = new Set(documentChains(petclinic, COMMONS).map((chain) => chain.slice(1).join('\u0000')));
    expect(chains.has(item.via.join('\u0000')), item.via.join(' → ')).toBe(true);
  });
});

describe('GET /v0/path', () => {
  let t: TestClient;
  const IMAGE = `sha256:${hex('path-image')}`;
  const COPY = `sha256:${hex('path-copy')}`;
  const BUILT = `sha256:${hex('path-built')}`;
  const docs = {
    'deps.json': {
      isDependency: [
        dependsOn('pkg:npm/app@1.0.0', 'pkg:npm/lib@2.0.0'),
        dependsOn('pkg:npm/app@1.0.0', 'pkg:npm/util@1.0.0', 'INDIRECT'),
        dependsOn('pkg:npm/util@1.0.0', 'pkg:npm/leaf@3.0.0'),
        dependsOn('pkg:npm/lib@2.0.0', 'pkg:npm/leaf@3.0.0'),
      ],
    },
    'again.json': { isDependency: [dependsOn('pkg:npm/app@1.0.0', 'pkg:npm/lib@2.0.0', 'UNKNOWN')] },
    'image.json': {
      hasSBOM: [sbomFor({ artifact: IMAGE })],
      isOccurrence: [occurrence('pkg:oci/img@1', IMAGE)],
      isDependency: [dependsOn('pkg:npm/app@1.0.0', 'pkg:npm/lib@2.0.0')],
    },
    'copy.json': { hashEqual: [hashEqual(COPY, IMAGE)] },
    'built.json': { hasSlsa: [slsa(BUILT, [COPY])] },
  };
  const doc = (name: keyof typeof docs) => `sha256:${digestOf(docs[name])}`;
  beforeAll(async () => {
    t = await startTestApp(docs);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names each hop with its kind, dependency type and the earliest document stating it', async () => {
    const r = await t.get(`/v0/path?from=${enc('pkg:npm/app@1.0.0')}&to=${enc('pkg:npm/leaf@3.0.0')}&limit=5`);
    expect(r.status).toBe(200);
    expect(r.headers.get('etag')).toMatch(/^"/);
    const deps = doc('deps.json');
    expect(r.body).toEqual({
      via: 'dependencies',
      paths: [
        [
          { node: 'pkg:npm/app@1.0.0' },
          { node: 'pkg:npm/lib@2.0.0', edge: { kind: 'dependency', dependencyType: 'DIRECT', document: deps } },
          { node: 'pkg:npm/leaf@3.0.0', edge: { kind: 'dependency', dependencyType: 'DIRECT', document: deps } },
        ],
        [
          { node: 'pkg:npm/app@1.0.0' },
          { node: 'pkg:npm/util@1.0.0', edge: { kind: 'dependency', dependencyType: 'INDIRECT', document: deps } },
          { node: 'pkg:npm/leaf@3.0.0', edge: { kind: 'dependency', dependencyType: 'DIRECT', document: deps } },
        ],
      ],
    });
    const cached = await t.get(`/v0/path?from=${enc('pkg:npm/app@1.0.0')}&to=${enc('pkg:npm/leaf@3.0.0')}&limit=5`, {
      'if-none-match': r.headers.get('etag')!,
    });
    expect(cached.status).toBe(304);
  });

  it('from an artifact: through hash equality and SLSA materials, packages are leaves', async () => {
    const r = await t.get(`/v0/path?from=${enc(BUILT)}&to=${enc('pkg:npm/lib@2.0.0')}`);
    expect(r.body.paths).toEqual([
      [
        { node: BUILT },
        // GUAC's predicates carry no signature: the provenance is recorded as unsigned.
        { node: COPY, edge: { kind: 'slsa', document: doc('built.json'), signature: 'unsigned' } },
        { node: IMAGE, edge: { kind: 'hash-equal', document: doc('copy.json') } },
        { node: 'pkg:npm/lib@2.0.0', edge: { kind: 'sbom', document: doc('image.json') } },
      ],
    ]);
    // leaf@3.0.0 is a dependency of lib, but the image's SBOM does not include it.
    const none = await t.get(`/v0/path?from=${enc(BUILT)}&to=${enc('pkg:npm/leaf@3.0.0')}`);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('SG_PATH_NOT_FOUND');
    const occurrence = await t.get(`/v0/path?from=${enc('pkg:oci/img@1')}&to=${enc('pkg:npm/leaf@3.0.0')}`);
    expect(occurrence.body.paths[0].slice(0, 2)).toEqual([
      { node: 'pkg:oci/img@1' },
      { node: IMAGE, edge: { kind: 'occurrence', document: doc('image.json') } },
    ]);
  });

  it('a template starts at every version it names; a named version is its own path', async () => {
    const r = await t.get(`/v0/path?from=${enc('pkg:npm/leaf')}&to=${enc('pkg:npm/leaf@3.0.0')}`);
    expect(r.body.paths).toEqual([[{ node: 'pkg:npm/leaf@3.0.0' }]]);
    const exact = await t.get(`/v0/path?from=${enc('pkg:npm/leaf@3.0.0')}&to=${enc('pkg:npm/leaf@3.0.0')}`);
    expect(exact.status).toBe(404);
  });

  it('answers 400 naming the parameter and 404 for unknown nodes', async () => {
    const cases: [string, number, string][] = [
      ['/v0/path?to=pkg:npm/lib@2.0.0', 400, 'from'],
      [`/v0/path?from=${enc('pkg:npm/app@1.0.0')}`, 400, 'to'],
      [`/v0/path?from=sha256%3Aab%01cd&to=${enc('pkg:npm/lib@2.0.0')}`, 400, 'from'],
      [`/v0/path?from=${enc('pkg:npm/app@1.0.0')}&to=lodash`, 400, 'to'],
      [`/v0/path?from=${enc('pkg:npm/app@1.0.0')}&to=${enc('pkg:npm/lib@2.0.0')}&limit=0`, 400, 'limit'],
      [`/v0/path?from=${enc('pkg:npm/app@1.0.0')}&to=${enc('pkg:npm/lib@2.0.0')}&limit=101`, 400, 'limit'],
      [`/v0/path?from=${enc('pkg:npm/app@1.0.0')}&to=${enc('pkg:npm/lib@2.0.0')}&limit=x`, 400, 'limit'],
    ];
    for (const [url, status, parameter] of cases) {
      const r = await t.get(url);
      expect(r.status, url).toBe(status);
      expect(r.body.detail, url).toContain(parameter);
    }
    const unknownFrom = await t.get(`/v0/path?from=${enc('pkg:npm/none@1')}&to=${enc('pkg:npm/lib@2.0.0')}`);
    expect([unknownFrom.status, unknownFrom.body.code]).toEqual([404, 'SG_PACKAGE_NOT_FOUND']);
    const unknownTo = await t.get(`/v0/path?from=${enc('pkg:npm/app@1.0.0')}&to=${enc('pkg:npm/none@1')}`);
    expect([unknownTo.status, unknownTo.body.code]).toEqual([404, 'SG_PACKAGE_NOT_FOUND']);
    // Anything that is not a purl is a digest.
    const plainWord = await t.get(`/v0/path?from=lodash&to=${enc('pkg:npm/lib@2.0.0')}`);
    expect([plainWord.status, plainWord.body.code]).toEqual([404, 'SG_ARTIFACT_NOT_FOUND']);
    const unknownArtifact = await t.get(`/v0/path?from=sha256:${hex('none')}&to=${enc('pkg:npm/lib@2.0.0')}`);
    expect([unknownArtifact.status, unknownArtifact.body.code]).toEqual([404, 'SG_ARTIFACT_NOT_FOUND']);
    const backwards = await t.get(`/v0/path?from=${enc('pkg:npm/leaf@3.0.0')}&to=${enc('pkg:npm/app@1.0.0')}`);
    expect([backwards.status, backwards.body.code]).toEqual([404, 'SG_PATH_NOT_FOUND']);
  });

  it('after the earliest document is deleted, names the earliest one left (and its dependency type)', async () => {
    const url = `/v0/path?from=${enc('pkg:npm/app@1.0.0')}&to=${enc('pkg:npm/lib@2.0.0')}`;
    const hop = async () => ((await t.get(url)).body.paths as Step[][])[0][1].edge;
    expect(await hop()).toEqual({ kind: 'dependency', dependencyType: 'DIRECT', document: doc('deps.json') });
    expect(await t.server.service.store.deleteDocument(doc('deps.json'))).toBe(true);
    await t.server.service.refresh();
    expect(await hop()).toEqual({ kind: 'dependency', dependencyType: 'UNKNOWN', document: doc('again.json') });
    // Stored again, it is the latest document stating the edge.
    await ingestInto(t.storeDir, { 'deps.json': docs['deps.json'] });
    await t.server.service.refresh();
    expect(await hop()).toEqual({ kind: 'dependency', dependencyType: 'UNKNOWN', document: doc('again.json') });
  });

  it('edges stored before schema 6 (no first document kept) are found by searching the documents in order', async () => {
    // As a store migrated from schema 5 has them.
    if (TEST_BACKEND === 'postgres')
      await withDatabase(t.storeDir, (sql) => sql`UPDATE sg_dependency_edges SET doc = NULL, idx = NULL`);
    else {
      const db = new Database(join(t.storeDir, 'supplygraph.sqlite'));
      db.prepare('UPDATE dependency_edges SET doc = NULL, idx = NULL').run();
      db.close();
    }
    const r = await t.get(`/v0/path?from=${enc('pkg:npm/app@1.0.0')}&to=${enc('pkg:npm/leaf@3.0.0')}&limit=5`);
    const edges = (r.body.paths as Step[][]).map((p) => p.slice(1).map((s) => s.edge));
    expect(edges).toEqual([
      [
        { kind: 'dependency', dependencyType: 'UNKNOWN', document: doc('again.json') },
        { kind: 'dependency', dependencyType: 'DIRECT', document: doc('deps.json') },
      ],
      [
        { kind: 'dependency', dependencyType: 'INDIRECT', document: doc('deps.json') },
        { kind: 'dependency', dependencyType: 'DIRECT', document: doc('deps.json') },
      ],
    ]);
  });
});
