// /v0/package/{purl}: template matching and canonicalisation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn } from '../helpers/predicates.js';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';

let t: TestClient;
beforeAll(async () => {
  t = await startTestApp({
    'graph.json': {
      isDependency: [
        dependsOn('pkg:npm/app@1.0.0', 'pkg:npm/lodash@4.17.20'),
        dependsOn('pkg:npm/app@1.0.0', 'pkg:npm/lodash@4.17.21'),
        dependsOn('pkg:npm/app@1.0.0', 'pkg:npm/%40angular/core@16.0.0'),
        dependsOn('pkg:npm/app@1.0.0', 'pkg:pypi/django-rest@1.0'),
        dependsOn('pkg:npm/app@1.0.0', 'pkg:deb/debian/openssl@3.0.11?arch=amd64&distro=debian-12'),
        dependsOn('pkg:npm/app@1.0.0', 'pkg:deb/debian/openssl@3.0.11?arch=arm64&distro=debian-12'),
        dependsOn('pkg:npm/app@1.0.0', 'pkg:npm/MixedCase@1.0.0'),
        dependsOn('pkg:npm/app@1.0.0', 'pkg:golang/github.com/Foo/bar@v1.2.0#cmd/tool'),
      ],
    },
  });
});
afterAll(() => t.close());

const purls = async (purl: string): Promise<string[]> => {
  const r = await t.get(`/v0/package/${enc(purl)}`);
  expect(r.status).toBe(200);
  expect(r.body.PaginationInfo.TotalCount).toBe(r.body.PurlList.length);
  return r.body.PurlList;
};

describe('GET /v0/package/{purl}', () => {
  it('a partial purl matches every version, sorted', async () => {
    expect(await purls('pkg:npm/lodash')).toEqual(['pkg:npm/lodash@4.17.20', 'pkg:npm/lodash@4.17.21']);
  });

  it('an exact purl matches that version', async () => {
    expect(await purls('pkg:npm/lodash@4.17.21')).toEqual(['pkg:npm/lodash@4.17.21']);
  });

  it('given qualifiers must be a subset of the package qualifiers', async () => {
    expect(await purls('pkg:deb/debian/openssl?arch=arm64')).toEqual([
      'pkg:deb/debian/openssl@3.0.11?arch=arm64&distro=debian-12',
    ]);
    expect(await purls('pkg:deb/debian/openssl@3.0.11?distro=debian-12')).toHaveLength(2);
    expect(await purls('pkg:deb/debian/openssl?arch=s390x')).toEqual([]);
  });

  it('canonicalises the query: type case, pypi names, qualifier order', async () => {
    expect(await purls('pkg:PyPI/Django_REST@1.0')).toEqual(['pkg:pypi/django-rest@1.0']);
    expect(await purls('pkg:DEB/Debian/OpenSSL@3.0.11?distro=debian-12&arch=amd64')).toEqual([
      'pkg:deb/debian/openssl@3.0.11?arch=amd64&distro=debian-12',
    ]);
  });

  it('a qualifier key is lowercase as written (ECMA-427, purl-spec gem#1, rpm#1): upper case is 400', async () => {
    const r = await t.get(`/v0/package/${enc('pkg:deb/debian/openssl@3.0.11?Distro=debian-12')}`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('SG_INVALID_PURL');
    expect(r.body.Message).toMatch(/qualifier key "Distro"/);
  });

  it('npm and golang names are case-sensitive', async () => {
    expect(await purls('pkg:npm/MixedCase')).toEqual(['pkg:npm/MixedCase@1.0.0']);
    expect(await purls('pkg:npm/mixedcase')).toEqual([]);
    expect(await purls('pkg:golang/github.com/Foo/bar')).toEqual(['pkg:golang/github.com/Foo/bar@v1.2.0#cmd/tool']);
  });

  it('subpath matches only when given', async () => {
    expect(await purls('pkg:golang/github.com/Foo/bar#cmd/tool')).toHaveLength(1);
    expect(await purls('pkg:golang/github.com/Foo/bar#other')).toEqual([]);
  });

  it('scoped npm names round-trip through percent-encoding', async () => {
    expect(await purls('pkg:npm/@angular/core')).toEqual(['pkg:npm/%40angular/core@16.0.0']);
  });

  it('no match is 200 with an empty list', async () => {
    const r = await t.get(`/v0/package/${enc('pkg:cargo/serde')}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ PaginationInfo: { TotalCount: 0 }, PurlList: [] });
  });

  it.each(['lodash', 'pkg:', 'pkg:npm', 'pkg:npm/', 'pkg:n%20pm/x'])(
    'an unparseable purl "%s" is 400 naming it',
    async (bad) => {
      const r = await t.get(`/v0/package/${enc(bad)}`);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('SG_INVALID_PURL');
      expect(r.body.Message).toMatch(/purl/);
    },
  );

  it('accepts a purl whose slashes were not percent-encoded', async () => {
    const r = await t.get('/v0/package/pkg:npm/lodash');
    expect(r.body.PurlList).toHaveLength(2);
  });
});
