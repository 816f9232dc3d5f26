// Vulnerability aliases: a union-find over VulnEqual, with each set's members kept at its root.

export class AliasSets {
  private readonly parent = new Map<number, number>();
  private readonly members = new Map<number, number[]>();

  /** The representative of v's set (the smallest id in it). */
  root(v: number): number {
    let root = v;
    while (this.parent.has(root)) root = this.parent.get(root)!;
    // Path compression.
    while (this.parent.has(v) && this.parent.get(v) !== root) {
      const next = this.parent.get(v)!;
      this.parent.set(v, root);
      v = next;
    }
    return root;
  }

  union(a: number, b: number): void {
    const ra = this.root(a);
    const rb = this.root(b);
    if (ra === rb) return;
    const [keep, drop] = ra < rb ? [ra, rb] : [rb, ra];
    this.parent.set(drop, keep);
    // The smaller list is appended to the larger (kept in place): merging costs the smaller
    // side, so a set of n grows in O(n log n), never O(n²) (a document may alias thousands).
    const kept = this.members.get(keep) ?? [keep];
    const dropped = this.members.get(drop) ?? [drop];
    const [large, small] = kept.length >= dropped.length ? [kept, dropped] : [dropped, kept];
    for (const v of small) large.push(v);
    this.members.set(keep, large);
    this.members.delete(drop);
  }

  /** Every vulnerability node that is the same vulnerability as v (v included). */
  membersOf(v: number): readonly number[] {
    return this.members.get(this.root(v)) ?? [v];
  }
}
