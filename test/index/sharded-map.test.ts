// The index's per-package maps are split into shards (src/index/sharded-map.ts): each must answer
// exactly as one Map or Set would, whatever the keys, except for iteration order.
import { describe, expect, it } from 'vitest';
import { ShardedMap, ShardedSet } from '../../src/index/sharded-map.js';

describe('sharded maps and sets', () => {
  it('answer get, has, set, delete and size as a Map, for string and number keys', () => {
    let x = 11;
    const next = (): number => (x = (x * 1103515245 + 12345) >>> 0) % 5000;
    for (const keyOf of [(n: number): string | number => `pkg:npm/name-${n}@1.${n % 7}`, (n: number) => n]) {
      const sharded = new ShardedMap<string | number, number>();
      const plain = new Map<string | number, number>();
      for (let i = 0; i < 20_000; i++) {
        const key = keyOf(next());
        if (i % 5 === 4) expect(sharded.delete(key)).toBe(plain.delete(key));
        else {
          sharded.set(key, i);
          plain.set(key, i);
        }
        expect(sharded.size).toBe(plain.size);
      }
      for (let n = 0; n < 5000; n++) {
        expect(sharded.get(keyOf(n))).toBe(plain.get(keyOf(n)));
        expect(sharded.has(keyOf(n))).toBe(plain.has(keyOf(n)));
      }
      const byKey = (a: [string | number, number], b: [string | number, number]): number =>
        String(a[0]).localeCompare(String(b[0]));
      expect([...sharded].sort(byKey)).toEqual([...plain].sort(byKey));
      expect([...sharded.keys()].length).toBe(plain.size);
      expect([...sharded.values()].sort()).toEqual([...plain.values()].sort());
    }
  });

  it('spreads keys over its shards, so no one shard grows as the whole does', () => {
    const set = new ShardedSet<string>();
    for (let i = 0; i < 64_000; i++) set.add(`pkg:maven/org.example/artifact-${i}@2.${i % 13}.0`);
    set.add('pkg:maven/org.example/artifact-1@2.1.0');
    expect(set.size).toBe(64_000);
    const shards = (set as unknown as { shards: Set<string>[] }).shards.map((s) => s.size);
    expect(Math.max(...shards)).toBeLessThan(2 * (64_000 / shards.length));
    expect(set.has(`pkg:maven/org.example/artifact-63999@2.${63_999 % 13}.0`)).toBe(true);
    expect(set.has('pkg:maven/org.example/artifact-64000@2.0.0')).toBe(false);
  });
});
