// Merging new edges into a CSR gives the CSR a build from every edge gives (rows sorted, no
// duplicates), forwards and backwards, with new nodes, repeated edges and untouched lists.
import { describe, expect, it } from 'vitest';
import { buildCsr } from '../../src/index/csr.js';
import { mergeCsr } from '../../src/index/csr-merge.js';

/** A seeded generator (mulberry32): the same cases on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function edges(next: () => number, count: number, nodes: number): { from: Uint32Array; to: Uint32Array } {
  const from = new Uint32Array(count);
  const to = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    from[i] = Math.floor(next() * nodes);
    to[i] = Math.floor(next() * nodes);
  }
  return { from, to };
}

const joined = (a: Uint32Array, b: Uint32Array): Uint32Array => Uint32Array.from([...a, ...b]);

describe('mergeCsr', () => {
  it.each([
    [1, 2_000, 50, 300, 320],
    [2, 50_000, 3_000, 1_000, 1_000],
    [3, 10, 10, 5, 40],
    [4, 0, 25, 0, 7],
  ])(
    'seed %i: %i edges, %i more, %i → %i nodes, equals a whole build',
    (seed, baseCount, addedCount, baseNodes, nodeCount) => {
      const next = random(seed);
      const base = edges(next, baseCount, baseNodes || 1);
      const added = edges(next, addedCount, nodeCount);
      // Some new edges repeat old ones, and some repeat each other.
      for (let i = 0; i < Math.min(baseCount, addedCount) / 3; i++)
        [added.from[i], added.to[i]] = [base.from[i], base.to[i]];
      for (const reverse of [false, true]) {
        const whole = buildCsr(nodeCount, joined(base.from, added.from), joined(base.to, added.to), reverse);
        const merged = mergeCsr(buildCsr(baseNodes, base.from, base.to, reverse), nodeCount, added, reverse);
        expect(merged.offsets).toEqual(whole.offsets);
        expect(merged.targets).toEqual(whole.targets);
      }
    },
  );

  it('shares the rows of a list without new edges, giving new nodes empty rows', () => {
    const base = buildCsr(3, Uint32Array.of(0, 1), Uint32Array.of(1, 2));
    const merged = mergeCsr(base, 5, { from: new Uint32Array(0), to: new Uint32Array(0) });
    expect(merged.targets).toBe(base.targets);
    expect([...merged.offsets]).toEqual([0, 1, 2, 2, 2, 2]);
  });
});
