// Compressed sparse rows: for node u, its neighbours are targets[offsets[u] .. offsets[u+1]).
// Built from raw edge lists, with duplicate edges removed (the same edge stated by many
// documents is one edge for traversal). The build is a generator that pauses every so often,
// so the server can build the next adjacency between requests instead of stalling them.

import { finishInSlices } from './slices.js';

export interface Csr {
  offsets: Uint32Array;
  targets: Uint32Array;
}

/** Edges as parallel arrays; several parts are read as one list. */
export interface EdgeArrays {
  from: Uint32Array;
  to: Uint32Array;
}

/**
 * Items processed between possible pauses (the caller pauses only once its time slice is used):
 * small enough that sorting rows of this many items stays well under a slice.
 */
const STEP = 1 << 14;

export function* csrSteps(nodeCount: number, parts: readonly EdgeArrays[], reverse: boolean): Generator<void, Csr> {
  const counts = new Uint32Array(nodeCount + 1);
  let total = 0;
  for (const p of parts) {
    const src = reverse ? p.to : p.from;
    for (let i = 0; i < src.length; i++) {
      counts[src[i] + 1]++;
      if ((i & (STEP - 1)) === STEP - 1) yield;
    }
    total += src.length;
  }
  for (let u = 0; u < nodeCount; u++) counts[u + 1] += counts[u];
  const fill = counts.slice(0, nodeCount);
  const raw = new Uint32Array(total);
  for (const p of parts) {
    const src = reverse ? p.to : p.from;
    const dst = reverse ? p.from : p.to;
    for (let i = 0; i < src.length; i++) {
      raw[fill[src[i]]++] = dst[i];
      if ((i & (STEP - 1)) === STEP - 1) yield;
    }
  }
  yield;
  // Sort each row and drop duplicates, compacting in place.
  const offsets = new Uint32Array(nodeCount + 1);
  let write = 0;
  let work = 0;
  for (let u = 0; u < nodeCount; u++) {
    const start = counts[u];
    const end = counts[u + 1];
    offsets[u] = write;
    if (end - start > 1) {
      const row = raw.subarray(start, end);
      row.sort();
      let last = -1;
      for (let i = 0; i < row.length; i++) {
        if (row[i] !== last) raw[write++] = last = row[i];
      }
    } else if (end > start) {
      raw[write++] = raw[start];
    }
    work += end - start + 1;
    if (work > STEP) {
      work = 0;
      yield;
    }
  }
  offsets[nodeCount] = write;
  return { offsets, targets: raw.slice(0, write) };
}

export function buildCsr(nodeCount: number, from: Uint32Array, to: Uint32Array, reverse = false): Csr {
  const steps = csrSteps(nodeCount, [{ from, to }], reverse);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** The same build, yielding to the event loop every SLICE_MS of work. */
export function buildCsrInSlices(nodeCount: number, parts: readonly EdgeArrays[], reverse: boolean): Promise<Csr> {
  return finishInSlices(csrSteps(nodeCount, parts, reverse));
}

export const EMPTY_CSR: Csr = { offsets: new Uint32Array(1), targets: new Uint32Array(0) };

/**
 * Rows read as two layers (docs/adr/0011): `base`, rebuilt rarely, and `overlay`, the rows of
 * the edges added since. A node's neighbours are its base row and then its overlay row; each is
 * sorted and the two never share an edge. Either may end before the last node (its rows are
 * then empty), so readers check `u + 1 < offsets.length` on each layer.
 */
export interface LayeredCsr {
  readonly base: Csr;
  readonly overlay: Csr;
}

export const layered = (base: Csr): LayeredCsr => ({ base, overlay: EMPTY_CSR });

/** The layers that hold edges: what a walk iterates as separate edge classes of one rule. */
export function layersOf(rows: LayeredCsr): Csr[] {
  return rows.overlay.targets.length === 0 ? [rows.base] : [rows.base, rows.overlay];
}

/** Row `u` of a CSR, or nothing past its last node. */
function layerRow(csr: Csr, u: number): Uint32Array {
  return u + 1 < csr.offsets.length
    ? csr.targets.subarray(csr.offsets[u], csr.offsets[u + 1])
    : csr.targets.subarray(0, 0);
}

/** The neighbours of `u`: its base row, then its overlay row. */
export function rowOf(rows: LayeredCsr, u: number): number[] {
  return [...layerRow(rows.base, u), ...layerRow(rows.overlay, u)];
}

/** How many neighbours `u` has in one CSR (none past its last node). */
export function csrRowLength(csr: Csr, u: number): number {
  return layerRow(csr, u).length;
}

/** How many neighbours `u` has. */
export function rowLength(rows: LayeredCsr, u: number): number {
  return layerRow(rows.base, u).length + layerRow(rows.overlay, u).length;
}

/** Distinct edges in both layers. */
export function edgeCount(rows: LayeredCsr): number {
  return rows.base.targets.length + rows.overlay.targets.length;
}
