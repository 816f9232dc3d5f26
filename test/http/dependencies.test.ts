// Dependency walks: package and artifact, equivalence, cycles, SLSA, the artifact leaf rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn, hashEqual, hex, occurrence, sbomFor, slsa } from '../helpers/predicates.js';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';

const IMAGE = `sha256:${hex('image')}`;
const IMAGE_COPY = `sha512:${hex('image-copy', 128)}`;
const BINARY = `sha256:${hex('binary')}`;
const SOURCE_TARBALL = `sha256:${hex('tarball')}`;
const SHARED_VALUE = hex('shared');

let t: TestClient;
beforeAll(async () => {
  t = await startTestApp({
    // A chain with a cycle: a → b → c → a, and c → d.
    'cycle.json': {
      isDependency: [
        dependsOn('pkg:npm/a@1', 'pkg:npm/b@1'),
        dependsOn('pkg:npm/b@1', 'pkg:npm/c@1'),
        dependsOn('pkg:npm/c@1', 'pkg:npm/a@1'),
        dependsOn('pkg:npm/c@1', 'pkg:npm/d@1'),
      ],
    },
    // An image artifact whose SBOM holds two packages; one of them has its own dependency edge.
    'image-sbom.json': {
      hasSBOM: [sbomFor({ artifact: IMAGE })],
      isDependency: [
        dependsOn('pkg:oci/web@1', 'pkg:npm/express@4.17.1'),
        dependsOn('pkg:oci/web@1', 'pkg:npm/lodash@4.17.21'),
      ],
      isOccurrence: [occurrence('pkg:oci/web@1', IMAGE)],
    },
    'express-deps.json': { isDependency: [dependsOn('pkg:npm/express@4.17.1', 'pkg:npm/qs@6.7.0')] },
    // The same image under another algorithm, known only through HashEqual.
    'copy.json': { hashEqual: [hashEqual(IMAGE, IMAGE_COPY)] },
    // A binary built (SLSA) from a source tarball that is an occurrence of a package with dependencies.
    'provenance.json': {
      hasSlsa: [slsa(BINARY, [SOURCE_TARBALL])],
      isOccurrence: [
        occurrence('pkg:generic/tool@2.0', SOURCE_TARBALL),
        occurrence('pkg:generic/tool-bin@2.0', BINARY),
      ],
      isDependency: [dependsOn('pkg:generic/tool@2.0', 'pkg:generic/zlib@1.3')],
    },
    // A package reachable only through equivalence: pkg x → artifact → pkg y (same bytes) → z.
    'equivalence.json': {
      isDependency: [dependsOn('pkg:npm/x@1', 'pkg:npm/x-dep@1'), dependsOn('pkg:npm/y@1', 'pkg:npm/z@1')],
      isOccurrence: [
        occurrence('pkg:npm/x@1', `sha256:${hex('xy')}`),
        occurrence('pkg:npm/y@1', `sha256:${hex('xy')}`),
      ],
    },
    // Two artifacts with the same digest value under different algorithms.
    'ambiguous.json': {
      isOccurrence: [
        occurrence('pkg:npm/p@1', `sha256:${SHARED_VALUE}`),
        occurrence('pkg:npm/q@1', `sha512:${SHARED_VALUE}`),
      ],
    },
  });
});
afterAll(() => t.close());

const deps = async (purl: string): Promise<string[]> => {
  const r = await t.get(`/v0/package/${enc(purl)}/dependencies`);
  expect(r.status, r.text).toBe(200);
  return r.body.dependencies;
};
const artifactDeps = async (digest: string): Promise<{ status: number; body: any }> =>
  t.get(`/v0/artifact/${enc(digest)}/dependencies`);

describe('GET /v0/package/{purl}/dependencies', () => {
  it('walks transitively, each package once, sorted, and terminates on cycles', async () => {
    expect(await deps('pkg:npm/a@1')).toEqual(['pkg:npm/b@1', 'pkg:npm/c@1', 'pkg:npm/d@1']);
  });

  it('the start package is not its own dependency even through a cycle', async () => {
    expect(await deps('pkg:npm/b@1')).not.toContain('pkg:npm/b@1');
  });

  it('a partial purl names all versions, which are part of the answer', async () => {
    expect(await deps('pkg:npm/a')).toEqual(['pkg:npm/a@1', 'pkg:npm/b@1', 'pkg:npm/c@1', 'pkg:npm/d@1']);
  });

  it('follows equivalence (IsOccurrence) from every visited node, leaving out equivalents of the start', async () => {
    const result = await deps('pkg:npm/x@1');
    expect(result).toEqual(['pkg:npm/x-dep@1', 'pkg:npm/z@1']);
    expect(result).not.toContain('pkg:npm/y@1');
  });

  it('follows the SBOMs of equivalent artifacts and SLSA materials', async () => {
    expect(await deps('pkg:oci/web@1')).toEqual([
      'pkg:npm/express@4.17.1',
      'pkg:npm/lodash@4.17.21',
      'pkg:npm/qs@6.7.0',
    ]);
    expect(await deps('pkg:generic/tool-bin@2.0')).toEqual(['pkg:generic/tool@2.0', 'pkg:generic/zlib@1.3']);
  });

  it('an unknown package is 404', async () => {
    const r = await t.get(`/v0/package/${enc('pkg:npm/unknown@1')}/dependencies`);
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('SG_PACKAGE_NOT_FOUND');
  });

  it('an unparseable purl is 400', async () => {
    expect((await t.get(`/v0/package/${enc('npm/lodash')}/dependencies`)).status).toBe(400);
  });
});

describe('GET /v0/artifact/{digest}/dependencies', () => {
  it("treats the artifact's SBOM as authoritative: packages in it are leaves", async () => {
    const r = await artifactDeps(IMAGE);
    expect(r.status).toBe(200);
    // qs is only reachable through express's own IsDependency edge: not followed from the image.
    expect(r.body.PurlList).toEqual(['pkg:npm/express@4.17.1', 'pkg:npm/lodash@4.17.21']);
    expect(r.body.PaginationInfo.TotalCount).toBe(2);
  });

  it('walks through HashEqual to the same bytes under another digest', async () => {
    expect((await artifactDeps(IMAGE_COPY)).body.PurlList).toEqual([
      'pkg:npm/express@4.17.1',
      'pkg:npm/lodash@4.17.21',
    ]);
  });

  it('walks SLSA materials on to what they are', async () => {
    expect((await artifactDeps(BINARY)).body.PurlList).toEqual(['pkg:generic/tool@2.0']);
  });

  it('accepts a digest without its algorithm when one artifact has it, any case', async () => {
    expect((await artifactDeps(IMAGE.split(':')[1].toUpperCase())).body.PurlList).toHaveLength(2);
  });

  it('a digest without algorithm matching several artifacts is 400 naming the algorithms', async () => {
    const r = await artifactDeps(SHARED_VALUE);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('SG_AMBIGUOUS_DIGEST');
    expect(r.body.Message).toMatch(/sha256, sha512/);
  });

  it('an unknown artifact is 404 and a digest that can name nothing 400', async () => {
    expect((await artifactDeps(`sha256:${hex('nothing')}`)).status).toBe(404);
    // Any non-empty digest can name an artifact (docs/api.md); a control character cannot.
    expect((await artifactDeps('sha256:not a digest!')).status).toBe(404);
    const bad = await artifactDeps('sha256:a\u0001b');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('SG_INVALID_DIGEST');
  });
});
