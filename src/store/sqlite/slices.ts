// The embedded store's loads run in slices, giving the event loop a turn between them.
import { setImmediate } from 'node:timers/promises';

/** A load gives the event loop a turn after about this long (as the index's SLICE_MS). */
export const LOAD_SLICE_MS = 5;

/**
 * Tells when a slice has run LOAD_SLICE_MS (the clock is read every 32 rows: under a large load
 * the garbage collector's marking steps can make 256 rows take 100 ms), and yields.
 */
export class Slices {
  private rows = 0;
  private started = performance.now();

  due(): boolean {
    return (++this.rows & 31) === 0 && performance.now() - this.started >= LOAD_SLICE_MS;
  }

  async yield(): Promise<void> {
    await setImmediate();
    this.started = performance.now();
  }
}
