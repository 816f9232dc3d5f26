// A package's dependents (src/query/dependencies.ts), on the index itself: the exact inverse of
// its dependencies, checked pair by pair over generated graphs (dependencies, SBOM inclusion,
// occurrences, hash equality, SLSA materials) and over real SBOMs; one step with `direct`; every
// version of a template. The route's contract (paging, 404, 400) is test/http/dependents.test.ts.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GraphIndex } from '../../src/index/graph-index.js';
import { NodeKind } from '../../src/model/kinds.js';
import { packageDependencies, packageDependents } from '../../src/query/dependencies.js';
import { resolvePackages } from '../../src/query/resolve.js';
import { FIXTURES } from '../helpers/corpus.js';
import { generatedGraph } from '../helpers/generated-graph.js';
import { graphOf } from '../helpers/graph-of.js';
import { dependentsDocuments } from '../helpers/dependents-graph.js';

/** Checks the inverse pair by pair over every package version of the index. */
function expectExactInverse(index: GraphIndex): number {
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
  it.each([1, 2, 3])('on a generated graph (seed %i)', async (seed) => {
    const { index } = await graphOf(generatedGraph(seed, 30).docs);
    expect(expectExactInverse(index)).toBeGreaterThan(10);
  });

  it('on real SBOMs and provenance (fixtures)', async () => {
    const docs: Record<string, unknown> = {};
    for (const file of [
      ...FIXTURES.filesOfKind('spdx').slice(0, 2),
      ...FIXTURES.filesOfKind('cyclonedx').slice(0, 2),
      ...FIXTURES.filesOfKind('slsa-provenance').slice(0, 2),
    ])
      docs[file] = readFileSync(FIXTURES.path(file), 'utf8');
    const { index } = await graphOf(docs);
    expect(expectExactInverse(index)).toBeGreaterThan(50);
  });
});

describe('dependents of a version and of a template', () => {
  let index: GraphIndex;
  const dependentsOf = (purl: string, direct = false): string[] =>
    packageDependents(index, resolvePackages(index, purl), direct).map(index.keyOf);

  beforeAll(async () => {
    ({ index } = await graphOf(dependentsDocuments()));
  });

  it('lists every version that reaches the package, in purl order', () => {
    expect(dependentsOf('pkg:npm/leaf@3.0.0')).toEqual([
      'pkg:npm/app@1.0.0',
      'pkg:npm/leaf@1.0.0',
      'pkg:npm/lib@2.0.0',
      'pkg:npm/tool@1.0.0',
    ]);
    expect(dependentsOf('pkg:npm/lib@2.0.0')).toEqual(['pkg:npm/app@1.0.0']);
  });

  it('direct: one step (a dependency or SBOM inclusion) only', () => {
    expect(dependentsOf('pkg:npm/leaf@3.0.0', true)).toEqual([
      'pkg:npm/leaf@1.0.0',
      'pkg:npm/lib@2.0.0',
      'pkg:npm/tool@1.0.0',
    ]);
  });

  it('a template names every version: a named version that depends on another is a dependent', () => {
    expect(dependentsOf('pkg:npm/leaf')).toEqual([
      'pkg:npm/app@1.0.0',
      'pkg:npm/leaf@1.0.0',
      'pkg:npm/lib@2.0.0',
      'pkg:npm/tool@1.0.0',
    ]);
  });
});
