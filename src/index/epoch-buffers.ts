// Per-node arrays a walk reuses from one call to the next. "Seen" marks are stamps of the current
// epoch, so starting a walk costs one increment instead of clearing arrays of the node count.

export abstract class EpochBuffers {
  /** The current walk's stamp: a node is marked when its stamp array holds this value. */
  epoch = 0;
  private size = 0;

  /** Starts a walk over `nodeCount` nodes: grows the arrays when they are too small; returns the new epoch. */
  prepare(nodeCount: number): number {
    if (this.size < nodeCount) {
      this.size = Math.max(nodeCount, Math.ceil(this.size * 1.5));
      this.allocate(this.size);
      this.epoch = 0;
    }
    if (++this.epoch === 0xffffffff) {
      this.clearStamps();
      this.epoch = 1;
    }
    return this.epoch;
  }

  /** Replaces every array with a zeroed one of `size` entries. */
  protected abstract allocate(size: number): void;
  /** Zeroes the stamp arrays (once every 2^32 walks, when the epoch wraps). */
  protected abstract clearStamps(): void;
}
