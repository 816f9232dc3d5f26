// Rankings by purl: every package's rank in canonical purl order, kept up to date by merging
// the packages of each load in, so sorting packages needs no string compares.

import { runToEnd } from './slices.js';
import { sortedInSteps } from './sorted-in-steps.js';

/** Packages handled between two yields of mergeSteps(). */
const STEP = 4096;

export class PackageOrder {
  /** Packages in canonical purl order: rank → id. */
  inOrder = new Uint32Array(0);
  /** id → rank (for package ids). */
  rankOf = new Uint32Array(0);
  private unranked: number[] = [];

  /** A package to rank at the next merge. */
  add(pkg: number): void {
    this.unranked.push(pkg);
  }

  /**
   * Merges the packages added since the last call into the order. Runs inside a refresh's
   * synchronous apply, so it must not cost a pass of string compares over every package: each
   * added package finds its place by binary search (k log n compares), the runs between them are
   * block copies, and ranks are rewritten only from the first insertion on.
   */
  merge(keys: readonly string[], nodeCount: number): void {
    runToEnd(this.mergeSteps(keys, nodeCount));
  }

  /**
   * merge() as steps that yield every STEP packages, for an index built aside: there every
   * package is new, and the sort of all of them is the long part (docs/architecture.md,
   * "Applying a change"). Call it only on an index no request reads yet.
   */
  *mergeSteps(keys: readonly string[], nodeCount: number): Generator<void, void> {
    if (this.unranked.length === 0 && nodeCount <= this.rankOf.length) return;
    const byKey = (x: number, y: number): number => (keys[x] < keys[y] ? -1 : keys[x] > keys[y] ? 1 : 0);
    const added = yield* sortedInSteps(this.unranked, byKey);
    this.unranked = [];
    const old = this.inOrder;
    const merged = new Uint32Array(old.length + added.length);
    let from = 0;
    let firstChanged = old.length;
    for (let j = 0; j < added.length; j++) {
      // Past the old packages ordered before or equal to added[j] (ties keep the old one first).
      let lo = from;
      let hi = old.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (byKey(old[mid], added[j]) <= 0) lo = mid + 1;
        else hi = mid;
      }
      merged.set(old.subarray(from, lo), from + j);
      merged[lo + j] = added[j];
      if (j === 0) firstChanged = lo;
      from = lo;
      if (j % STEP === STEP - 1) yield;
    }
    merged.set(old.subarray(from), from + added.length);
    // Ranks are rewritten in place when they fit: merge() runs to its end before anyone reads, and
    // mergeSteps() alone runs on an index no request reads yet.
    const rank = nodeCount <= this.rankOf.length ? this.rankOf : new Uint32Array(nodeCount);
    if (rank !== this.rankOf) rank.set(this.rankOf.subarray(0, Math.min(this.rankOf.length, nodeCount)));
    for (let r = firstChanged; r < merged.length; r++) {
      rank[merged[r]] = r;
      if (r % (STEP * 16) === 0) yield;
    }
    this.inOrder = merged;
    this.rankOf = rank;
  }

  /** Package ids sorted by canonical purl (via the precomputed rank: no string compares), each once. */
  sort(ids: Iterable<number>): number[] {
    const list = Array.isArray(ids) ? (ids as readonly number[]) : Array.from(ids);
    // Many ids (a popular package's dependents): marking their ranks and reading the order once
    // is linear, where sorting k ranks costs k log k.
    if (list.length > this.inOrder.length >>> 4) return this.sortByMarks(list);
    const ranks = Uint32Array.from(list, (id) => this.rankOf[id]);
    ranks.sort();
    const out: number[] = [];
    for (let i = 0; i < ranks.length; i++) if (i === 0 || ranks[i] !== ranks[i - 1]) out.push(this.inOrder[ranks[i]]);
    return out;
  }

  /** Rank marks of sortByMarks, all zero between calls. */
  private marks = new Uint8Array(0);

  private sortByMarks(list: readonly number[]): number[] {
    const { inOrder, rankOf } = this;
    if (this.marks.length < inOrder.length) this.marks = new Uint8Array(inOrder.length);
    const marks = this.marks;
    for (let i = 0; i < list.length; i++) marks[rankOf[list[i]]] = 1;
    const out: number[] = [];
    for (let r = 0; r < inOrder.length; r++) {
      if (marks[r] === 0) continue;
      marks[r] = 0;
      out.push(inOrder[r]);
    }
    return out;
  }
}
