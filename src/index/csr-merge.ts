// A CSR with a few more edges, from the CSR before them: rows the new edges do not touch are
// copied in runs (one typed-array copy per run), and touched rows are the sorted union of the
// old row and the new edges'. The result equals a build from every edge (rows sorted, no
// duplicates), at the cost of a copy instead of counting, placing and sorting every edge again:
// an upload costs what it adds plus one copy of the rows (docs/adr/0010).
import { csrSteps, type Csr, type EdgeArrays } from './csr.js';
import { finishInSlices, runToEnd } from './slices.js';

/** Targets copied between possible pauses: a copy of this many is well under a slice. */
const COPY_STEP = 1 << 20;
/** Rows sized or merged between possible pauses. */
const ROW_STEP = 1 << 14;

/** Where row `u` of `csr` starts; rows past its last node are empty (start at its end). */
function rowStart(csr: Csr, u: number): number {
  const nodes = csr.offsets.length - 1;
  return csr.offsets[u < nodes ? u : nodes];
}

/** Size of the union of two sorted rows without duplicates. */
function unionSize(a: Uint32Array, aStart: number, aEnd: number, b: Uint32Array, bStart: number, bEnd: number): number {
  let i = aStart;
  let j = bStart;
  let size = 0;
  while (i < aEnd && j < bEnd) {
    const x = a[i];
    const y = b[j];
    if (x <= y) i++;
    if (y <= x) j++;
    size++;
  }
  return size + (aEnd - i) + (bEnd - j);
}

/** Writes the union of two sorted rows at `out[at]`. */
function writeUnion(
  a: Uint32Array,
  aStart: number,
  aEnd: number,
  b: Uint32Array,
  bStart: number,
  bEnd: number,
  out: Uint32Array,
  at: number,
): void {
  let i = aStart;
  let j = bStart;
  let w = at;
  while (i < aEnd && j < bEnd) {
    const x = a[i];
    const y = b[j];
    out[w++] = x <= y ? x : y;
    if (x <= y) i++;
    if (y <= x) j++;
  }
  while (i < aEnd) out[w++] = a[i++];
  while (j < bEnd) out[w++] = b[j++];
}

/** The offsets of the merged rows. */
function* mergedOffsets(base: Csr, added: Csr, nodeCount: number): Generator<void, Uint32Array> {
  const offsets = new Uint32Array(nodeCount + 1);
  let write = 0;
  for (let u = 0; u < nodeCount; u++) {
    offsets[u] = write;
    const as = added.offsets[u];
    const ae = added.offsets[u + 1];
    const bs = rowStart(base, u);
    const be = rowStart(base, u + 1);
    write += as === ae ? be - bs : unionSize(base.targets, bs, be, added.targets, as, ae);
    if ((u & (ROW_STEP - 1)) === ROW_STEP - 1) yield;
  }
  offsets[nodeCount] = write;
  return offsets;
}

/** Copies the base rows of nodes [from, to) (none of them touched) to their new place. */
function* copyRows(base: Csr, from: number, to: number, out: Uint32Array, at: number): Generator<void> {
  const start = rowStart(base, from);
  const end = rowStart(base, to);
  for (let s = start; s < end; s += COPY_STEP) {
    const e = Math.min(end, s + COPY_STEP);
    out.set(base.targets.subarray(s, e), at + (s - start));
    yield;
  }
}

/** `base` over `nodeCount` nodes without new edges: new nodes get empty rows, targets are shared. */
function grown(base: Csr, nodeCount: number): Csr {
  if (base.offsets.length - 1 === nodeCount) return base;
  const offsets = new Uint32Array(nodeCount + 1).fill(base.targets.length);
  offsets.set(base.offsets);
  return { offsets, targets: base.targets };
}

/**
 * The merge as steps (see mergeCsrInSlices). A base with no rows yet is built from the delta
 * directly: the first load's rows, which a merge would only copy once more.
 */
export function* mergeCsrSteps(
  base: Csr,
  nodeCount: number,
  delta: EdgeArrays,
  reverse: boolean,
): Generator<void, Csr> {
  if (base.offsets.length <= 1 && delta.from.length > 0) return yield* csrSteps(nodeCount, [delta], reverse);
  return yield* mergeSteps(base, nodeCount, delta, reverse);
}

function* mergeSteps(base: Csr, nodeCount: number, delta: EdgeArrays, reverse: boolean): Generator<void, Csr> {
  // Rows never change in place, so an unchanged CSR is shared by the old index and the new.
  if (delta.from.length === 0) return grown(base, nodeCount);
  const added = yield* csrSteps(nodeCount, [delta], reverse);
  const offsets = yield* mergedOffsets(base, added, nodeCount);
  const targets = new Uint32Array(offsets[nodeCount]);
  const touched = (u: number): boolean => added.offsets[u + 1] !== added.offsets[u];
  let merged = 0;
  for (let u = 0; u < nodeCount;) {
    if (!touched(u)) {
      let v = u + 1;
      while (v < nodeCount && !touched(v)) v++;
      yield* copyRows(base, u, v, targets, offsets[u]);
      u = v;
      continue;
    }
    const [bs, be] = [rowStart(base, u), rowStart(base, u + 1)];
    writeUnion(base.targets, bs, be, added.targets, added.offsets[u], added.offsets[u + 1], targets, offsets[u]);
    if (++merged % ROW_STEP === 0) yield;
    u++;
  }
  return { offsets, targets };
}

/**
 * The CSR of `base`'s edges and `delta`'s over `nodeCount` nodes (at least base's), built in
 * slices that yield to the event loop. `reverse` as for the build: delta's edges read backwards.
 */
export function mergeCsrInSlices(base: Csr, nodeCount: number, delta: EdgeArrays, reverse: boolean): Promise<Csr> {
  return finishInSlices(mergeCsrSteps(base, nodeCount, delta, reverse));
}

/** The same merge, at once (tests compare it with a build from every edge). */
export function mergeCsr(base: Csr, nodeCount: number, delta: EdgeArrays, reverse = false): Csr {
  return runToEnd(mergeCsrSteps(base, nodeCount, delta, reverse));
}
