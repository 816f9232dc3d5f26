// The frequency ranking compared with an obviously correct reference (a breadth-first walk from
// every node, written here) on many random graphs of adversarial shapes: long chains, wide fans,
// one huge cycle, many versions of one name, diamond lattices, a root fanning out to nodes that
// each depend on two others, self-loops, unranked (deps.dev) edges and guac file pseudo-packages.
import { describe, expect, it } from 'vitest';
import { rng } from '../helpers/rng.js';
import { computeFrequencyRanking, type RankedName } from '../../src/index/frequency.js';
import { countReached } from '../../src/index/frequency/reach-counts.js';
import { runInSlices } from '../../src/index/slices.js';
import { GraphIndex } from '../../src/index/graph-index.js';
import { LoadBatch } from '../../src/index/load-batch.js';
import { buildCsr } from '../../src/index/csr.js';
import { NodeKind } from '../../src/model/kinds.js';

interface TestGraph {
  /** purl of node id i + 1 */
  purls: string[];
  /** [from, to, ranked]: `from` depends on `to` (ids from 1) */
  edges: [number, number, boolean][];
}

type Shape = (random: () => number, n: number) => TestGraph;

const pick = (random: () => number, n: number): number => 1 + Math.floor(random() * n);

/** Purls over a pool of names; a few guac file pseudo-packages. */
function purlsFor(random: () => number, n: number, names: number, guacShare = 0.02): string[] {
  const purls: string[] = [];
  for (let id = 1; id <= n; id++) {
    purls.push(
      random() < guacShare ? `pkg:guac/files/sha256-${id}@${id}` : `pkg:npm/n${Math.floor(random() * names)}@${id}`,
    );
  }
  return purls;
}

/** Some edges unranked (deps.dev), a few self-loops, some duplicates. */
function sprinkle(random: () => number, n: number, edges: [number, number, boolean][]): [number, number, boolean][] {
  const out = edges.map(([a, b]): [number, number, boolean] => [a, b, random() > 0.1]);
  for (let i = 0; i < n / 20; i++) {
    const a = pick(random, n);
    out.push([a, a, true]);
  }
  for (let i = 0; i < n / 20 && edges.length > 0; i++) out.push(out[Math.floor(random() * edges.length)]);
  return out;
}

const SHAPES: Record<string, Shape> = {
  'long chain': (random, n) => {
    const edges: [number, number, boolean][] = [];
    for (let id = 1; id < n; id++) edges.push([id, id + 1, true]);
    return { purls: purlsFor(random, n, n), edges: sprinkle(random, n, edges) };
  },
  'chain closed into one cycle': (random, n) => {
    const edges: [number, number, boolean][] = [];
    for (let id = 1; id < n; id++) edges.push([id, id + 1, true]);
    edges.push([n, 1, true]);
    return { purls: purlsFor(random, n, n / 3, 0), edges };
  },
  'wide fans in and out': (random, n) => {
    const edges: [number, number, boolean][] = [];
    const hub = Math.floor(n / 2);
    for (let id = 2; id <= n; id++) {
      if (id < hub) edges.push([1, id, true], [id, hub, true]);
      else if (id > hub) edges.push([hub, id, true]);
    }
    return { purls: purlsFor(random, n, n / 2), edges: sprinkle(random, n, edges) };
  },
  'one huge strongly connected component': (random, n) => {
    const edges: [number, number, boolean][] = [];
    for (let id = 1; id <= n; id++) edges.push([id, (id % n) + 1, true]);
    for (let i = 0; i < n; i++) edges.push([pick(random, n), pick(random, n), true]);
    // A tail hanging off the cycle and a few dependents above it.
    return { purls: purlsFor(random, n, n / 4), edges: sprinkle(random, n, edges) };
  },
  'many versions of one name': (random, n) => {
    const purls = purlsFor(random, n, n).map((p, i) => (random() < 0.7 ? `pkg:npm/one@${i + 1}` : p));
    const edges: [number, number, boolean][] = [];
    for (let i = 0; i < 2 * n; i++) {
      const a = pick(random, n);
      edges.push([a, Math.min(n, a + pick(random, 10)), true]);
    }
    for (let i = 0; i < 3; i++) edges.push([pick(random, n), pick(random, n), true]);
    return { purls, edges: sprinkle(random, n, edges) };
  },
  'diamond lattice': (random, n) => {
    const width = 2 + Math.floor(random() * 6);
    const edges: [number, number, boolean][] = [];
    for (let id = 1; id + width <= n; id++) {
      const layerStart = id - ((id - 1) % width);
      edges.push([id, layerStart + width + ((id - layerStart) % width), true]);
      edges.push([id, layerStart + width + ((id - layerStart + 1) % width), true]);
    }
    return {
      purls: purlsFor(random, n, n / 2),
      edges: sprinkle(
        random,
        n,
        edges.filter(([, b]) => b <= n),
      ),
    };
  },
  'root fanning out to nodes that each depend on two others': (random, n) => {
    const edges: [number, number, boolean][] = [];
    const fan = Math.min(n - 1, 50);
    for (let i = 0; i < fan; i++) edges.push([1, 2 + Math.floor(random() * (n - 1)), true]);
    for (let id = 2; id <= n; id++)
      edges.push([id, 1 + pick(random, n - 1), true], [id, 1 + pick(random, n - 1), true]);
    return { purls: purlsFor(random, n, n, 0), edges: sprinkle(random, n, edges) };
  },
  'downhill with back edges': (random, n) => {
    const edges: [number, number, boolean][] = [];
    for (let i = 0; i < 3 * n; i++) {
      const a = pick(random, n);
      const b = random() < 0.03 ? pick(random, n) : Math.min(n, a + pick(random, 25));
      edges.push([a, b, true]);
    }
    return { purls: purlsFor(random, n, n / 3, 0.05), edges: sprinkle(random, n, edges) };
  },
};

function indexOf(graph: TestGraph, edges = graph.edges): GraphIndex {
  const index = new GraphIndex();
  index.apply(batchOf(graph, 0, edges));
  return index;
}

function batchOf(graph: TestGraph, firstNode: number, edges: [number, number, boolean][]): LoadBatch {
  const batch = new LoadBatch();
  graph.purls.forEach((purl, i) => {
    if (i + 1 > firstNode) batch.node(i + 1, NodeKind.Package, purl, null);
  });
  for (const [a, b, ranked] of edges) batch.dependencyEdge(a, b, ranked);
  return batch;
}

const nameOf = (purl: string): string => purl.slice(0, purl.indexOf('@'));

/** The documented rule, walked naively: one breadth-first walk per node over the counted edges. */
function referenceRanking(graph: TestGraph): RankedName[] {
  const n = graph.purls.length;
  const counted = graph.edges.filter(
    ([a, b, ranked]) =>
      ranked &&
      a !== b &&
      !graph.purls[a - 1].startsWith('pkg:guac/files') &&
      !graph.purls[b - 1].startsWith('pkg:guac/files'),
  );
  const out: number[][] = Array.from({ length: n + 1 }, () => []);
  for (const [a, b] of counted) out[a].push(b);
  const dependencyNames = new Set(counted.map(([, b]) => nameOf(graph.purls[b - 1])));
  const counts = new Map<string, number>();
  for (let u = 1; u <= n; u++) {
    const seen = new Set<number>();
    const queue = [...out[u]];
    for (let q = 0; q < queue.length; q++) {
      const v = queue[q];
      if (seen.has(v)) continue;
      seen.add(v);
      queue.push(...out[v]);
    }
    const reachedNames = new Set([...seen].map((v) => nameOf(graph.purls[v - 1])));
    for (const name of reachedNames) {
      if (dependencyNames.has(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  return [...counts]
    .map(([name, dependentCount]) => ({ name, dependentCount }))
    .sort((x, y) => y.dependentCount - x.dependentCount || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
}

const never = (): boolean => false;
const SEEDS = [11, 23, 37, 41, 59, 67];

describe('frequency ranking against a breadth-first reference', () => {
  for (const [shape, make] of Object.entries(SHAPES)) {
    it.each(SEEDS)(`${shape} (seed %i)`, async (seed) => {
      const random = rng(seed);
      const graph = make(random, 150 + Math.floor(random() * 250));
      const expected = referenceRanking(graph);
      expect(expected.length).toBeGreaterThan(0);
      const full = await computeFrequencyRanking(indexOf(graph), never);
      expect(full!.entries).toEqual(expected);

      // The same graph ingested in two parts: the recount after the second equals the reference.
      const cut = Math.floor(graph.edges.length * (0.8 + random() * 0.19));
      const index = indexOf(graph, graph.edges.slice(0, cut));
      const first = await computeFrequencyRanking(index, never);
      index.apply(batchOf(graph, graph.purls.length, graph.edges.slice(cut)));
      const incremental = await computeFrequencyRanking(index, never, first);
      expect(incremental!.entries).toEqual(expected);
    });
  }

  it('counts the graph a run started on, to its end, while newer nodes and edges are applied', async () => {
    for (const [shape, make] of Object.entries(SHAPES)) {
      const random = rng(71);
      const graph = make(random, 400);
      // The first part: the nodes up to `known` and the edges among them; the rest comes later.
      const known = Math.floor(graph.purls.length * 0.7);
      const early = graph.edges.filter(([a, b]) => a <= known && b <= known);
      const late = graph.edges.filter(([a, b]) => a > known || b > known);
      const index = new GraphIndex();
      const first = new LoadBatch();
      graph.purls.slice(0, known).forEach((purl, i) => first.node(i + 1, NodeKind.Package, purl, null));
      for (const [a, b, ranked] of early) first.dependencyEdge(a, b, ranked);
      index.apply(first);

      let settled = false;
      const run = computeFrequencyRanking(index, never, undefined, { generationNow: () => 7, sliceMs: 0 }).finally(
        () => (settled = true),
      );
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(settled, shape).toBe(false); // the run is under way when the rest lands
      index.apply(batchOf(graph, known, late));
      const during = (await run)!;
      expect(during.generation).toBe(7);
      expect(during.entries, shape).toEqual(referenceRanking({ purls: graph.purls.slice(0, known), edges: early }));

      // The next run starts from it and counts what was added meanwhile.
      const next = await computeFrequencyRanking(index, never, during);
      expect(next!.entries, shape).toEqual(referenceRanking(graph));
    }
  });

  it('gives the same counts whatever the block width or the share of one-by-one walks', async () => {
    for (const seed of SEEDS.slice(0, 3)) {
      const random = rng(seed);
      for (const make of Object.values(SHAPES)) {
        const graph = make(random, 300);
        const index = indexOf(graph);
        const names = [...index.nodes.packagesByName.keys()];
        const versions = names.map((name) => index.nodes.versionsOf(name));
        const wide = await runInSlices(countReached(index.adjacency.rankedDependents, versions), never, 1000);
        for (const options of [
          { maxWords: 1, walkBudget: 0 },
          { maxWords: 2, walkBudget: 0 },
          { maxWords: 3, walkBudget: 0 },
          { walkBudget: 0 },
          { walkBudget: 2000 },
          { walkBudget: Infinity },
        ]) {
          const other = await runInSlices(
            countReached(index.adjacency.rankedDependents, versions, options),
            never,
            1000,
          );
          expect(other).toEqual(wide);
        }
        const expected = new Map(referenceRanking(graph).map((e) => [e.name, e.dependentCount]));
        names.forEach((name, i) => {
          if (expected.has(name)) expect(wide![i]).toBe(expected.get(name));
        });
      }
    }
  });

  it('counts every member of a cycle, with the weights of large components', async () => {
    // 1 → 2 ⇄ 3 ⇄ … ⇄ 40 (one component of 39), 40 → 41; names: a for 2..40, b for 1 and 41.
    const purls = Array.from({ length: 41 }, (_, i) => (i === 0 || i === 40 ? `pkg:npm/b@${i}` : `pkg:npm/a@${i}`));
    const edges: [number, number, boolean][] = [
      [1, 2, true],
      [40, 41, true],
    ];
    for (let id = 2; id < 40; id++) edges.push([id, id + 1, true], [id + 1, id, true]);
    const ranking = await computeFrequencyRanking(indexOf({ purls, edges }), never);
    expect(ranking!.entries).toEqual([
      { name: 'pkg:npm/a', dependentCount: 40 },
      { name: 'pkg:npm/b', dependentCount: 40 },
    ]);
  });

  it('ignores self-loops and a target set with nothing to reach', async () => {
    const graph = buildCsr(4, Uint32Array.of(1, 2, 3), Uint32Array.of(1, 3, 2));
    const counts = await runInSlices(countReached(graph, [[1], [2], [0], [9]]), never, 1000);
    expect([...counts!]).toEqual([0, 2, 0, 0]);
  });

  it('stops when the run goes stale', async () => {
    const random = rng(5);
    const index = indexOf(SHAPES['downhill with back edges'](random, 3000));
    let calls = 0;
    const result = await runInSlices(
      countReached(
        index.adjacency.rankedDependents,
        [...index.nodes.packagesByName.keys()].map((name) => index.nodes.versionsOf(name)),
        {
          maxWords: 1,
          walkBudget: 0,
        },
      ),
      () => ++calls > 0,
      0,
    );
    expect(result).toBeUndefined();
    expect(calls).toBe(1);
  });
});
