// One item kept as itself, several in an array: what the per-name maps of the index hold.
import { describe, expect, it } from 'vitest';
import { firstOf, itemsOf, someItem, withItem, type OneOrMany } from '../../src/index/one-or-many.js';

describe('one or many', () => {
  it('keeps a single item as itself and grows to an array from the second', () => {
    let value: OneOrMany<number> | undefined;
    expect(itemsOf(value)).toEqual([]);
    value = withItem(value, 7);
    expect(value).toBe(7);
    expect(itemsOf(value)).toEqual([7]);
    value = withItem(value, 8);
    expect(value).toEqual([7, 8]);
    const array = value;
    value = withItem(value, 9);
    expect(value).toBe(array); // grown in place
    expect(itemsOf(value)).toEqual([7, 8, 9]);
    expect(firstOf(value)).toBe(7);
    expect(firstOf(5)).toBe(5);
  });

  it('tests items without making an array for one', () => {
    expect(someItem(3, (n) => n > 2)).toBe(true);
    expect(someItem(1, (n) => n > 2)).toBe(false);
    expect(someItem([1, 4], (n) => n > 2)).toBe(true);
    expect(someItem(['a'], (s) => s === 'b')).toBe(false);
    expect(itemsOf('text')).toEqual(['text']);
  });
});
