// Sorts that yield every so often, for arrays too large to sort between two requests (the whole
// frequency ranking: ~83,000 names at size L, ~100 ms of string compares in one go; a native
// sort of 400,000 numbers, 100–190 ms on a busy 2-core machine). Runs sorted natively, then
// bottom-up merges: the same order as one native sort.

/** Items per natively sorted run. */
const RUN = 1 << 10;
/** Items moved between yields while merging. */
const STEP = 1 << 12;
/** Numbers per natively sorted run of sortedNumbersInSteps (a few milliseconds each). */
const NUMBER_RUN = 1 << 14;
/** Numbers moved between yields while merging them. */
const NUMBER_STEP = 1 << 16;

interface Sortable<T> {
  [index: number]: T;
  readonly length: number;
}

/** Stable: the same order as `items.slice().sort(compare)`. */
export function* sortedInSteps<T>(items: readonly T[], compare: (x: T, y: T) => number): Generator<void, T[]> {
  const n = items.length;
  const from: T[] = items.slice();
  for (let lo = 0; lo < n; lo += RUN) {
    const run = from.slice(lo, lo + RUN).sort(compare);
    for (let i = 0; i < run.length; i++) from[lo + i] = run[i];
    yield;
  }
  return yield* mergedRuns<T, T[]>(from, new Array<T>(n), RUN, (x, y) => compare(x, y) <= 0, STEP);
}

/** `values` sorted ascending; returns the array that holds the result (`values` or a scratch copy). */
export function* sortedNumbersInSteps(values: Float64Array): Generator<void, Float64Array> {
  const n = values.length;
  for (let lo = 0; lo < n; lo += NUMBER_RUN) {
    values.subarray(lo, Math.min(lo + NUMBER_RUN, n)).sort();
    yield;
  }
  if (n <= NUMBER_RUN) return values;
  return yield* mergedRuns<number, Float64Array>(
    values,
    new Float64Array(n),
    NUMBER_RUN,
    (x, y) => x <= y,
    NUMBER_STEP,
  );
}

/** Indices 0..n-1 by ascending key, ties by index: a numeric sort of packed numbers, in steps. */
export function* indicesByKeyInSteps(keys: Float64Array): Generator<void, number[]> {
  const n = keys.length;
  const scale = 2 ** Math.max(1, Math.ceil(Math.log2(n + 1)));
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    packed[i] = keys[i] * scale + i; // exact: keys and n stay far below 2^53 together
    if ((i & (NUMBER_STEP - 1)) === NUMBER_STEP - 1) yield;
  }
  const sorted = yield* sortedNumbersInSteps(packed);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    out[i] = sorted[i] % scale;
    if ((i & (NUMBER_STEP - 1)) === NUMBER_STEP - 1) yield;
  }
  return out;
}

/** Merges sorted runs of `run` items pairwise until one is left; ties take the left run first (stable). */
function* mergedRuns<T, A extends Sortable<T>>(
  items: A,
  scratch: A,
  run: number,
  inOrder: (x: T, y: T) => boolean,
  step: number,
): Generator<void, A> {
  const n = items.length;
  let from = items;
  let into = scratch;
  let moved = 0;
  for (let width = run; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      for (let k = lo; k < hi; k++) {
        into[k] = j >= hi || (i < mid && inOrder(from[i], from[j])) ? from[i++] : from[j++];
        if (++moved === step) {
          moved = 0;
          yield;
        }
      }
    }
    [from, into] = [into, from];
  }
  return from;
}
