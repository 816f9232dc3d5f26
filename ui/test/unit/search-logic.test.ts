// Where the search box sends a typed text and a chosen result, without a browser.
import { describe, expect, it } from 'vitest';
import {
  fullDigest,
  isVersionedPurl,
  movedOption,
  parseKind,
  resultFacts,
  resultHref,
  resultMatch,
  searchPageHref,
  submitHref,
} from '../../src/components/search-logic';

describe('isVersionedPurl', () => {
  it.each([
    ['pkg:npm/lodash@4.17.21', true],
    ['pkg:npm/%40babel/core@7.0.0', true],
    ['pkg:npm/@babel/core@7.0.0', true],
    ['pkg:oci/git@sha256:23a264e6e429852221a963e9f17338ba3f5796dc7086e46439a6f4482cf6e0cb', true],
    ['pkg:alpine/busybox@1.35.0-r17?arch=x86_64&distro=alpine-3.16.2', true],
    ['pkg:npm/@babel/core', false],
    ['pkg:npm/lodash', false],
    ['pkg:npm/lodash@', false],
    ['pkg:maven/org.example/a?repository_url=https://u@repo.example/x', false],
    ['pkg:golang/github.com/o/r#sub@dir', false],
    ['lodash@4.17.21', false],
    ['pkg:npm', false],
  ])('%s → %s', (text, expected) => {
    expect(isVersionedPurl(text)).toBe(expected);
  });
});

describe('fullDigest', () => {
  const hex = 'ab'.repeat(32);
  it('takes a whole digest with its algorithm, in any case, as its lower-case name', () => {
    expect(fullDigest(`sha256:${hex}`)).toBe(`sha256:${hex}`);
    expect(fullDigest(`SHA256:${hex.toUpperCase()}`)).toBe(`sha256:${hex}`);
    expect(fullDigest(`sha1:${'0'.repeat(40)}`)).toBe(`sha1:${'0'.repeat(40)}`);
  });
  it('refuses a prefix, a wrong length for the algorithm, or no algorithm', () => {
    expect(fullDigest(`sha256:${hex.slice(0, 12)}`)).toBeNull();
    expect(fullDigest(`sha1:${hex}`)).toBeNull();
    expect(fullDigest(hex)).toBeNull();
    expect(fullDigest(`md5:${'0'.repeat(32)}`)).toBeNull();
  });
});

describe('submitHref (Enter with no suggestion chosen)', () => {
  it('opens a versioned purl’s package page and a digest’s artifact page directly', () => {
    expect(submitHref(' pkg:npm/lodash@4.17.21 ')).toBe('/ui/package/pkg%3Anpm%2Flodash%404.17.21');
    const hex = 'cd'.repeat(32);
    expect(submitHref(`SHA256:${hex}`)).toBe(`/ui/artifact/sha256%3A${hex}`);
  });
  it('searches anything else, and does nothing for blank text', () => {
    expect(submitHref('log4j core')).toBe('/ui/search?q=log4j%20core');
    expect(submitHref('pkg:npm/lodash')).toBe('/ui/search?q=pkg%3Anpm%2Flodash');
    expect(submitHref('sha256:abcdef12')).toBe('/ui/search?q=sha256%3Aabcdef12');
    expect(submitHref('   ')).toBeNull();
  });
});

describe('the search page URL and its kind', () => {
  it('adds a kind to the search link, and reads back only known kinds', () => {
    expect(searchPageHref('a b', null)).toBe('/ui/search?q=a%20b');
    expect(searchPageHref('a b', 'vulnerability')).toBe('/ui/search?q=a%20b&kind=vulnerability');
    expect(parseKind('artifact')).toBe('artifact');
    expect(parseKind('nonsense')).toBeNull();
    expect(parseKind(undefined)).toBeNull();
  });
});

describe('results', () => {
  it('lead to the package name’s, artifact’s or vulnerability’s page', () => {
    expect(resultHref({ kind: 'package', name: 'pkg:npm/%40babel/core', dependentCount: 0, purls: [] })).toBe(
      `/ui/package/${encodeURIComponent('pkg:npm/%40babel/core')}`,
    );
    const digest = `sha256:${'ef'.repeat(32)}`;
    expect(resultHref({ kind: 'artifact', name: digest, digest, dependentCount: 2 })).toBe(
      `/ui/artifact/${encodeURIComponent(digest)}`,
    );
    expect(resultHref({ kind: 'vulnerability', name: 'CVE-2021-44228', id: 'CVE-2021-44228', dependentCount: 1 })).toBe(
      '/ui/vuln/CVE-2021-44228',
    );
  });
  it('say their numbers in words, singular or plural', () => {
    const purls = ['pkg:npm/a@1', 'pkg:npm/a@2'];
    expect(resultFacts({ kind: 'package', name: 'pkg:npm/a', dependentCount: 1, purls })).toBe(
      '2 versions · 1 dependent',
    );
    expect(resultFacts({ kind: 'package', name: 'pkg:npm/a', dependentCount: 1234, purls: ['x'] })).toBe(
      '1 version · 1,234 dependents',
    );
    expect(resultFacts({ kind: 'vulnerability', name: 'CVE-1', id: 'CVE-1', dependentCount: 3 })).toBe(
      '3 affected package versions',
    );
  });
  it('name the alias that matched when the result is shown under another id (issue 30)', () => {
    const cve = { kind: 'vulnerability', name: 'CVE-2024-23944', id: 'CVE-2024-23944', dependentCount: 1 } as const;
    const aliases = ['GHSA-r978-9m6m-6gm6'];
    expect(resultMatch({ ...cve, aliases, matched: 'GHSA-r978-9m6m-6gm6' })).toBe('matched alias GHSA-r978-9m6m-6gm6');
    expect(resultMatch({ ...cve, aliases, matched: 'CVE-2024-23944' })).toBeNull();
    expect(resultMatch(cve)).toBeNull();
    expect(resultMatch({ kind: 'package', name: 'pkg:npm/a', dependentCount: 0, purls: [] })).toBeNull();
  });
});

describe('movedOption', () => {
  it('goes from none chosen to the first (Down) or the last (Up)', () => {
    expect(movedOption(-1, 1, 5)).toBe(0);
    expect(movedOption(-1, -1, 5)).toBe(4);
  });

  it('moves by one and wraps around at both ends', () => {
    expect(movedOption(2, 1, 5)).toBe(3);
    expect(movedOption(4, 1, 5)).toBe(0);
    expect(movedOption(0, -1, 5)).toBe(4);
  });
});
