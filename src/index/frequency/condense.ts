// The DAG of strong components: an edge c → d for every edge between two different components,
// each at most once (a scope closed under successors means every edge from a component stays in). Built in bounded steps (plain functions, so V8 optimises them on the
// first run) with a counting sort and a stamp per row: linear, no sorting.
import type { Csr } from '../csr.js';

/** Nodes (phase 1 and 2) or components (phase 3) per step. */
const STEP = 1 << 14;

export function* condense(graph: Csr, componentOf: Int32Array, componentCount: number): Generator<void, Csr> {
  const n = graph.offsets.length - 1;
  const offsets = new Uint32Array(componentCount + 1);
  for (let v = 0; v < n; v += STEP) {
    countCrossEdges(graph, componentOf, v, Math.min(n, v + STEP), offsets);
    yield;
  }
  for (let c = 0; c < componentCount; c++) offsets[c + 1] += offsets[c];
  const fill = offsets.slice(0, componentCount);
  const targets = new Uint32Array(offsets[componentCount]);
  for (let v = 0; v < n; v += STEP) {
    placeCrossEdges(graph, componentOf, v, Math.min(n, v + STEP), fill, targets);
    yield;
  }
  // Drop repeated edges, compacting rows in place; `fill` becomes the start of each compacted row
  // (a row never moves past its own start, so reading offsets[c] afterwards is safe).
  const stamp = new Int32Array(componentCount).fill(-1);
  const compact = { write: 0 };
  for (let c = 0; c < componentCount; c += STEP) {
    dropRepeats(offsets, targets, stamp, c, Math.min(componentCount, c + STEP), fill, compact);
    yield;
  }
  const out = new Uint32Array(componentCount + 1);
  out.set(fill);
  out[componentCount] = compact.write;
  return { offsets: out, targets: targets.slice(0, compact.write) };
}

function countCrossEdges(graph: Csr, componentOf: Int32Array, from: number, to: number, counts: Uint32Array): void {
  const { offsets, targets } = graph;
  for (let v = from; v < to; v++) {
    const cv = componentOf[v];
    if (cv < 0) continue; // left out of the components
    for (let i = offsets[v], stop = offsets[v + 1]; i < stop; i++) {
      if (componentOf[targets[i]] !== cv) counts[cv + 1]++;
    }
  }
}

function placeCrossEdges(
  graph: Csr,
  componentOf: Int32Array,
  from: number,
  to: number,
  fill: Uint32Array,
  out: Uint32Array,
): void {
  const { offsets, targets } = graph;
  for (let v = from; v < to; v++) {
    const cv = componentOf[v];
    if (cv < 0) continue;
    for (let i = offsets[v], stop = offsets[v + 1]; i < stop; i++) {
      const cw = componentOf[targets[i]];
      if (cw !== cv) out[fill[cv]++] = cw;
    }
  }
}

function dropRepeats(
  offsets: Uint32Array,
  targets: Uint32Array,
  stamp: Int32Array,
  from: number,
  to: number,
  rowStart: Uint32Array,
  compact: { write: number },
): void {
  let write = compact.write;
  for (let c = from; c < to; c++) {
    rowStart[c] = write;
    for (let i = offsets[c], stop = offsets[c + 1]; i < stop; i++) {
      const d = targets[i];
      if (stamp[d] !== c) {
        stamp[d] = c;
        targets[write++] = d;
      }
    }
  }
  compact.write = write;
}
