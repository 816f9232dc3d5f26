// New edges for layered rows (docs/adr/0011): they go into the overlay, which a refresh merges
// them into (a copy of the overlay, small), instead of into the base (a copy of every row: at
// 100,000 SBOMs the inclusion rows hold 100 million edges each way, 0.7 s of copying per
// upload). Once the overlay outgrows its bound it is merged into a new base, in the same slices:
// that copy is paid once per many uploads.
import { layered, type Csr, type EdgeArrays, type LayeredCsr } from './csr.js';
import { mergeCsrSteps } from './csr-merge.js';
import { finishInSlices, runToEnd } from './slices.js';

/** The overlay may hold an eighth of the base, but never under this (small stores) … */
const OVERLAY_MIN = 1 << 16;
/** … nor over this: a refresh copies the overlay (16 MiB here). */
const OVERLAY_MAX = 1 << 22;
/** Edges handled between possible pauses. */
const STEP = 1 << 14;

function overlayBound(base: Csr): number {
  return Math.min(OVERLAY_MAX, Math.max(OVERLAY_MIN, base.targets.length >>> 3));
}

/** Whether the sorted row `u` of `csr` holds `v`. */
function rowHolds(csr: Csr, u: number, v: number): boolean {
  if (u + 1 >= csr.offsets.length) return false;
  let lo = csr.offsets[u];
  let hi = csr.offsets[u + 1];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (csr.targets[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo < csr.offsets[u + 1] && csr.targets[lo] === v;
}

/** `delta` without the edges `base` holds already (so that the layers never share an edge). */
function* withoutBaseEdges(base: Csr, delta: EdgeArrays, reverse: boolean): Generator<void, EdgeArrays> {
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < delta.from.length; i++) {
    const [u, v] = reverse ? [delta.to[i], delta.from[i]] : [delta.from[i], delta.to[i]];
    if (!rowHolds(base, u, v)) {
      from.push(delta.from[i]);
      to.push(delta.to[i]);
    }
    if ((i & (STEP - 1)) === STEP - 1) yield;
  }
  return { from: Uint32Array.from(from), to: Uint32Array.from(to) };
}

/** The edges of a CSR, row by row (read forwards: the rows are already in the view's direction). */
function* edgesOf(csr: Csr): Generator<void, EdgeArrays> {
  const from = new Uint32Array(csr.targets.length);
  for (let u = 0; u + 1 < csr.offsets.length; u++) {
    from.fill(u, csr.offsets[u], csr.offsets[u + 1]);
    if ((u & (STEP - 1)) === STEP - 1) yield;
  }
  return { from, to: csr.targets };
}

/**
 * `rows` with `delta`'s edges over `nodeCount` nodes, in slices that yield to the event loop.
 * `reverse` as for a build: delta's edges read backwards. The rows given are never changed.
 */
export function mergeLayeredInSlices(
  rows: LayeredCsr,
  nodeCount: number,
  delta: EdgeArrays,
  reverse: boolean,
): Promise<LayeredCsr> {
  return finishInSlices(mergeLayeredSteps(rows, nodeCount, delta, reverse));
}

/** The same merge, at once (the first load, and an index applied without preparing). */
export function mergeLayered(rows: LayeredCsr, nodeCount: number, delta: EdgeArrays, reverse: boolean): LayeredCsr {
  return runToEnd(mergeLayeredSteps(rows, nodeCount, delta, reverse));
}

function* mergeLayeredSteps(
  rows: LayeredCsr,
  nodeCount: number,
  delta: EdgeArrays,
  reverse: boolean,
): Generator<void, LayeredCsr> {
  if (delta.from.length === 0) return rows;
  // No rows yet (the first load, an index built aside): the delta is the base.
  if (rows.base.offsets.length <= 1) return layered(yield* mergeCsrSteps(rows.base, nodeCount, delta, reverse));
  const fresh = yield* withoutBaseEdges(rows.base, delta, reverse);
  const overlay = yield* mergeCsrSteps(rows.overlay, nodeCount, fresh, reverse);
  if (overlay.targets.length <= overlayBound(rows.base)) return { base: rows.base, overlay };
  const base = yield* mergeCsrSteps(rows.base, nodeCount, yield* edgesOf(overlay), false);
  return layered(base);
}
