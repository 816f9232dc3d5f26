// Runs a step generator in time slices, yielding to the event loop between them, so a long
// computation (a ranking, the finishing of an index built aside) never stalls requests and can
// be abandoned when its result is no longer wanted.

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * How much work runs before the event loop gets a turn. A request waits for about this, one
 * step and any garbage-collection pause; under a large load the collector's marking tasks run
 * in the same turns, so the slice is kept short (docs/reliability.md, "One large upload").
 */
export const SLICE_MS = 5;

/**
 * Drives `steps` to completion, pausing about every `sliceMs` of work. The generator yields
 * often (cheaply); only some of its yields become pauses. Undefined when `isStale()` turned true
 * at a pause.
 */
export async function runInSlices<T>(
  steps: Generator<void, T>,
  isStale: () => boolean,
  sliceMs = SLICE_MS,
): Promise<T | undefined> {
  let sliceStart = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - sliceStart > sliceMs) {
      await yieldToEventLoop();
      if (isStale()) {
        steps.return(undefined as T);
        return undefined;
      }
      sliceStart = performance.now();
    }
  }
}

/** runInSlices for work that is always wanted to its end. */
export async function finishInSlices<T>(steps: Generator<void, T>): Promise<T> {
  const done = await runInSlices(steps, () => false);
  return done as T;
}

/** Drives `steps` to completion at once: the same work as runInSlices, where nobody waits on it. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
