// The frequency ranking recounted after an ingest (only what new edges reach) equals a full
// recount, on random graphs with cycles, unranked edges and several versions per name.
import { describe, expect, it } from 'vitest';
import { computeFrequencyRanking } from '../../src/index/frequency.js';
import { GraphIndex } from '../../src/index/graph-index.js';
import { LoadBatch } from '../../src/index/load-batch.js';
import { NodeKind } from '../../src/model/kinds.js';

function rng(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** Mostly "downhill" edges (a → a bit further), a few back edges for cycles, some unranked. */
function randomBatch(
  random: () => number,
  firstNode: number,
  nodes: number,
  fromNodes: [number, number],
  allNodes: number,
  edges: number,
): LoadBatch {
  const batch = new LoadBatch();
  for (let id = firstNode; id < firstNode + nodes; id++) {
    batch.node(id, NodeKind.Package, `pkg:npm/name-${id % 160}@${id}`, null);
  }
  for (let i = 0; i < edges; i++) {
    const a = fromNodes[0] + Math.floor(random() * (fromNodes[1] - fromNodes[0] + 1));
    const b =
      random() < 0.03 ? 1 + Math.floor(random() * allNodes) : Math.min(allNodes, a + 1 + Math.floor(random() * 25));
    if (a !== b) batch.dependencyEdge(a, b, random() < 0.85);
  }
  return batch;
}

describe('frequency ranking', () => {
  it.each([1, 2, 3, 4, 5])('an incremental recount equals a full one (seed %i)', async (seed) => {
    const random = rng(seed);
    const index = new GraphIndex();
    index.apply(randomBatch(random, 1, 400, [1, 400], 400, 900));
    const first = await computeFrequencyRanking(index, () => false);
    // A small ingest: a few new nodes and edges, some into the existing graph.
    index.apply(randomBatch(random, 401, 20, [380, 420], 420, 30));
    const incremental = await computeFrequencyRanking(index, () => false, first);
    const full = await computeFrequencyRanking(index, () => false);
    expect(incremental!.entries).toEqual(full!.entries);
  });

  it('recounts only the names new edges can reach', async () => {
    const index = new GraphIndex();
    const batch = new LoadBatch();
    for (let id = 1; id <= 6; id++) batch.node(id, NodeKind.Package, `pkg:npm/p${id}@1`, null);
    batch.dependencyEdge(1, 2, true);
    batch.dependencyEdge(2, 3, true);
    batch.dependencyEdge(4, 5, true);
    index.apply(batch);
    const first = await computeFrequencyRanking(index, () => false);
    const more = new LoadBatch();
    more.dependencyEdge(6, 5, true);
    index.apply(more);
    const incremental = await computeFrequencyRanking(index, () => false, first);
    expect(incremental!.recounted).toBe(1); // only p5's dependents changed
    expect(incremental!.entries).toEqual((await computeFrequencyRanking(index, () => false))!.entries);
    expect(incremental!.countByName.get('pkg:npm/p5')).toBe(2);
  });

  it('counts a version that depends on another version of its own name, and no name without ranked dependents', async () => {
    const index = new GraphIndex();
    const batch = new LoadBatch();
    batch.node(1, NodeKind.Package, 'pkg:npm/a@1', null);
    batch.node(2, NodeKind.Package, 'pkg:npm/a@2', null);
    batch.node(3, NodeKind.Package, 'pkg:npm/b@1', null);
    batch.dependencyEdge(2, 1, true);
    batch.dependencyEdge(3, 2, false);
    index.apply(batch);
    const ranking = await computeFrequencyRanking(index, () => false);
    expect(ranking!.entries).toEqual([{ name: 'pkg:npm/a', dependentCount: 1 }]);
  });
});
