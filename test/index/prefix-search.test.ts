// Prefix search over sorted texts: the nodes whose text starts with a prefix, in text order,
// after loads merged in one by one; checked against a plain filter.
import { describe, expect, it } from 'vitest';
import { PrefixSearch } from '../../src/index/prefix-search.js';

describe('prefix search', () => {
  it('finds the texts starting with a prefix, in text order, nodes merged in load by load', () => {
    let x = 11;
    const next = (): number => (x = (x * 1103515245 + 12345) >>> 0) / 0x100000000;
    const text = (): string =>
      Array.from({ length: 1 + Math.floor(next() * 6) }, () => 'abc-1'[Math.floor(next() * 5)]).join('');
    const s = new PrefixSearch();
    const all: { id: number; text: string }[] = [];
    let id = 1;
    for (let load = 0; load < 8; load++) {
      for (let i = 0; i < 1 + Math.floor(next() * 60); i++) {
        const entry = { id: id++, text: text() };
        all.push(entry);
        s.add(entry.id, entry.text);
      }
      s.merge();
      expect(s.size).toBe(all.length);
      for (let q = 0; q < 30; q++) {
        const prefix = text().slice(0, 1 + Math.floor(next() * 3));
        const expected = all
          .filter((e) => e.text.startsWith(prefix))
          .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : a.id - b.id))
          .map((e) => e.id);
        expect(s.withPrefix(prefix), prefix).toEqual(expected);
      }
    }
    expect(s.withPrefix('')).toHaveLength(all.length);
    expect(s.withPrefix('zzz')).toEqual([]);
  });
});
