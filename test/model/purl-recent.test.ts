// canonicalPurl keeps the canonical forms of recent purls (src/model/purl.ts): the answers must
// be those of a fresh parse, before and after a generation of remembered forms is dropped, and a
// purl that does not parse must keep failing.
import { describe, expect, it } from 'vitest';
import { canonicalPurl, formatPurl, parsePurl } from '../../src/model/purl.js';

describe('canonical forms of recent purls', () => {
  it('answer as a fresh parse, across generations, and never remember a failure', () => {
    const odd = 'pkg:NPM/%40Scope/Name@1.0.0+build?b=2&a=1';
    const expected = formatPurl(parsePurl(odd));
    expect(canonicalPurl(odd)).toBe(expected);
    expect(canonicalPurl(odd)).toBe(expected);
    // More distinct purls than two generations hold push the first one out.
    const wrong: string[] = [];
    for (let i = 0; i < 140_000; i++) {
      const purl = `pkg:npm/p${i}@${i}.0.0`;
      if (canonicalPurl(purl) !== purl) wrong.push(purl);
    }
    expect(wrong).toEqual([]);
    expect(canonicalPurl(odd)).toBe(expected);
    expect(() => canonicalPurl('pkg:maven/@1.3.4')).toThrow();
    expect(() => canonicalPurl('pkg:maven/@1.3.4')).toThrow();
  });
});
