// The documents pages' decisions, without a browser: subject links, short digests, counts,
// timestamps and the media type an upload is sent with.
import { describe, expect, it } from 'vitest';
import { countsText, shortDigest, subjectHref, uploadMediaType, utcText } from '../../src/pages/documents/logic';

describe('subjectHref', () => {
  it('links purls to package pages, digests to artifact pages, advisory ids to vulnerability pages', () => {
    expect(subjectHref('pkg:npm/qs@6.7.0')).toBe('/ui/package/pkg%3Anpm%2Fqs%406.7.0');
    expect(subjectHref('pkg:guac/spdx/alpine-latest')).toBe('/ui/package/pkg%3Aguac%2Fspdx%2Falpine-latest');
    const digest = `sha256:${'9c'.repeat(32)}`;
    expect(subjectHref(digest)).toBe(`/ui/artifact/${encodeURIComponent(digest)}`);
    expect(subjectHref('GO-2022-0969')).toBe('/ui/vuln/GO-2022-0969');
    expect(subjectHref('GHSA-69ch-w2m2-3vjp')).toBe('/ui/vuln/GHSA-69ch-w2m2-3vjp');
  });
  it('leaves what has no page here unlinked', () => {
    expect(subjectHref('git+https://github.com/expressjs/express')).toBeNull();
    expect(subjectHref(null)).toBeNull();
    expect(subjectHref('pkg:')).toBeNull();
  });
});

describe('display', () => {
  it('shortens a digest to its algorithm and first hex digits', () => {
    const digest = `sha256:${'7a4b11a3'}${'0'.repeat(56)}`;
    expect(shortDigest(digest)).toBe('sha256:7a4b11a3…');
    expect(shortDigest('sha256:abc')).toBe('sha256:abc');
  });
  it('says counts in words and times in UTC', () => {
    expect(countsText({ packages: 1, artifacts: 0, dependencies: 1200 })).toBe(
      '1 package, 0 artifacts, 1,200 dependencies',
    );
    expect(utcText('2026-11-23T06:03:14.894Z')).toBe('2026-11-23 06:03:14 UTC');
    expect(utcText('not a time')).toBe('not a time');
  });
});

describe('uploadMediaType', () => {
  it('says gzip for gzip files (the server detects everything else from the bytes)', () => {
    expect(uploadMediaType('sbom.json.gz', '')).toBe('application/gzip');
    expect(uploadMediaType('sbom', 'application/x-gzip')).toBe('application/gzip');
    expect(uploadMediaType('docs.zip', '')).toBe('application/zip');
    expect(uploadMediaType('sbom.json', 'application/json')).toBe('application/octet-stream');
    expect(uploadMediaType('bom.xml', 'text/xml')).toBe('application/octet-stream');
  });
});
