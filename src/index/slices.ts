// Runs a step generator in time slices, yielding to the event loop between them, so a long
// computation (a ranking, the finishing of an index built aside) never stalls requests and can
// be abandoned when its result is no longer wanted.

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Drives `steps` to completion, pausing about every `sliceMs` of work. The generator yields
 * often (cheaply); only some of its yields become pauses. Undefined when `isStale()` turned true
 * at a pause.
 */
export async function runInSlices<T>(
  steps: Generator<void, T>,
  isStale: () => boolean,
  sliceMs: number,
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

/** Drives `steps` to completion at once: the same work as runInSlices, where nobody waits on it. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
