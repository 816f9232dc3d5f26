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

  /** Merges the packages added since the last call into the order: O(n + k log k), not a full sort. */
  merge(keys: readonly string[], nodeCount: number): void {
    const byKey = (x: number, y: number): number => (keys[x] < keys[y] ? -1 : keys[x] > keys[y] ? 1 : 0);
    const added = this.unranked.sort(byKey);
    this.unranked = [];
    const old = this.inOrder;
    const merged = new Uint32Array(old.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < old.length && j < added.length) merged[k++] = byKey(old[i], added[j]) <= 0 ? old[i++] : added[j++];
    while (i < old.length) merged[k++] = old[i++];
    while (j < added.length) merged[k++] = added[j++];
    this.inOrder = merged;
    const rank = new Uint32Array(nodeCount);
    for (let r = 0; r < merged.length; r++) rank[merged[r]] = r;
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
