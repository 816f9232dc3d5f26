// Layered rows (docs/adr/0011) against a whole build from every edge: after any sequence of
// merges, each node's neighbours (base row, then overlay row) are the build's row; each layer is
// sorted, the two never share an edge, the rows given are never changed, and an overlay past its
// bound is folded into a new base.
import { describe, expect, it } from 'vitest';
import { rng } from '../helpers/rng.js';
import { buildCsr, layered, rowOf, type Csr, type LayeredCsr } from '../../src/index/csr.js';
import { mergeLayeredInSlices } from '../../src/index/layered-merge.js';

interface Edges {
  from: number[];
  to: number[];
}

function randomEdges(random: () => number, count: number, nodes: number, known?: Edges): Edges {
  const edges: Edges = { from: [], to: [] };
  for (let i = 0; i < count; i++) {
    // Some edges again (already in the base or the overlay), the rest new, new nodes among them.
    if (known && known.from.length > 0 && random() < 0.2) {
      const j = Math.floor(random() * known.from.length);
      edges.from.push(known.from[j]);
      edges.to.push(known.to[j]);
    } else {
      edges.from.push(1 + Math.floor(random() * (nodes - 1)));
      edges.to.push(1 + Math.floor(random() * (nodes - 1)));
    }
  }
  return edges;
}

const arrays = (e: Edges) => ({ from: Uint32Array.from(e.from), to: Uint32Array.from(e.to) });

function sortedRow(csr: Csr, u: number): number[] {
  return u + 1 < csr.offsets.length ? Array.from(csr.targets.subarray(csr.offsets[u], csr.offsets[u + 1])) : [];
}

function expectEqualToBuild(rows: LayeredCsr, all: Edges, nodeCount: number, reverse: boolean): void {
  const whole = buildCsr(nodeCount, Uint32Array.from(all.from), Uint32Array.from(all.to), reverse);
  for (let u = 0; u < nodeCount; u++) {
    const base = sortedRow(rows.base, u);
    const overlay = sortedRow(rows.overlay, u);
    expect(base).toEqual([...base].sort((x, y) => x - y));
    expect(overlay).toEqual([...overlay].sort((x, y) => x - y));
    expect(overlay.filter((v) => base.includes(v))).toEqual([]);
    expect(rowOf(rows, u).sort((x, y) => x - y)).toEqual(sortedRow(whole, u));
  }
}

describe('layered rows', () => {
  for (const reverse of [false, true]) {
    it(`equal a whole build after each of many merges (${reverse ? 'reverse' : 'forward'})`, async () => {
      for (const seed of [3, 17, 29]) {
        const random = rng(seed);
        let nodeCount = 200;
        const all = randomEdges(random, 600, nodeCount);
        let rows = layered(buildCsr(nodeCount, Uint32Array.from(all.from), Uint32Array.from(all.to), reverse));
        for (let step = 0; step < 12; step++) {
          nodeCount += Math.floor(random() * 20);
          const delta = randomEdges(random, 1 + Math.floor(random() * 80), nodeCount, all);
          const before = { base: rows.base.targets.slice(), overlay: rows.overlay.targets.slice() };
          const next = await mergeLayeredInSlices(rows, nodeCount, arrays(delta), reverse);
          // The rows given are untouched (a reader of the old index may still hold them).
          expect(rows.base.targets).toEqual(before.base);
          expect(rows.overlay.targets).toEqual(before.overlay);
          all.from.push(...delta.from);
          all.to.push(...delta.to);
          expectEqualToBuild(next, all, nodeCount, reverse);
          // Small deltas land in the overlay; the base is the same object.
          expect(next.base).toBe(rows.base);
          rows = next;
        }
        expect(rows.overlay.targets.length).toBeGreaterThan(0);
      }
    });
  }

  it('folds an overlay past its bound into a new base', async () => {
    const random = rng(41);
    const nodeCount = 5_000;
    const all = randomEdges(random, 1_000, nodeCount);
    const rows = layered(buildCsr(nodeCount, Uint32Array.from(all.from), Uint32Array.from(all.to)));
    // Past 65,536 edges (the least bound) the overlay is merged into the base.
    const delta = randomEdges(random, 100_000, nodeCount, all);
    const next = await mergeLayeredInSlices(rows, nodeCount, arrays(delta), false);
    expect(next.base).not.toBe(rows.base);
    expect(next.overlay.targets.length).toBe(0);
    all.from.push(...delta.from);
    all.to.push(...delta.to);
    const whole = buildCsr(nodeCount, Uint32Array.from(all.from), Uint32Array.from(all.to));
    expect(Array.from(next.base.offsets)).toEqual(Array.from(whole.offsets));
    expect(Array.from(next.base.targets)).toEqual(Array.from(whole.targets));
  });

  it('shares the rows when nothing is added', async () => {
    const rows = layered(buildCsr(3, Uint32Array.of(1), Uint32Array.of(2)));
    expect(await mergeLayeredInSlices(rows, 10, { from: new Uint32Array(0), to: new Uint32Array(0) }, false)).toBe(
      rows,
    );
  });
});
