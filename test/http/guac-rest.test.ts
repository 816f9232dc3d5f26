// The scenarios of GUAC's own REST server tests (pkg/guacrest/server: package purls, dependencies
// by purl and by digest, client errors, vulnerabilities), each on a graph of its own made of GUAC
// ingest-predicates documents with placeholder digests. Where this service answers differently on
// purpose (docs/api.md), the test asserts our documented answer and says why.
import { describe, expect, it } from 'vitest';
import { enc, type TestClient } from '../helpers/server.js';
import { serveGuacGraph, type GuacGraph } from './guac-rest-graph.js';

async function withGraph<T>(g: GuacGraph, fn: (t: TestClient) => Promise<T>): Promise<T> {
  const t = await serveGuacGraph(g);
  try {
    return await fn(t);
  } finally {
    await t.close();
  }
}

const sorted = (list: string[]): string[] => [...list].sort();

async function matching(t: TestClient, purl: string): Promise<string[]> {
  const r = await t.get(`/v0/package/${enc(purl)}`);
  expect(r.status, r.text).toBe(200);
  expect(r.body.PaginationInfo.TotalCount).toBe(r.body.PurlList.length);
  return sorted(r.body.PurlList);
}

async function packageDeps(t: TestClient, purl: string): Promise<string[]> {
  const r = await t.get(`/v0/package/${enc(purl)}/dependencies`);
  expect(r.status, r.text).toBe(200);
  return sorted(r.body.dependencies);
}

async function artifactDeps(t: TestClient, digest: string): Promise<string[]> {
  const r = await t.get(`/v0/artifact/${enc(digest)}/dependencies`);
  expect(r.status, r.text).toBe(200);
  return sorted(r.body.PurlList);
}

async function packageVulnIds(t: TestClient, purl: string, includeDependencies: boolean): Promise<string[]> {
  const r = await t.get(`/v0/package/${enc(purl)}/vulns?includeDependencies=${includeDependencies}`);
  expect(r.status, r.text).toBe(200);
  return sorted(
    r.body.flatMap((v: { vulnerability: { vulnerabilityIDs: string[] } }) => v.vulnerability.vulnerabilityIDs),
  );
}

async function artifactVulnIds(t: TestClient, digest: string): Promise<string[]> {
  const r = await t.get(`/v0/artifact/${enc(digest)}/vulns`);
  expect(r.status, r.text).toBe(200);
  return sorted(r.body.vulnerabilities.map((v: { id: string }) => v.id));
}

// GUAC lowercases vulnerability ids ("cve-2024-0001"); this service renders them in their
// conventional spelling (docs/api.md, "Vulnerabilities" and "Identity").
const CVE_1 = 'CVE-2024-1111';
const CVE_2 = 'CVE-2024-2222';

describe('GUAC REST scenarios: which package versions a purl matches', () => {
  const cases: { name: string; packages: string[]; purl: string; expected: string[] }[] = [
    {
      name: 'a purl without version lists the unversioned package and every version',
      packages: ['pkg:guac/app', 'pkg:guac/app@1.0', 'pkg:guac/app@2.0'],
      purl: 'pkg:guac/app',
      expected: ['pkg:guac/app', 'pkg:guac/app@1.0', 'pkg:guac/app@2.0'],
    },
    {
      name: 'a purl without qualifiers lists the qualified packages too',
      packages: ['pkg:guac/app', 'pkg:guac/app?os=linux', 'pkg:guac/app?arch=arm&os=linux'],
      purl: 'pkg:guac/app',
      expected: ['pkg:guac/app', 'pkg:guac/app?arch=arm&os=linux', 'pkg:guac/app?os=linux'],
    },
    {
      name: 'a version picks that version only',
      packages: ['pkg:guac/app', 'pkg:guac/app@1.0', 'pkg:guac/app@2.0'],
      purl: 'pkg:guac/app@1.0',
      expected: ['pkg:guac/app@1.0'],
    },
    {
      name: 'given qualifiers must be a subset of the package qualifiers',
      packages: ['pkg:guac/app', 'pkg:guac/app?os=linux', 'pkg:guac/app?arch=arm&os=linux', 'pkg:guac/app?os=mac'],
      purl: 'pkg:guac/app?os=linux',
      expected: ['pkg:guac/app?arch=arm&os=linux', 'pkg:guac/app?os=linux'],
    },
    {
      name: 'a qualifier value must be equal',
      packages: ['pkg:guac/app?os=linux', 'pkg:guac/app?os=mac'],
      purl: 'pkg:guac/app?os=linux',
      expected: ['pkg:guac/app?os=linux'],
    },
    {
      name: 'another name does not match',
      packages: ['pkg:guac/app', 'pkg:guac/lib'],
      purl: 'pkg:guac/app',
      expected: ['pkg:guac/app'],
    },
    {
      name: 'another type does not match',
      packages: ['pkg:guac/app', 'pkg:generic/app'],
      purl: 'pkg:guac/app',
      expected: ['pkg:guac/app'],
    },
    {
      name: 'a purl without namespace matches only packages without one',
      packages: ['pkg:golang/tool', 'pkg:golang/example.com/tool'],
      purl: 'pkg:golang/tool',
      expected: ['pkg:golang/tool'],
    },
    {
      name: 'a purl with a namespace matches only that namespace',
      packages: ['pkg:golang/tool', 'pkg:golang/example.com/tool'],
      purl: 'pkg:golang/example.com/tool',
      expected: ['pkg:golang/example.com/tool'],
    },
    {
      name: 'nothing matching is an empty list',
      packages: ['pkg:guac/lib'],
      purl: 'pkg:guac/app',
      expected: [],
    },
    {
      name: 'an empty graph is an empty list',
      packages: [],
      purl: 'pkg:guac/app',
      expected: [],
    },
  ];
  for (const c of cases) {
    it(c.name, () =>
      withGraph({ packages: c.packages }, async (t) => expect(await matching(t, c.purl)).toEqual(c.expected)),
    );
  }

  it('answers 200 with PurlList and TotalCount', () =>
    withGraph({ packages: ['pkg:guac/app', 'pkg:guac/app@1.0'] }, async (t) => {
      const r = await t.get(`/v0/package/${enc('pkg:guac/app')}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ PaginationInfo: { TotalCount: 2 }, PurlList: ['pkg:guac/app', 'pkg:guac/app@1.0'] });
    }));

  it('answers 200 with an empty list and TotalCount 0 when nothing matches', () =>
    withGraph({}, async (t) => {
      const r = await t.get(`/v0/package/${enc('pkg:guac/app')}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ PaginationInfo: { TotalCount: 0 }, PurlList: [] });
    }));

  it('answers 400 for text that is not a purl', () =>
    withGraph({}, async (t) => {
      const r = await t.get(`/v0/package/${enc('no-purl-here')}`);
      expect(r.status).toBe(400);
      expect(r.body.Message).toMatch(/purl/);
    }));
});

describe('GUAC REST scenarios: dependencies of a package', () => {
  const cases: { name: string; graph: GuacGraph; purl: string; expected: string[] }[] = [
    {
      name: 'package → SBOM → package',
      graph: { sboms: [{ subject: 'pkg:guac/app', includes: ['pkg:guac/lib'] }] },
      purl: 'pkg:guac/app',
      expected: ['pkg:guac/lib'],
    },
    {
      name: 'package → SBOM → two packages',
      graph: { sboms: [{ subject: 'pkg:guac/app', includes: ['pkg:guac/lib', 'pkg:guac/util'] }] },
      purl: 'pkg:guac/app',
      expected: ['pkg:guac/lib', 'pkg:guac/util'],
    },
    {
      name: 'package → SBOM → package → SBOM → package',
      graph: {
        sboms: [
          { subject: 'pkg:guac/app', includes: ['pkg:guac/lib'] },
          { subject: 'pkg:guac/lib', includes: ['pkg:guac/util'] },
        ],
      },
      purl: 'pkg:guac/app',
      expected: ['pkg:guac/lib', 'pkg:guac/util'],
    },
    {
      name: 'an occurrence of the package leads to no extra dependency',
      graph: {
        artifacts: ['sha-app'],
        sboms: [{ subject: 'pkg:guac/app', includes: ['pkg:guac/lib'] }],
        occurrences: [{ pkg: 'pkg:guac/app', artifact: 'sha-app' }],
      },
      purl: 'pkg:guac/app',
      expected: ['pkg:guac/lib'],
    },
    {
      name: 'package → occurrences → two artifacts, each with an SBOM',
      graph: {
        sboms: [
          { subject: 'sha-app-amd64', includes: ['pkg:guac/lib'] },
          { subject: 'sha-app-arm64', includes: ['pkg:guac/util'] },
        ],
        occurrences: [
          { pkg: 'pkg:guac/app', artifact: 'sha-app-amd64' },
          { pkg: 'pkg:guac/app', artifact: 'sha-app-arm64' },
        ],
      },
      purl: 'pkg:guac/app',
      expected: ['pkg:guac/lib', 'pkg:guac/util'],
    },
    {
      name: 'what depends on the package is not a dependency',
      graph: {
        sboms: [
          { subject: 'pkg:guac/app', includes: ['pkg:guac/lib'] },
          { subject: 'pkg:guac/other-app', includes: ['pkg:guac/lib'] },
        ],
      },
      purl: 'pkg:guac/app',
      expected: ['pkg:guac/lib'],
    },
    {
      name: 'transitive dependents are not dependencies',
      graph: {
        sboms: [
          { subject: 'pkg:guac/app', includes: ['pkg:guac/lib'] },
          { subject: 'pkg:guac/lib', includes: ['pkg:guac/util'] },
        ],
      },
      purl: 'pkg:guac/util',
      expected: [],
    },
    {
      name: 'a dependency reached through its SBOM occurrence and through another artifact',
      graph: {
        sboms: [
          {
            subject: 'pkg:guac/app',
            includes: ['pkg:guac/lib'],
            occurrences: [{ pkg: 'pkg:guac/lib', artifact: 'sha-lib-1' }],
          },
          { subject: 'sha-lib-2', includes: ['pkg:guac/util'] },
        ],
        occurrences: [{ pkg: 'pkg:guac/lib', artifact: 'sha-lib-2' }],
      },
      purl: 'pkg:guac/app',
      expected: ['pkg:guac/lib', 'pkg:guac/util'],
    },
    {
      name: "the package's own occurrence is not a dependency",
      graph: { occurrences: [{ pkg: 'pkg:guac/app', artifact: 'sha-app' }] },
      purl: 'pkg:guac/app',
      expected: [],
    },
    {
      name: 'the unversioned package is not taken for its versions',
      graph: {
        sboms: [
          { subject: 'pkg:guac/app', includes: ['pkg:guac/lib@1.0'] },
          { subject: 'pkg:guac/app@1.0', includes: ['pkg:guac/lib'] },
        ],
      },
      purl: 'pkg:guac/app',
      expected: ['pkg:guac/lib@1.0'],
    },
    {
      name: 'an unversioned dependency is not taken for a versioned one',
      graph: {
        sboms: [
          { subject: 'pkg:guac/app', includes: ['pkg:guac/lib'] },
          { subject: 'pkg:guac/app@1.0', includes: ['pkg:guac/lib@1.0'] },
        ],
      },
      purl: 'pkg:guac/app',
      expected: ['pkg:guac/lib'],
    },
    {
      // GUAC stores this package as namespace ghcr.io; its purl carries that as repository_url.
      name: 'oci purls with repository_url name and print GUAC’s oci packages',
      graph: {
        sboms: [
          {
            subject: 'pkg:oci/alpine@sha256:a1b2c3d4e5f6?repository_url=ghcr.io&tag=3.19',
            includes: ['pkg:oci/base@sha256:0f9e8d7c6b5a?repository_url=quay.io%2Fimages&tag=stable'],
          },
        ],
      },
      purl: 'pkg:oci/alpine@sha256:a1b2c3d4e5f6?repository_url=ghcr.io&tag=3.19',
      expected: ['pkg:oci/base@sha256:0f9e8d7c6b5a?repository_url=quay.io%2Fimages&tag=stable'],
    },
    {
      name: 'a non-canonical purl comes back canonical',
      graph: { sboms: [{ subject: 'pkg:guac/app', includes: ['pkg:github/Example-Org/Some-Repo'] }] },
      purl: 'pkg:guac/app',
      expected: ['pkg:github/example-org/some-repo'],
    },
  ];
  for (const c of cases) {
    it(c.name, () => withGraph(c.graph, async (t) => expect(await packageDeps(t, c.purl)).toEqual(sorted(c.expected))));
  }
});

describe('GUAC REST scenarios: dependencies of an artifact', () => {
  const cases: { name: string; graph: GuacGraph; digest: string; expected: string[] }[] = [
    {
      name: 'artifact → SBOM → package',
      graph: { sboms: [{ subject: 'sha-image', includes: ['pkg:guac/lib'] }] },
      digest: 'sha-image',
      expected: ['pkg:guac/lib'],
    },
    {
      name: 'artifact → SBOM → artifact → SBOM → package',
      graph: {
        sboms: [
          { subject: 'sha-image', includes: ['sha-layer'] },
          { subject: 'sha-layer', includes: ['pkg:guac/app'] },
        ],
      },
      digest: 'sha-image',
      expected: ['pkg:guac/app'],
    },
    {
      // The artifact's SBOM is authoritative: a package found in it is a leaf.
      name: 'artifact → SBOM → package, whose own SBOM is not followed',
      graph: {
        sboms: [
          { subject: 'sha-image', includes: ['pkg:guac/lib'] },
          { subject: 'pkg:guac/lib', includes: ['pkg:guac/app'] },
        ],
      },
      digest: 'sha-image',
      expected: ['pkg:guac/lib'],
    },
    {
      name: 'artifact → SBOM → artifact → occurrence → package',
      graph: {
        sboms: [{ subject: 'sha-image', includes: ['sha-layer'] }],
        occurrences: [{ pkg: 'pkg:guac/lib', artifact: 'sha-layer' }],
      },
      digest: 'sha-image',
      expected: ['pkg:guac/lib'],
    },
    {
      name: 'artifact → hashEqual → artifact with an SBOM',
      graph: {
        sboms: [{ subject: 'sha-copy', includes: ['pkg:guac/app'] }],
        hashEquals: [['sha-original', 'sha-copy']],
      },
      digest: 'sha-original',
      expected: ['pkg:guac/app'],
    },
    {
      name: 'artifact → hashEqual → two artifacts with SBOMs',
      graph: {
        sboms: [
          { subject: 'sha-copy-1', includes: ['pkg:guac/app'] },
          { subject: 'sha-copy-2', includes: ['pkg:guac/lib'] },
        ],
        hashEquals: [
          ['sha-original', 'sha-copy-1'],
          ['sha-original', 'sha-copy-2'],
        ],
      },
      digest: 'sha-original',
      expected: ['pkg:guac/app', 'pkg:guac/lib'],
    },
    {
      name: 'artifact → SLSA material → occurrence → package',
      graph: {
        slsa: [{ subject: 'sha-binary', builtFrom: ['sha-tarball'] }],
        occurrences: [{ pkg: 'pkg:guac/app', artifact: 'sha-tarball' }],
      },
      digest: 'sha-binary',
      expected: ['pkg:guac/app'],
    },
    {
      name: 'artifact → two SLSA materials',
      graph: {
        slsa: [{ subject: 'sha-binary', builtFrom: ['sha-tarball', 'sha-patch'] }],
        occurrences: [
          { pkg: 'pkg:guac/app', artifact: 'sha-tarball' },
          { pkg: 'pkg:guac/lib', artifact: 'sha-patch' },
        ],
      },
      digest: 'sha-binary',
      expected: ['pkg:guac/app', 'pkg:guac/lib'],
    },
    {
      name: 'a package in the SBOM both directly and by its occurrence appears once',
      graph: {
        sboms: [
          {
            subject: 'sha-image',
            includes: ['pkg:guac/lib', 'sha-lib'],
            occurrences: [{ pkg: 'pkg:guac/lib', artifact: 'sha-lib' }],
          },
        ],
      },
      digest: 'sha-image',
      expected: ['pkg:guac/lib'],
    },
    {
      name: 'what the artifact is hash-equal to is the artifact itself, not a dependency',
      graph: {
        hashEquals: [['sha-original', 'sha-copy']],
        occurrences: [{ pkg: 'pkg:guac/app', artifact: 'sha-copy' }],
      },
      digest: 'sha-original',
      expected: [],
    },
    {
      name: 'an equivalence cycle through the start artifact',
      graph: {
        hashEquals: [
          ['sha-one', 'sha-two'],
          ['sha-two', 'sha-three'],
          ['sha-three', 'sha-one'],
        ],
        occurrences: [{ pkg: 'pkg:guac/app', artifact: 'sha-three' }],
      },
      digest: 'sha-one',
      expected: [],
    },
    {
      name: 'an equivalence cycle away from the start artifact',
      graph: {
        sboms: [{ subject: 'sha-one', includes: ['sha-two'] }],
        hashEquals: [
          ['sha-two', 'sha-three'],
          ['sha-three', 'sha-two'],
        ],
        occurrences: [{ pkg: 'pkg:guac/app', artifact: 'sha-three' }],
      },
      digest: 'sha-one',
      expected: ['pkg:guac/app'],
    },
    {
      name: 'a cycle of SBOMs ends',
      graph: {
        sboms: [
          { subject: 'sha-one', includes: ['sha-two'] },
          { subject: 'sha-two', includes: ['sha-three'] },
          { subject: 'sha-three', includes: ['sha-one'] },
        ],
        occurrences: [{ pkg: 'pkg:guac/app', artifact: 'sha-three' }],
      },
      digest: 'sha-one',
      expected: ['pkg:guac/app'],
    },
  ];
  for (const c of cases) {
    it(c.name, () =>
      withGraph(c.graph, async (t) => expect(await artifactDeps(t, c.digest)).toEqual(sorted(c.expected))),
    );
  }

  it('a placeholder digest is found with its algorithm too', () =>
    withGraph({ sboms: [{ subject: 'sha-image', includes: ['pkg:guac/lib'] }] }, async (t) => {
      expect(await artifactDeps(t, 'sha256:sha-image')).toEqual(['pkg:guac/lib']);
      expect(await artifactDeps(t, 'SHA256:SHA-IMAGE')).toEqual(['pkg:guac/lib']);
    }));
});

// GUAC answers 400 to all of these. docs/api.md answers 404 for an unknown package or artifact,
// and its partial-purl rule ("Which packages a purl names") makes a purl without version or
// qualifiers name every matching version, so two of GUAC's cases find packages here.
describe('GUAC REST scenarios: client errors on the dependency endpoints', () => {
  it('an unknown package is 404 (GUAC: 400)', () =>
    withGraph({}, async (t) => {
      const r = await t.get(`/v0/package/${enc('pkg:guac/app')}/dependencies`);
      expect(r.status).toBe(404);
      expect(r.body.Message).toMatch(/pkg:guac\/app/);
    }));

  it('a version that is not in the graph is 404 (GUAC: 400)', () =>
    withGraph({ packages: ['pkg:guac/app'] }, async (t) => {
      expect((await t.get(`/v0/package/${enc('pkg:guac/app@1.0')}/dependencies`)).status).toBe(404);
    }));

  it('a purl without version names every version (partial-purl rule; GUAC: 400)', () =>
    withGraph(
      { packages: ['pkg:guac/app@1.0'], sboms: [{ subject: 'pkg:guac/app@1.0', includes: ['pkg:guac/lib'] }] },
      // docs/api.md: the versions a partial purl matched are themselves part of the answer.
      async (t) => expect(await packageDeps(t, 'pkg:guac/app')).toEqual(['pkg:guac/app@1.0', 'pkg:guac/lib']),
    ));

  it('a purl without the qualifiers names the qualified package (partial-purl rule; GUAC: 400)', () =>
    withGraph({ sboms: [{ subject: 'pkg:guac/app?os=linux', includes: ['pkg:guac/lib'] }] }, async (t) =>
      // docs/api.md: the package a partial purl matched is itself part of the answer.
      expect(await packageDeps(t, 'pkg:guac/app')).toEqual(['pkg:guac/app?os=linux', 'pkg:guac/lib']),
    ));

  it('qualifiers the package does not have are 404 (GUAC: 400)', () =>
    withGraph({ packages: ['pkg:guac/app'] }, async (t) => {
      expect((await t.get(`/v0/package/${enc('pkg:guac/app?os=linux')}/dependencies`)).status).toBe(404);
    }));

  it('an unknown digest is 404 (GUAC: 400)', () =>
    withGraph({}, async (t) => {
      const r = await t.get(`/v0/artifact/${enc('sha-unknown')}/dependencies`);
      expect(r.status).toBe(404);
      expect(r.body.Message).toMatch(/sha-unknown/);
    }));

  it('no digest at all is 400', () =>
    withGraph({}, async (t) => {
      const r = await t.get('/v0/artifact//dependencies');
      expect(r.status).toBe(400);
      expect(r.body.Message).toBeTypeOf('string');
    }));

  it('a digest without algorithm that names nothing is 404 (docs/api.md accepts bare digests; GUAC: 400)', () =>
    withGraph({ artifacts: ['sha-image'] }, async (t) => {
      expect((await t.get(`/v0/artifact/${enc('0123456789abcdef')}/dependencies`)).status).toBe(404);
    }));
});

describe('GUAC REST scenarios: vulnerabilities', () => {
  it('artifact → occurrence → package with a vulnerability', () =>
    withGraph(
      {
        occurrences: [{ pkg: 'pkg:guac/app', artifact: 'sha-image' }],
        certifyVulns: [{ pkg: 'pkg:guac/app', vuln: `osv/${CVE_1.toLowerCase()}` }],
      },
      async (t) => expect(await artifactVulnIds(t, 'sha-image')).toEqual([CVE_1]),
    ));

  it('an artifact that is no occurrence has no vulnerabilities', () =>
    withGraph({ artifacts: ['sha-image'] }, async (t) => expect(await artifactVulnIds(t, 'sha-image')).toEqual([])));

  it('an artifact whose package has no vulnerability has none', () =>
    withGraph({ occurrences: [{ pkg: 'pkg:guac/app', artifact: 'sha-image' }] }, async (t) =>
      expect(await artifactVulnIds(t, 'sha-image')).toEqual([]),
    ));

  it('a package with one vulnerability', () =>
    withGraph({ certifyVulns: [{ pkg: 'pkg:guac/app', vuln: `osv/${CVE_1}` }] }, async (t) =>
      expect(await packageVulnIds(t, 'pkg:guac/app', false)).toEqual([CVE_1]),
    ));

  it('a package without vulnerabilities', () =>
    withGraph({ packages: ['pkg:guac/app'] }, async (t) =>
      expect(await packageVulnIds(t, 'pkg:guac/app', false)).toEqual([]),
    ));

  const withDependencyVuln: GuacGraph = {
    sboms: [{ subject: 'pkg:guac/app', includes: ['pkg:guac/lib'] }],
    certifyVulns: [{ pkg: 'pkg:guac/lib', vuln: `osv/${CVE_2}` }],
  };

  it("includeDependencies=false leaves out the dependencies' vulnerabilities", () =>
    withGraph(withDependencyVuln, async (t) => expect(await packageVulnIds(t, 'pkg:guac/app', false)).toEqual([])));

  it("includeDependencies=true adds the dependencies' vulnerabilities", () =>
    withGraph(withDependencyVuln, async (t) => expect(await packageVulnIds(t, 'pkg:guac/app', true)).toEqual([CVE_2])));

  it('includeDependencies=true keeps the package’s own vulnerabilities', () =>
    withGraph(
      {
        ...withDependencyVuln,
        certifyVulns: [...withDependencyVuln.certifyVulns!, { pkg: 'pkg:guac/app', vuln: `osv/${CVE_1}` }],
      },
      async (t) => expect(await packageVulnIds(t, 'pkg:guac/app', true)).toEqual([CVE_1, CVE_2]),
    ));

  it('artifact vulns answer 200 with the list', () =>
    withGraph(
      {
        occurrences: [{ pkg: 'pkg:guac/app', artifact: 'sha-image' }],
        certifyVulns: [{ pkg: 'pkg:guac/app', vuln: `osv/${CVE_1}` }],
      },
      async (t) => {
        const r = await t.get(`/v0/artifact/${enc('sha-image')}/vulns`);
        expect(r.status).toBe(200);
        expect(r.body.vulnerabilities).toHaveLength(1);
        expect(r.body.vulnerabilities[0]).toMatchObject({ id: CVE_1, package: 'pkg:guac/app' });
      },
    ));

  it('artifact vulns of an unknown digest are 404 (docs/api.md; GUAC: 400)', () =>
    withGraph({}, async (t) => expect((await t.get(`/v0/artifact/${enc('sha-unknown')}/vulns`)).status).toBe(404)));

  it('package vulns answer 200 with the list', () =>
    withGraph({ certifyVulns: [{ pkg: 'pkg:guac/app', vuln: `osv/${CVE_1}` }] }, async (t) => {
      const r = await t.get(`/v0/package/${enc('pkg:guac/app')}/vulns`);
      expect(r.status).toBe(200);
      expect(r.body).toHaveLength(1);
      expect(r.body[0]).toMatchObject({
        package: 'pkg:guac/app',
        vulnerability: { type: 'OSV', vulnerabilityIDs: [CVE_1] },
      });
    }));

  it('package vulns of an unknown purl are 404 (docs/api.md; GUAC: 400)', () =>
    withGraph({}, async (t) => expect((await t.get(`/v0/package/${enc('pkg:guac/unknown')}/vulns`)).status).toBe(404)));
});
