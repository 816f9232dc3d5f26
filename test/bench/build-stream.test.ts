// The portfolio's build stream (bench/portfolio/build-stream.ts): deterministic from its seed,
// exactly as many documents as asked, consecutive builds of a service nearly the same package set
// with `changed` naming the difference, and every kind of document it writes ingested by the real
// pipeline with its subject a node the API names and every package reachable from it.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildStream, type BuildDocument, type BuildStreamOptions } from '../../bench/portfolio/build-stream.js';
import { SEEDS } from '../../bench/portfolio/seeds.js';
import { GraphIndex } from '../../src/index/graph-index.js';
import { LoadBatch } from '../../src/index/load-batch.js';
import { ingestDocument, type DocumentResult } from '../../src/ingest/pipeline.js';
import { canonicalPurl } from '../../src/model/purl.js';
import { artifactDependencies, packageDependencies } from '../../src/query/dependencies.js';
import { resolveArtifact, resolvePackages } from '../../src/query/resolve.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { EMPTY_CURSOR } from '../../src/store/types.js';
import { tempDir } from '../helpers/server.js';

const work = tempDir('sg-build-stream-');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const all = (options: BuildStreamOptions): BuildDocument[] => [...buildStream(options)];

type Json = Record<string, unknown>;

/** The purls of a document's packages (not its subject), in document order. */
function packagePurls(doc: BuildDocument): string[] {
  const json = JSON.parse(doc.text) as Json;
  if (json.bomFormat === 'CycloneDX') return (json.components as { purl: string }[]).map((c) => c.purl);
  const packages = (json.packages as { SPDXID: string; externalRefs: { referenceLocator: string }[] }[]).slice(1);
  return packages.map((p) => p.externalRefs[0].referenceLocator);
}

/**
 * The dependency edges a document declares, as [from, to] positions in its package list (-1: the
 * subject): CycloneDX `dependencies` by bom-ref (the purl), SPDX relationships by SPDXID.
 */
function declaredEdges(doc: BuildDocument): [number, number][] {
  const json = JSON.parse(doc.text) as Json;
  const position = new Map<string, number>();
  const edges: [number, number][] = [];
  const at = (ref: string): number => position.get(ref) ?? -2;
  if (json.bomFormat === 'CycloneDX') {
    packagePurls(doc).forEach((purl, i) => position.set(purl, i));
    position.set(doc.subject.purl!, -1);
    for (const d of json.dependencies as { ref: string; dependsOn: string[] }[])
      for (const to of d.dependsOn) edges.push([at(d.ref), at(to)]);
  } else {
    (json.packages as { SPDXID: string }[]).forEach((p, i) => position.set(p.SPDXID, i - 1));
    for (const r of json.relationships as {
      spdxElementId: string;
      relationshipType: string;
      relatedSpdxElement: string;
    }[])
      if (r.relationshipType !== 'DESCRIBES') edges.push([at(r.spdxElementId), at(r.relatedSpdxElement)]);
  }
  return edges;
}

async function ingestAll(
  docs: BuildDocument[],
  dir: string,
): Promise<{ results: DocumentResult[]; index: GraphIndex }> {
  mkdirSync(dir, { recursive: true });
  const store = SqliteStore.open(dir);
  try {
    const results: DocumentResult[] = [];
    for (const doc of docs) {
      const bytes = Buffer.from(doc.text);
      const input = { name: doc.name, read: () => Promise.resolve(bytes) };
      results.push(await ingestDocument(input, { store, collector: 'test', maxDocumentBytes: 1 << 26 }));
    }
    const batch = new LoadBatch();
    await store.load(EMPTY_CURSOR, batch);
    const index = new GraphIndex();
    index.apply(batch);
    return { results, index };
  } finally {
    await store.close();
  }
}

describe('bench/portfolio build stream', () => {
  const options = { seed: 11, sboms: 400, services: 20, components: 120 };
  const docs = all(options);

  it('yields exactly `sboms` documents over `services` services, builds numbered 1, 2, 3… per service', () => {
    expect(docs).toHaveLength(400);
    expect(all({ ...options, sboms: 7 })).toHaveLength(7);
    expect(all({ ...options, sboms: 0 })).toHaveLength(0);
    const builds = new Map<string, number>();
    for (const doc of docs) {
      expect(doc.build).toBe((builds.get(doc.service) ?? 0) + 1);
      builds.set(doc.service, doc.build);
      expect(doc.service).toMatch(/^svc-\d{4}-[a-z]+$/);
      expect(doc.name).toBe(`${doc.service}-b${String(doc.build).padStart(6, '0')}.${doc.name.split('.').at(-2)}.json`);
    }
    expect(builds.size).toBe(20);
    // CI builds some services far more often than others.
    const counts = [...builds.values()].sort((a, b) => b - a);
    expect(counts[0]).toBeGreaterThan(3 * counts[counts.length - 1]);
  });

  it('is deterministic: the same seed and options give the same bytes, another seed others', () => {
    const again = all(options);
    expect(again.map((d) => d.text)).toEqual(docs.map((d) => d.text));
    expect(again.map((d) => d.name)).toEqual(docs.map((d) => d.name));
    const other = all({ ...options, seed: 12 });
    expect(other[0].text).not.toBe(docs[0].text);
    expect(other.filter((d, i) => d.text === docs[i].text)).toHaveLength(0);
  });

  it('writes `components` packages per document, with canonical purls, and subjects named as the API names them', () => {
    for (const doc of docs) {
      const purls = packagePurls(doc);
      expect(purls.length).toBe(doc.components);
      expect(Math.abs(doc.components - 120)).toBeLessThanOrEqual(3);
      expect(new Set(purls).size).toBe(purls.length);
      for (const purl of [...purls.slice(0, 20), doc.subject.purl!, ...doc.changed])
        expect(canonicalPurl(purl)).toBe(purl);
      if (doc.subject.digest !== undefined) {
        expect(doc.subject.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
        expect(doc.subject.purl).toContain(`@${doc.subject.digest}?`);
      }
    }
    // Every purl of every seed's first build is canonical (the seeds' real purls included).
    for (const doc of docs.slice(0, SEEDS.length))
      for (const purl of packagePurls(doc)) expect(canonicalPurl(purl)).toBe(purl);
  });

  it('changes a few packages a build: `changed` is what the build has and the previous one had not', () => {
    const previous = new Map<string, Set<string>>();
    let added = 0;
    for (const doc of docs) {
      const now = new Set(packagePurls(doc));
      const before = previous.get(doc.service);
      if (before === undefined) expect(doc.changed).toEqual([]);
      else {
        const fresh = [...now].filter((p) => !before.has(p));
        expect(doc.changed).toEqual(fresh);
        expect(doc.changed.length).toBeGreaterThan(0);
        expect(doc.changed.length).toBeLessThanOrEqual(6);
        const shared = [...now].filter((p) => before.has(p)).length;
        expect(shared / Math.max(now.size, before.size)).toBeGreaterThanOrEqual(0.9);
        added += fresh.length;
      }
      previous.set(doc.service, now);
    }
    expect(added).toBeGreaterThan(docs.length);
  });

  it('declares a dependency DAG from the subject that reaches every package, the same from build to build', () => {
    const previous = new Map<string, { edges: string[]; count: number }>();
    let compared = 0;
    for (const doc of docs) {
      const edges = declaredEdges(doc);
      const children = new Map<number, number[]>();
      for (const [from, to] of edges) {
        expect(from, doc.name).toBeGreaterThanOrEqual(-1);
        expect(to, doc.name).toBeGreaterThan(from); // every edge points forward: a DAG
        children.set(from, [...(children.get(from) ?? []), to]);
      }
      const direct = children.get(-1) ?? [];
      expect(direct.length).toBeGreaterThanOrEqual(1);
      expect(direct.length).toBeLessThan(doc.components / 4);
      const reached = new Set<number>();
      const walk = [-1];
      while (walk.length > 0) {
        for (const c of children.get(walk.pop()!) ?? []) {
          if (reached.has(c)) continue;
          reached.add(c);
          walk.push(c);
        }
      }
      expect(reached.size, doc.name).toBe(doc.components);
      // Bumps keep every edge (by position); only an added or removed package changes a few.
      const key = edges.map(([a, b]) => `${a}>${b}`).sort();
      const before = previous.get(doc.service);
      if (before?.count === doc.components) {
        expect(key).toEqual(before.edges);
        compared++;
      }
      previous.set(doc.service, { edges: key, count: doc.components });
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('gives an image a new digest every build', () => {
    const digests = docs.flatMap((d) => (d.subject.digest ? [d.subject.digest] : []));
    expect(digests.length).toBeGreaterThan(50);
    expect(new Set(digests).size).toBe(digests.length);
  });

  it('pads a small seed and samples a large one down to the target', () => {
    const big = all({ seed: 3, sboms: SEEDS.length, services: SEEDS.length });
    for (const doc of big) expect(doc.components).toBe(1000);
    const small = all({ seed: 3, sboms: SEEDS.length, services: SEEDS.length, components: 5 });
    for (const doc of small) expect(doc.components).toBe(5);
  });
});

describe('bench/portfolio build stream, ingested', () => {
  // One service per seed (every format, ecosystem and subject kind), then more builds of each.
  const docs = all({ seed: 5, sboms: 3 * SEEDS.length, services: SEEDS.length, components: 1000 });

  it('stores every document whole, its subject a node the API names, every package reachable from it', async () => {
    const firsts = docs.slice(0, SEEDS.length);
    const { results, index } = await ingestAll(firsts, join(work, 'firsts'));
    results.forEach((result, i) => {
      const doc = firsts[i];
      expect(result.status, `${doc.name}: ${result.error}`).toBe('stored');
      expect(result.skippedItems, doc.name).toEqual([]);
      // The packages and the subject (an image's oci package too).
      expect(result.packages, doc.name).toBe(doc.components + 1);
      const reached = doc.subject.digest
        ? artifactDependencies(index, doc.subject.digest)
        : packageDependencies(index, resolvePackages(index, doc.subject.purl!));
      if (doc.subject.digest) expect(resolveArtifact(index, doc.subject.digest)).toBeGreaterThanOrEqual(0);
      expect(index.packageId(doc.subject.purl!), doc.name).toBeDefined();
      const closure = new Set(reached);
      const purls = packagePurls(doc);
      for (const purl of purls) expect(closure.has(purl), `${doc.name}: ${purl}`).toBe(true);
      // The declared edges are in the graph, not only the SBOM's inclusion of every package.
      for (const [from, to] of declaredEdges(doc)
        .filter(([from]) => from >= 0)
        .slice(0, 40)) {
        const below = packageDependencies(index, resolvePackages(index, purls[from]));
        expect(below, `${doc.name}: ${purls[from]} → ${purls[to]}`).toContain(purls[to]);
      }
    });
    expect(new Set(results.map((r) => r.format)).size).toBeGreaterThanOrEqual(4);
  });

  it('stores later builds as documents of their own', async () => {
    const { results, index } = await ingestAll(docs, join(work, 'all'));
    for (const result of results) expect(result.status).toBe('stored');
    for (const doc of docs) expect(index.packageId(doc.subject.purl!)).toBeDefined();
    const changed = docs.flatMap((d) => d.changed);
    expect(changed.length).toBeGreaterThan(0);
    for (const purl of changed) expect(index.packageId(purl), purl).toBeDefined();
  });
});
