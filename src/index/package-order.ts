// Rankings by purl: every package's rank in canonical purl order, kept up to date by merging
// the packages of each load in, so sorting packages needs no string compares.

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
    const byKey = (x: number, y: number): number => (keys[x] < keys[y] ? -1 : keys[x] > keys[y] ? 1 : 0);
    const added = this.unranked.sort(byKey);
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
    }
    merged.set(old.subarray(from), from + added.length);
    this.inOrder = merged;
    const rank = nodeCount <= this.rankOf.length ? this.rankOf : new Uint32Array(nodeCount);
    if (rank !== this.rankOf) rank.set(this.rankOf.subarray(0, Math.min(this.rankOf.length, nodeCount)));
    for (let r = firstChanged; r < merged.length; r++) rank[merged[r]] = r;
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
