// /v0/package/{purl}/artifacts is the exact inverse of /v0/artifact/{digest}/dependencies: A is
// listed for P exactly when P is among the dependencies of A, checked pair by pair over
// generated graphs and over real container SBOMs and SLSA provenance, for exact purls and for
// templates naming several versions.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphView } from '../../src/index/graph-view.js';
import { NodeKind } from '../../src/model/kinds.js';
import { artifactDependencies, packageArtifacts } from '../../src/query/dependencies.js';
import { resolvePackages } from '../../src/query/resolve.js';
import { FIXTURES } from '../helpers/corpus.js';
import { generatedGraph } from '../helpers/generated-graph.js';
import { dependsOn, hashEqual, hex, occurrence, sbomFor, slsa } from '../helpers/predicates.js';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';

const nodesOfKind = (index: GraphView, kind: NodeKind): number[] => {
  const out: number[] = [];
  for (let id = 1; id < index.nodeCount; id++) if (index.kinds[id] === kind) out.push(id);
  return out;
};

/** Checks the inverse pair by pair (and for every package-name template); returns the pairs found. */
function expectExactInverse(t: TestClient): number {
  const index = t.server.service.index;
  const packages = nodesOfKind(index, NodeKind.Package).map(index.keyOf);
  const expected = new Map<string, Set<string>>(packages.map((p) => [p, new Set()]));
  let pairs = 0;
  for (const artifact of nodesOfKind(index, NodeKind.Artifact).map(index.keyOf)) {
    for (const p of artifactDependencies(index, artifact)) {
      expected.get(p)!.add(artifact);
      pairs++;
    }
  }
  const listed = (purl: string) => packageArtifacts(index, resolvePackages(index, purl)).map(index.keyOf);
  for (const p of packages) expect(listed(p), p).toEqual([...expected.get(p)!].sort());
  // A template names every version: the artifacts of any of them.
  const names = new Map<string, string[]>();
  for (const p of packages) {
    const name = p.replace(/[@?#].*$/, '');
    names.set(name, [...(names.get(name) ?? []), p]);
  }
  for (const [name, versions] of names) {
    if (versions.length < 2 || index.packageId(name) !== undefined) continue;
    const union = new Set(versions.flatMap((v) => [...expected.get(v)!]));
    expect(listed(name), name).toEqual([...union].sort());
  }
  return pairs;
}

describe('package artifacts: the exact inverse of artifact dependencies', () => {
  let t: TestClient | undefined;
  afterAll(async () => {
    await t?.close();
  });

  it.each([1, 2, 3, 4])('on a generated graph (seed %i)', async (seed) => {
    await t?.close();
    t = await startTestApp(generatedGraph(seed, 30).docs);
    expect(expectExactInverse(t)).toBeGreaterThan(5);
  });

  it('on real container SBOMs and SLSA provenance (fixtures)', async () => {
    await t?.close();
    const docs: Record<string, unknown> = {};
    for (const file of [
      'spdx-syft-alpine-latest-image.json',
      'spdx-ko-go-multi-arch-image-index.json',
      'spdx-syft-redhat-rhelai1-image.json',
      'cyclonedx-syft-alpine-latest-image.json',
      'cyclonedx-syft-distroless-static-nonroot-image.json',
      ...FIXTURES.filesOfKind('slsa-provenance'),
    ])
      docs[file] = readFileSync(FIXTURES.path(file), 'utf8');
    t = await startTestApp(docs);
    expect(expectExactInverse(t)).toBeGreaterThan(20);
  });
});

describe('GET /v0/package/{purl}/artifacts', () => {
  let t: TestClient;
  const IMAGE = `sha256:${hex('image')}`;
  const COPY = `sha256:${hex('copy')}`;
  const BUILT = `sha256:${hex('built')}`;
  const LAYER = `sha256:${hex('layer')}`;
  beforeAll(async () => {
    t = await startTestApp({
      'image.json': {
        hasSBOM: [sbomFor({ artifact: IMAGE })],
        isOccurrence: [occurrence('pkg:oci/img@1', IMAGE)],
        isDependency: [dependsOn('pkg:npm/app@1.0.0', 'pkg:npm/lib@1.0.0')],
      },
      'copy.json': { hashEqual: [hashEqual(IMAGE, COPY)], isOccurrence: [occurrence('pkg:oci/img-copy@1', COPY)] },
      'built.json': { hasSlsa: [slsa(BUILT, [IMAGE])] },
      'layer.json': { isOccurrence: [occurrence('pkg:npm/lib@2.0.0', LAYER)] },
      'layer-sbom.json': {
        hasSBOM: [sbomFor({ artifact: LAYER })],
        isDependency: [dependsOn('pkg:npm/x@1.0.0', 'pkg:npm/lib@3.0.0')],
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the artifacts that ship the package, with the purls they are known as, sorted, with paging', async () => {
    const r = await t.get(`/v0/package/${enc('pkg:npm/lib@1.0.0')}/artifacts`);
    expect(r.status).toBe(200);
    const expected = [
      { digest: BUILT, subjects: [] },
      { digest: COPY, subjects: ['pkg:oci/img-copy@1', 'pkg:oci/img@1'] },
      { digest: IMAGE, subjects: ['pkg:oci/img-copy@1', 'pkg:oci/img@1'] },
    ].sort((a, b) => (a.digest < b.digest ? -1 : 1));
    expect(r.body).toEqual({ PaginationInfo: { TotalCount: 3 }, artifacts: expected });
    const first = await t.get(`/v0/package/${enc('pkg:npm/lib@1.0.0')}/artifacts?PageSize=2`);
    expect(first.body.artifacts).toEqual(expected.slice(0, 2));
    const rest = await t.get(
      `/v0/package/${enc('pkg:npm/lib@1.0.0')}/artifacts?PageSize=2&Cursor=${first.body.PaginationInfo.NextCursor}`,
    );
    expect(rest.body).toEqual({ PaginationInfo: { TotalCount: 3 }, artifacts: expected.slice(2) });
  });

  it('a template names every version: the layer that is lib@2.0.0 ships lib@3.0.0', async () => {
    const digests = (r: { body: { artifacts: { digest: string }[] } }) => r.body.artifacts.map((a) => a.digest);
    // An artifact is not its own dependency.
    expect(digests(await t.get(`/v0/package/${enc('pkg:npm/lib@2.0.0')}/artifacts`))).toEqual([]);
    expect(digests(await t.get(`/v0/package/${enc('pkg:npm/lib@3.0.0')}/artifacts`))).toEqual([LAYER]);
    const template = await t.get(`/v0/package/${enc('pkg:npm/lib')}/artifacts`);
    expect(digests(template)).toEqual([BUILT, COPY, IMAGE, LAYER].sort());
  });

  it('works for unencoded purls, and answers 404 and 400 like the other package resources', async () => {
    const plain = await t.get('/v0/package/pkg:npm/lib@1.0.0/artifacts');
    expect(plain.body.PaginationInfo.TotalCount).toBe(3);
    const missing = await t.get(`/v0/package/${enc('pkg:npm/none@1')}/artifacts`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('SG_PACKAGE_NOT_FOUND');
    const bad = await t.get('/v0/package/lodash/artifacts');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('SG_INVALID_PURL');
    const badCursor = await t.get(`/v0/package/${enc('pkg:npm/lib@1.0.0')}/artifacts?Cursor=nope!`);
    expect(badCursor.status).toBe(400);
  });
});
