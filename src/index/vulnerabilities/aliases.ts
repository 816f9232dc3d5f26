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
    const members = [...(this.members.get(keep) ?? [keep]), ...(this.members.get(drop) ?? [drop])];
    this.members.set(keep, members);
    this.members.delete(drop);
  }

  /** Every vulnerability node that is the same vulnerability as v (v included). */
  membersOf(v: number): readonly number[] {
    return this.members.get(this.root(v)) ?? [v];
  }
}
