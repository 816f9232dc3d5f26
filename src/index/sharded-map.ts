// Maps and sets that hold one entry per package (hundreds of thousands, millions at portfolio
// scale), split into SHARDS by key hash. V8 grows a Map or Set by rehashing every entry in one
// step: at 262,144 entries that takes about 56 ms, at a million about 250 ms, on the event loop,
// and the index's per-package maps all grow at the same package count. Split 64 ways, each growth
// moves a 64th of the entries (docs/architecture.md, "Applying a change"). Iteration goes shard
// by shard: not in insertion order.

const SHARDS = 64;
const MASK = SHARDS - 1;

/** The shard of a key: a number's low bits, a string's FNV-1a hash. */
function shardOf(key: string | number): number {
  if (typeof key === 'number') return key & MASK;
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) & MASK;
}

export class ShardedMap<K extends string | number, V> implements Iterable<[K, V]> {
  private readonly shards = Array.from({ length: SHARDS }, () => new Map<K, V>());
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(key: K): V | undefined {
    return this.shards[shardOf(key)].get(key);
  }

  has(key: K): boolean {
    return this.shards[shardOf(key)].has(key);
  }

  set(key: K, value: V): this {
    const shard = this.shards[shardOf(key)];
    const before = shard.size;
    shard.set(key, value);
    this.count += shard.size - before;
    return this;
  }

  delete(key: K): boolean {
    const deleted = this.shards[shardOf(key)].delete(key);
    if (deleted) this.count--;
    return deleted;
  }

  *[Symbol.iterator](): Iterator<[K, V]> {
    for (const shard of this.shards) yield* shard;
  }

  *keys(): IterableIterator<K> {
    for (const shard of this.shards) yield* shard.keys();
  }

  *values(): IterableIterator<V> {
    for (const shard of this.shards) yield* shard.values();
  }
}

export class ShardedSet<K extends string | number> implements Iterable<K> {
  private readonly shards = Array.from({ length: SHARDS }, () => new Set<K>());
  private count = 0;

  get size(): number {
    return this.count;
  }

  has(key: K): boolean {
    return this.shards[shardOf(key)].has(key);
  }

  add(key: K): this {
    const shard = this.shards[shardOf(key)];
    const before = shard.size;
    shard.add(key);
    this.count += shard.size - before;
    return this;
  }

  *[Symbol.iterator](): Iterator<K> {
    for (const shard of this.shards) yield* shard;
  }
}
