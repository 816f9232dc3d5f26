// Walks over the generator's universe graph that pick query inputs for the reverse questions
// (dependents, blast radius, paths): reverse closure sizes and the deepest dependency of a set.
// They read the universe only, never the random streams, so adding them leaves the generated
// documents byte for byte as they were.
import type { Universe } from './universe.js';

export class ReverseWalks {
  /** Reverse adjacency (dependency → its direct dependents) as CSR. */
  private readonly inStart: Uint32Array;
  private readonly inList: Uint32Array;
  private readonly stamp: Uint32Array;
  private readonly queue: Uint32Array;
  private readonly depth: Uint32Array;
  private epoch = 0;

  constructor(private readonly u: Universe) {
    const n = u.versionCount;
    const inStart = new Uint32Array(n + 1);
    for (let i = 0; i < u.out.length; i++) inStart[u.out[i] + 1]++;
    for (let v = 0; v < n; v++) inStart[v + 1] += inStart[v];
    const fill = inStart.slice(0, n);
    const inList = new Uint32Array(u.out.length);
    for (let v = 0; v < n; v++)
      for (let i = u.outStart[v], end = u.outStart[v + 1]; i < end; i++) inList[fill[u.out[i]]++] = v;
    this.inStart = inStart;
    this.inList = inList;
    this.stamp = new Uint32Array(n);
    this.queue = new Uint32Array(n);
    this.depth = new Uint32Array(n);
  }

  /** Direct dependents of one version. */
  inDegree(v: number): number {
    return this.inStart[v + 1] - this.inStart[v];
  }

  /**
   * How many versions transitively depend on any of `starts` (the starts themselves not counted
   * unless a cycle reaches them); stops counting once past `cap`.
   */
  dependentCount(starts: readonly number[], cap = Infinity): number {
    const { inStart, inList, stamp, queue } = this;
    const epoch = this.nextEpoch();
    let tail = 0;
    for (const s of starts)
      for (let i = inStart[s], end = inStart[s + 1]; i < end; i++) {
        const y = inList[i];
        if (stamp[y] !== epoch) {
          stamp[y] = epoch;
          queue[tail++] = y;
        }
      }
    for (let head = 0; head < tail && tail <= cap; head++) {
      const x = queue[head];
      for (let i = inStart[x], end = inStart[x + 1]; i < end; i++) {
        const y = inList[i];
        if (stamp[y] !== epoch) {
          stamp[y] = epoch;
          queue[tail++] = y;
        }
      }
    }
    return tail;
  }

  /** The dependency farthest (in hops, breadth-first) from `starts`, with its distance (1 = direct). */
  deepestDependency(starts: readonly number[]): { v: number; hops: number } | undefined {
    const { outStart, out } = this.u;
    const { stamp, queue, depth } = this;
    const epoch = this.nextEpoch();
    let tail = 0;
    for (const s of starts) {
      stamp[s] = epoch;
      depth[s] = 0;
      queue[tail++] = s;
    }
    let best: { v: number; hops: number } | undefined;
    for (let head = 0; head < tail; head++) {
      const x = queue[head];
      for (let i = outStart[x], end = outStart[x + 1]; i < end; i++) {
        const y = out[i];
        if (stamp[y] === epoch) continue;
        stamp[y] = epoch;
        depth[y] = depth[x] + 1;
        queue[tail++] = y;
        if (!best || depth[y] > best.hops) best = { v: y, hops: depth[y] };
      }
    }
    return best;
  }

  private nextEpoch(): number {
    if (++this.epoch === 0xffffffff) {
      this.stamp.fill(0);
      this.epoch = 1;
    }
    return this.epoch;
  }
}
