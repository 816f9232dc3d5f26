// One target's count by a walk over the graph: cheap when few nodes reach it (the long tail of a
// real graph), where a bitset pass would visit everything for a few bits. The caller bounds the
// total work of the walks, so a graph where every walk is long goes to the passes instead.
import type { Csr } from '../csr.js';

/**
 * Work (nodes dequeued plus edges followed) between yields inside one walk: a popular name's
 * walk covers most of the graph (tens of ms at size L), too long to run between two requests.
 */
const WALK_STEP = 1 << 14;

export class TargetWalker {
  /** Nodes dequeued plus edges followed, over all walks: what the walks cost. */
  work = 0;
  private readonly stamp: Uint32Array;
  private readonly queue: Uint32Array;
  private epoch = 0;

  constructor(private readonly graph: Csr) {
    const n = graph.offsets.length - 1;
    this.stamp = new Uint32Array(n);
    // Start nodes go in unstamped and may come back stamped (through a cycle): room for both.
    this.queue = new Uint32Array(2 * n);
  }

  /** Nodes reached from `nodes` by one edge or more (self-loops ignored). */
  count(nodes: readonly number[]): number {
    const steps = this.walk(nodes);
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
    }
  }

  /** The same count as a generator that yields about every `step` units of work. */
  *walk(nodes: readonly number[], step = WALK_STEP): Generator<void, number> {
    const { offsets, targets } = this.graph;
    const { stamp, queue } = this;
    const n = offsets.length - 1;
    const epoch = ++this.epoch;
    let tail = 0;
    for (const v of nodes) if (v < n) queue[tail++] = v;
    let total = 0;
    let work = 0;
    let nextYield = step;
    for (let head = 0; head < tail; head++) {
      const v = queue[head];
      work += 1 + offsets[v + 1] - offsets[v];
      if (work >= nextYield) {
        nextYield = work + step;
        yield;
      }
      for (let i = offsets[v], stop = offsets[v + 1]; i < stop; i++) {
        const w = targets[i];
        if (w !== v && stamp[w] !== epoch) {
          stamp[w] = epoch;
          total++;
          queue[tail++] = w;
        }
      }
    }
    this.work += work;
    return total;
  }

  /** The walk's cost so far would exceed `budget`. */
  exceeds(budget: number): boolean {
    return this.work >= budget;
  }
}
