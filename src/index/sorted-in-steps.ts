// A stable sort that yields every so often, for arrays too large to sort between two requests
// (the whole frequency ranking: ~83,000 names at size L, ~100 ms of string compares in one go).
// Sorted runs of RUN items (native stable sort), then bottom-up merges: the same order as
// `items.slice().sort(compare)`.

/** Items per natively sorted run. */
const RUN = 1 << 10;
/** Items moved between yields while merging. */
const STEP = 1 << 12;

export function* sortedInSteps<T>(items: readonly T[], compare: (x: T, y: T) => number): Generator<void, T[]> {
  const n = items.length;
  let from: T[] = items.slice();
  for (let lo = 0; lo < n; lo += RUN) {
    const run = from.slice(lo, lo + RUN).sort(compare);
    for (let i = 0; i < run.length; i++) from[lo + i] = run[i];
    yield;
  }
  let into: T[] = new Array<T>(n);
  let moved = 0;
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (k < hi) {
        // Ties take the left run first: stable.
        into[k++] = j >= hi || (i < mid && compare(from[i], from[j]) <= 0) ? from[i++] : from[j++];
        if (++moved === STEP) {
          moved = 0;
          yield;
        }
      }
    }
    [from, into] = [into, from];
  }
  return from;
}
