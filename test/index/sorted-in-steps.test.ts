// The sliced merge sort behind the frequency ranking must give exactly Array.prototype.sort's
// stable order, whatever the length (around the run and step sizes) and however many ties.
import { describe, expect, it } from 'vitest';
import { indicesByKeyInSteps, sortedInSteps, sortedNumbersInSteps } from '../../src/index/sorted-in-steps.js';

interface Entry {
  key: number;
  at: number;
}

/** Runs the generator to its end, counting the yields. */
function drain<T>(steps: Generator<void, T[]>): { sorted: T[]; yields: number } {
  let yields = 0;
  for (;;) {
    const next = steps.next();
    if (next.done) return { sorted: next.value, yields };
    yields++;
  }
}

/** Deterministic pseudo-random keys with many ties (a small range). */
function entries(n: number, range: number, seed: number): Entry[] {
  let state = seed;
  return Array.from({ length: n }, (_, at) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return { key: state % range, at };
  });
}

const byKey = (x: Entry, y: Entry): number => x.key - y.key;

describe('sortedInSteps', () => {
  it.each([0, 1, 2, 1023, 1024, 1025, 4096, 5000, 20_000])('%i items: the same order as a stable sort', (n) => {
    const items = entries(n, Math.max(1, Math.floor(n / 10)), n + 7);
    const { sorted } = drain(sortedInSteps(items, byKey));
    expect(sorted).toEqual(items.slice().sort(byKey));
    // Stable: equal keys keep their input order.
    for (let i = 1; i < sorted.length; i++)
      if (sorted[i - 1].key === sorted[i].key) expect(sorted[i - 1].at).toBeLessThan(sorted[i].at);
  });

  it('leaves its input alone and yields in between on large inputs', () => {
    const items = entries(50_000, 1000, 3);
    const copy = items.slice();
    const { sorted, yields } = drain(sortedInSteps(items, byKey));
    expect(items).toEqual(copy);
    expect(sorted).toHaveLength(items.length);
    expect(yields).toBeGreaterThan(10);
  });
});

describe('sortedNumbersInSteps', () => {
  it.each([0, 1, 16_383, 16_384, 16_385, 50_000, 70_001])('%i numbers: the same order as a native sort', (n) => {
    const values = Float64Array.from(entries(n, Math.max(1, n >> 3), n + 3), (e) => e.key + e.at / (n + 1));
    const expected = values.slice().sort();
    let yields = 0;
    const steps = sortedNumbersInSteps(values);
    let next = steps.next();
    for (; !next.done; next = steps.next()) yields++;
    expect(Array.from(next.value)).toEqual(Array.from(expected));
    // A run of 16,384 numbers at most between two yields.
    expect(yields).toBeGreaterThanOrEqual(Math.ceil(n / 16_384));
  });
});

describe('indicesByKeyInSteps', () => {
  it.each([0, 1, 5, 70_001])('%i keys: indices by ascending key, ties by index', (n) => {
    const keys = Float64Array.from(entries(n, 7, n + 11), (e) => e.key);
    const steps = indicesByKeyInSteps(keys);
    let next = steps.next();
    while (!next.done) next = steps.next();
    const expected = Array.from({ length: n }, (_, i) => i).sort((x, y) => keys[x] - keys[y] || x - y);
    expect(next.value).toEqual(expected);
  });
});
