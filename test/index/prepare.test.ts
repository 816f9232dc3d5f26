// Adjacency prepared in slices before a batch is applied equals the adjacency a synchronous
// rebuild gives, and readers see none of the batch until apply().
import { rowOf } from '../../src/index/csr.js';
import { describe, expect, it } from 'vitest';
import { GraphIndex } from '../../src/index/graph-index.js';
import { LoadBatch } from '../../src/index/load-batch.js';
import { FactKind, NodeKind } from '../../src/model/kinds.js';

function batchOf(first: number, count: number, seed: number): LoadBatch {
  let x = seed;
  const random = (n: number): number => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return 1 + (x % n);
  };
  const b = new LoadBatch();
  for (let id = first; id < first + count; id++) {
    b.node(
      id,
      id % 5 === 0 ? NodeKind.Artifact : NodeKind.Package,
      id % 5 === 0 ? `sha256:${String(id).padStart(64, '0')}` : `pkg:npm/p${id % 40}@${id}`,
      null,
    );
  }
  const last = first + count - 1;
  for (let i = 0; i < count * 3; i++) b.dependencyEdge(random(last), random(last), i % 4 !== 0);
  for (let i = 0; i < count; i++) {
    b.link(FactKind.SbomIncludes, random(last), random(last), 1);
    b.link(FactKind.IsOccurrence, first + 5 * (i % Math.floor(count / 5)), random(last), 1);
    b.link(FactKind.HasSlsa, random(last), random(last), 1);
  }
  return b;
}

const adjacency = ({ adjacency: a, nodeCount }: GraphIndex) => [
  ...[a.dependencyOut, a.rankedDependents, a.slsaOut, a.equivalent].map((c) => [
    Array.from(c.offsets),
    Array.from(c.targets),
  ]),
  // Layered rows: the same neighbours, whichever layer holds them.
  ...[a.sbomOut, a.sbomIn].map((rows) =>
    Array.from({ length: nodeCount }, (_, u) => rowOf(rows, u).sort((x, y) => x - y)),
  ),
];

describe('prepared adjacency', () => {
  it('equals a synchronous rebuild, and is invisible until applied', async () => {
    const sync = new GraphIndex();
    const sliced = new GraphIndex();
    for (const index of [sync, sliced]) index.apply(batchOf(1, 300, 7));
    const next = batchOf(301, 60, 11);
    // The same second batch for both: one rebuilt synchronously, one prepared first.
    const prepared = await sliced.prepare(next);
    expect(adjacency(sliced)).toEqual(adjacency(sync));
    sync.apply(next);
    sliced.apply(next, prepared);
    expect(adjacency(sliced)).toEqual(adjacency(sync));
    expect(sliced.adjacency.dependencyOut.offsets.length).toBe(362); // ids 1..360, plus the end offset
  });
});
