// Typed array that grows by doubling as items are pushed (the index's raw edge lists, licence
// statements).

export class GrowableU32 {
  private data: Uint32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Uint32Array(capacity);
  }

  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }

  get(i: number): number {
    return this.data[i];
  }

  /** Overwrites an item already pushed. */
  set(i: number, v: number): void {
    this.data[i] = v;
  }

  /** A view of the filled part (no copy). */
  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }
}

/** Source/target pairs of one edge class. */
export class EdgeList {
  readonly from = new GrowableU32();
  readonly to = new GrowableU32();

  add(from: number, to: number): void {
    this.from.push(from);
    this.to.push(to);
  }

  get length(): number {
    return this.from.length;
  }
}
