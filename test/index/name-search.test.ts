// Package-name search: every word of the query must be in the name's namespace/name text;
// checked against a plain scan over generated names, added in loads with compactions between.
import { describe, expect, it } from 'vitest';
import { NameSearch, queryWords, searchableText } from '../../src/index/name-search.js';

const NAMES = [
  'pkg:maven/org.apache.logging.log4j/log4j-core',
  'pkg:maven/org.apache.logging.log4j/log4j-api',
  'pkg:npm/lodash',
  'pkg:npm/lodash.merge',
  'pkg:npm/%40babel/core',
  'pkg:golang/github.com/sirupsen/logrus',
  'pkg:oci/debian?repository_url=docker.io%2Flibrary',
];

function searchOf(names: readonly string[]): NameSearch {
  const s = new NameSearch();
  for (const n of names) s.add(n);
  s.compact();
  return s;
}

describe('name search', () => {
  it('finds names by words of their namespace and name, in any case', () => {
    const s = searchOf(NAMES);
    expect(s.find('log4j')).toEqual(NAMES.slice(0, 2));
    expect(s.find('LODASH')).toEqual(['pkg:npm/lodash', 'pkg:npm/lodash.merge']);
    expect(s.find('@babel core')).toEqual(['pkg:npm/%40babel/core']);
    expect(s.find('log4j core')).toEqual(['pkg:maven/org.apache.logging.log4j/log4j-core']);
    expect(s.find('lo')).toEqual(NAMES.filter((n) => searchableText(n).includes('lo')));
    expect(s.find('debian')).toEqual(['pkg:oci/debian?repository_url=docker.io%2Flibrary']);
    expect(s.find('nothing-like-it')).toEqual([]);
    expect(s.find('   ')).toEqual([]);
  });

  it('finds non-ASCII text, and only the names that really contain it', () => {
    // "ü" and "|" share a trigram code (7 bits per character): the substring check tells them apart.
    const s = searchOf(['pkg:npm/%C3%BCber-lib', 'pkg:generic/%7Cber-lib', 'pkg:npm/ueber']);
    expect(s.find('über')).toEqual(['pkg:npm/%C3%BCber-lib']);
    expect(s.find('ÜBER-LIB')).toEqual(['pkg:npm/%C3%BCber-lib']);
    expect(s.find('|ber')).toEqual(['pkg:generic/%7Cber-lib']);
    expect(s.find('ber-lib')).toEqual(['pkg:npm/%C3%BCber-lib', 'pkg:generic/%7Cber-lib']);
  });

  it('ignores a name added twice', () => {
    const s = searchOf([...NAMES, NAMES[0]]);
    expect(s.size).toBe(NAMES.length);
  });

  it('answers as a plain scan does, over many generated names and queries', () => {
    let x = 7;
    const next = (): number => (x = (x * 1103515245 + 12345) >>> 0) / 0x100000000;
    const syllables = ['lo', 'dash', 'log', '4j', 'core', 'api', 'ba', 'bel', 'x', 'merge', '-', '.', 'ü', '|'];
    const word = (): string =>
      Array.from({ length: 1 + Math.floor(next() * 4) }, () => syllables[Math.floor(next() * syllables.length)]).join(
        '',
      );
    const names = Array.from({ length: 500 }, () => `pkg:npm/${word()}${next() < 0.3 ? '/' + word() : ''}`);
    const s = new NameSearch();
    // Loads of names, each compacted or not (names added since the last compaction are found too).
    for (let start = 0; start < names.length;) {
      const end = Math.min(names.length, start + 1 + Math.floor(next() * 120));
      for (const n of names.slice(start, end)) s.add(n);
      if (next() < 0.7) s.compact();
      start = end;
      const unique = [...new Set(names.slice(0, end))];
      for (let i = 0; i < 40; i++) {
        const q = next() < 0.5 ? word() : `${word()} ${word()}`;
        const words = queryWords(q);
        const expected = unique.filter((n) => words.every((w) => searchableText(n).includes(w)));
        expect(s.find(q), q).toEqual(expected);
      }
    }
  });

  it('packs in steps that yield (for an index built aside), to the same postings as compact()', () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `pkg:npm/name-${i.toString(36)}-${(i * 7919).toString(36)}`);
    const whole = searchOf(names.slice(0, 5000));
    const stepped = searchOf(names.slice(0, 5000));
    for (const n of names.slice(5000)) {
      whole.add(n);
      stepped.add(n);
    }
    whole.compact();
    let yields = 0;
    const steps = stepped.compactSteps();
    while (!steps.next().done) {
      yields++;
      // Nothing is visible until the last step: the names added since the last pack still answer.
      expect(stepped.find('name-zz')).toEqual(whole.find('name-zz'));
    }
    expect(yields).toBeGreaterThan(4);
    for (const q of ['name-1', 'zz', '-a', 'name-9x']) expect(stepped.find(q), q).toEqual(whole.find(q));
  });
});
