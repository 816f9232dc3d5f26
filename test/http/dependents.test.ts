// /v0/package/{purl}/dependents is the exact inverse of /dependencies: A is a dependent of B
// exactly when B is among the dependencies of A, checked pair by pair over a generated graph
// (dependencies, SBOM inclusion, occurrences, hash equality, SLSA materials) and over real SBOMs.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeKind } from '../../src/model/kinds.js';
import { packageDependencies, packageDependents } from '../../src/query/dependencies.js';
import { resolvePackages } from '../../src/query/resolve.js';
import { FIXTURES } from '../helpers/corpus.js';
import { generatedGraph } from '../helpers/generated-graph.js';
import { dependsOn, hex, occurrence, sbomFor } from '../helpers/predicates.js';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';

/** Checks the inverse pair by pair over every package version of the index. */
function expectExactInverse(t: TestClient): number {
  const index = t.server.service.index;
  const all: string[] = [];
  for (let id = 1; id < index.nodeCount; id++) if (index.kinds[id] === NodeKind.Package) all.push(index.keyOf(id));
  const expected = new Map<string, Set<string>>(all.map((p) => [p, new Set()]));
  for (const a of all) {
    for (const b of packageDependencies(index, resolvePackages(index, a))) expected.get(b)?.add(a);
  }
  for (const b of all) {
    expect(packageDependents(index, resolvePackages(index, b), false).map(index.keyOf), b).toEqual(
      [...expected.get(b)!].sort(),
    );
  }
  return all.length;
}

describe('dependents: the exact inverse of dependencies', () => {
  let t: TestClient;
  afterAll(async () => {
    await t?.close();
  });

  it.each([1, 2, 3])('on a generated graph (seed %i)', async (seed) => {
    await t?.close();
    t = await startTestApp(generatedGraph(seed, 30).docs);
    expect(expectExactInverse(t)).toBeGreaterThan(10);
  });

  it('on real SBOMs and provenance (fixtures)', async () => {
    await t?.close();
    const docs: Record<string, unknown> = {};
    for (const file of [
      ...FIXTURES.filesOfKind('spdx').slice(0, 2),
      ...FIXTURES.filesOfKind('cyclonedx').slice(0, 2),
      ...FIXTURES.filesOfKind('slsa-provenance').slice(0, 2),
    ])
      docs[file] = readFileSync(FIXTURES.path(file), 'utf8');
    t = await startTestApp(docs);
    expect(expectExactInverse(t)).toBeGreaterThan(50);
  });
});

describe('GET /v0/package/{purl}/dependents', () => {
  let t: TestClient;
  const IMAGE = `sha256:${hex('image')}`;
  beforeAll(async () => {
    t = await startTestApp({
      'deps.json': {
        isDependency: [
          dependsOn('pkg:npm/app@1.0.0', 'pkg:npm/lib@2.0.0'),
          dependsOn('pkg:npm/lib@2.0.0', 'pkg:npm/leaf@3.0.0'),
          dependsOn('pkg:npm/leaf@1.0.0', 'pkg:npm/leaf@3.0.0'),
        ],
      },
      'sbom.json': {
        hasSBOM: [sbomFor({ pkg: 'pkg:npm/tool@1.0.0' })],
        isDependency: [dependsOn('pkg:npm/tool@1.0.0', 'pkg:npm/leaf@3.0.0')],
      },
      'image.json': { hasSBOM: [sbomFor({ artifact: IMAGE })], isOccurrence: [occurrence('pkg:oci/img@1', IMAGE)] },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every version that reaches the package, sorted, with paging', async () => {
    const r = await t.get(`/v0/package/${enc('pkg:npm/leaf@3.0.0')}/dependents`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      PaginationInfo: { TotalCount: 4 },
      dependents: ['pkg:npm/app@1.0.0', 'pkg:npm/leaf@1.0.0', 'pkg:npm/lib@2.0.0', 'pkg:npm/tool@1.0.0'],
    });
    const first = await t.get(`/v0/package/${enc('pkg:npm/leaf@3.0.0')}/dependents?PageSize=3`);
    expect(first.body.dependents).toHaveLength(3);
    const rest = await t.get(
      `/v0/package/${enc('pkg:npm/leaf@3.0.0')}/dependents?PageSize=3&Cursor=${first.body.PaginationInfo.NextCursor}`,
    );
    expect(rest.body.dependents).toEqual(['pkg:npm/tool@1.0.0']);
  });

  it('direct=true: one step (a dependency or SBOM inclusion) only', async () => {
    const r = await t.get(`/v0/package/${enc('pkg:npm/leaf@3.0.0')}/dependents?direct=true`);
    expect(r.body.dependents).toEqual(['pkg:npm/leaf@1.0.0', 'pkg:npm/lib@2.0.0', 'pkg:npm/tool@1.0.0']);
  });

  it('a template names every version: a named version that depends on another is a dependent', async () => {
    const r = await t.get(`/v0/package/${enc('pkg:npm/leaf')}/dependents`);
    expect(r.body.dependents).toEqual([
      'pkg:npm/app@1.0.0',
      'pkg:npm/leaf@1.0.0',
      'pkg:npm/lib@2.0.0',
      'pkg:npm/tool@1.0.0',
    ]);
  });

  it('works for unencoded purls, and answers 404 and 400 like the other package resources', async () => {
    const plain = await t.get('/v0/package/pkg:npm/lib@2.0.0/dependents');
    expect(plain.body.dependents).toEqual(['pkg:npm/app@1.0.0']);
    expect((await t.get(`/v0/package/${enc('pkg:npm/none@1')}/dependents`)).status).toBe(404);
    const bad = await t.get('/v0/package/lodash/dependents');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('SG_INVALID_PURL');
    const badBool = await t.get(`/v0/package/${enc('pkg:npm/lib@2.0.0')}/dependents?direct=yes`);
    expect(badBool.status).toBe(400);
  });
});
