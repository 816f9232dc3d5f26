// Dependency closures over the universe graph: breadth-first, with buffers reused from walk to
// walk (a version is visited in a walk when its stamp is the walk's epoch).
import type { Universe } from './universe.js';

export class Closure {
  private stamp: Uint32Array;
  private queue: Uint32Array;
  private epoch = 0;
  constructor(private readonly u: Universe) {
    this.stamp = new Uint32Array(u.versionCount);
    this.queue = new Uint32Array(u.versionCount);
  }

  /** Versions reachable from `starts` along dependency edges, starts included, as a sorted id list. */
  reach(starts: Iterable<number>): Uint32Array {
    const epoch = ++this.epoch;
    let tail = 0;
    for (const s of starts) tail = this.visit(s, epoch, tail);
    tail = this.spread(epoch, tail);
    return this.queue.slice(0, tail).sort();
  }

  /** Size of the dependency closure of one version (itself excluded unless on a cycle). */
  dependencyCount(v: number): number {
    const { outStart, out } = this.u;
    const epoch = ++this.epoch;
    let tail = 0;
    for (let i = outStart[v]; i < outStart[v + 1]; i++) tail = this.visit(out[i], epoch, tail);
    tail = this.spread(epoch, tail);
    return this.stamp[v] === epoch ? tail - 1 : tail;
  }

  /** Queues `x` unless this walk has seen it; returns the new queue length. */
  private visit(x: number, epoch: number, tail: number): number {
    if (this.stamp[x] === epoch) return tail;
    this.stamp[x] = epoch;
    this.queue[tail] = x;
    return tail + 1;
  }

  /** Walks from the queued versions until nothing new is reached; returns the queue length. */
  private spread(epoch: number, queued: number): number {
    const { outStart, out } = this.u;
    let tail = queued;
    for (let head = 0; head < tail; head++) {
      const x = this.queue[head];
      for (let i = outStart[x], end = outStart[x + 1]; i < end; i++) tail = this.visit(out[i], epoch, tail);
    }
    return tail;
  }
}
