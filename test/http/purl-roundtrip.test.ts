// Every purl found in a document round-trips: parse → canonical string → parse gives the same
// identity, the canonical string is stable, and after ingest the API finds the package by the purl
// as the document wrote it and answers with the canonical string. Runs over test/fixtures/purl
// and the real-document fixtures always, and over the shared corpus in the sweep.
import { describe, expect, it } from 'vitest';
import { FIXTURES as REAL_FIXTURES } from '../helpers/corpus.js';
import { expectModelRoundTrip, listed, purlsIn, serve } from './purl-roundtrip.helpers.js';
import { purlRoundTripSuite } from './purl-roundtrip.suite.js';
import { canonicalPurl, formatPurl, packageNameOf, parsePurl } from '../../src/model/purl.js';
import { nameOfCanonicalPurl, splitCanonicalPurl } from '../../src/index/purl-key.js';

const FIXTURES = new URL('../fixtures/purl/', import.meta.url);
const FIXTURE_FILES = ['purls.cdx.json', 'purls.cdx.xml', 'purls.spdx.json'].map((f) => new URL(f, FIXTURES).pathname);

describe('purl round trip: fixtures', () => {
  const raws = [...new Set(FIXTURE_FILES.flatMap(purlsIn))];

  it('finds the fixture purls', () => {
    expect(raws).toHaveLength(23);
  });

  it('parse → canonical → parse keeps every identity', () => {
    for (const raw of raws) expectModelRoundTrip(raw);
  });

  it('keeps "+" a plus, in versions and in qualifier values, encoded or not (canonical: %2B, ECMA-427)', () => {
    expect(
      expectModelRoundTrip('pkg:deb/debian/bsdutils@1:2.29.2-1+deb9u1?upstream=util-linux%402.29.2-1%2Bdeb9u1'),
    ).toBe('pkg:deb/debian/bsdutils@1:2.29.2-1%2Bdeb9u1?upstream=util-linux%402.29.2-1%2Bdeb9u1');
    expect(parsePurl('pkg:generic/notes@1.0?label=a+b').qualifiers.label).toBe('a+b');
    expect(parsePurl('pkg:generic/notes@1.0?label=a%2Bb').qualifiers.label).toBe('a+b');
    expect(parsePurl('pkg:generic/notes@1.0?label=a%20b').qualifiers.label).toBe('a b');
    expect(parsePurl('pkg:generic/notes@1.0+x#sub+path').version).toBe('1.0+x');
  });

  it('an oci repository_url is the namespace: read from either place, part of the package name', () => {
    const image = 'pkg:oci/debian@sha256:244fd47e07d10?repository_url=ghcr.io&tag=bullseye';
    expect(canonicalPurl('pkg:oci/ghcr.io/debian@sha256%3A244fd47e07d10?tag=bullseye')).toBe(image);
    expect(canonicalPurl('pkg:oci/debian@sha256:244fd47e07d10?tag=bullseye&repository_url=ghcr.io/debian')).toBe(image);
    expect(canonicalPurl('pkg:oci/other/debian@sha256:244fd47e07d10?repository_url=ghcr.io&tag=bullseye')).toBe(image);
    expect(packageNameOf(parsePurl(image))).toBe('pkg:oci/debian?repository_url=ghcr.io');
    expect(nameOfCanonicalPurl(image)).toBe('pkg:oci/debian?repository_url=ghcr.io');
    expect(splitCanonicalPurl(image).name).toBe('pkg:oci/debian?repository_url=ghcr.io');
    expect(nameOfCanonicalPurl('pkg:oci/debian@sha256:244fd47e07d10?tag=bullseye')).toBe('pkg:oci/debian');
    // Other types keep their qualifiers out of the name.
    expect(nameOfCanonicalPurl('pkg:generic/x@1?repository_url=example.com')).toBe('pkg:generic/x');
  });

  it('the API finds each package by the purl as written and answers with the canonical form', async () => {
    const t = await serve(FIXTURE_FILES);
    try {
      for (const raw of raws) expect(await listed(t, raw), raw).toContain(formatPurl(parsePurl(raw)));
      // "a+b" and "a b" stay two packages; "a%2Bb" is "a+b".
      expect(await listed(t, 'pkg:generic/notes@1.0')).toEqual([
        'pkg:generic/notes@1.0?label=a%20b',
        'pkg:generic/notes@1.0?label=a%2Bb',
        'pkg:generic/notes@1.0?label=a%2Bb&os=linux',
      ]);
      expect(await listed(t, 'pkg:generic/notes@1.0?label=a+b')).toEqual([
        'pkg:generic/notes@1.0?label=a%2Bb',
        'pkg:generic/notes@1.0?label=a%2Bb&os=linux',
      ]);
      expect(await listed(t, 'pkg:generic/notes@1.0?label=a b')).toEqual(['pkg:generic/notes@1.0?label=a%20b']);
      // Unencoded in the URL path, "+" is still a plus (a path is not a form body).
      const r = await t.get('/v0/package/pkg:deb%2Fdebian%2Fbsdutils@1:2.29.2-1+deb9u1');
      expect(r.body.PurlList).toEqual([
        'pkg:deb/debian/bsdutils@1:2.29.2-1%2Bdeb9u1?arch=amd64&upstream=util-linux%402.29.2-1%2Bdeb9u1',
        'pkg:deb/debian/bsdutils@1:2.29.2-1%2Bdeb9u1?arch=i386&upstream=util-linux%402.29.2-1%2Bdeb9u1',
      ]);
      // An oci purl's repository_url is its namespace (GUAC): without it the purl names another package.
      expect(await listed(t, 'pkg:oci/debian?repository_url=ghcr.io')).toEqual([
        'pkg:oci/debian@sha256:244fd47e07d10?repository_url=ghcr.io&tag=bullseye',
      ]);
      expect(await listed(t, 'pkg:oci/ghcr.io/debian')).toEqual([
        'pkg:oci/debian@sha256:244fd47e07d10?repository_url=ghcr.io&tag=bullseye',
      ]);
      expect(await listed(t, 'pkg:oci/debian')).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

purlRoundTripSuite(REAL_FIXTURES, 500);
