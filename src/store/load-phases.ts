// Durations of the parts of an index load (store reads, index build steps), so the start-up
// log tells operators where the time went without a profiler.

/** Milliseconds per named part of a load, in the order the parts ran. */
export type LoadPhases = Record<string, number>;

/** Times consecutive parts: each lap() adds the time since the previous lap to that part. */
export class PhaseClock {
  private last = performance.now();

  constructor(private readonly into: LoadPhases | undefined) {}

  lap(name: string): void {
    if (!this.into) return;
    const now = performance.now();
    this.into[name] = (this.into[name] ?? 0) + (now - this.last);
    this.last = now;
  }
}

/** The phases rounded to whole milliseconds, for a log line. */
export function roundedPhases(phases: LoadPhases): LoadPhases {
  const out: LoadPhases = {};
  for (const [name, ms] of Object.entries(phases)) out[name] = Math.round(ms);
  return out;
}
