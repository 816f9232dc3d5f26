// Which packages a purl names, through the GraphView: exact first, then as a template, and the
// sorted purl list the package route answers with.
import { describe, expect, it } from 'vitest';
import { GraphIndex } from '../../src/index/graph-index.js';
import { LoadBatch } from '../../src/index/load-batch.js';
import { NodeKind } from '../../src/model/kinds.js';
import { NotFoundError } from '../../src/query/errors.js';
import { matchingPackagePurls, resolvePackages } from '../../src/query/resolve.js';

function index(): GraphIndex {
  const b = new LoadBatch();
  const purls = [
    'pkg:npm/left-pad@1.3.0',
    'pkg:npm/left-pad@1.10.0?arch=arm64',
    'pkg:npm/left-pad@1.10.0',
    'pkg:npm/right-pad@1.0.0',
    'pkg:npm/%40scope/left-pad@2.0.0',
  ];
  purls.forEach((purl, i) => b.node(i + 1, NodeKind.Package, purl, null));
  const g = new GraphIndex();
  g.apply(b);
  return g;
}

describe('resolve', () => {
  it('lists every version matching a template in canonical purl order', () => {
    const g = index();
    expect(matchingPackagePurls(g, 'pkg:npm/left-pad')).toEqual([
      'pkg:npm/left-pad@1.10.0',
      'pkg:npm/left-pad@1.10.0?arch=arm64',
      'pkg:npm/left-pad@1.3.0',
    ]);
    expect(matchingPackagePurls(g, 'pkg:npm/left-pad@1.10.0')).toEqual([
      'pkg:npm/left-pad@1.10.0',
      'pkg:npm/left-pad@1.10.0?arch=arm64',
    ]);
    expect(matchingPackagePurls(g, 'pkg:npm/left-pad?arch=arm64')).toEqual(['pkg:npm/left-pad@1.10.0?arch=arm64']);
    expect(matchingPackagePurls(g, 'pkg:npm/nothing')).toEqual([]);
  });

  it('names a package exactly when it is stored, else as a template, else not at all', () => {
    const g = index();
    expect(resolvePackages(g, 'pkg:npm/left-pad@1.3.0')).toEqual({
      ids: [1],
      exact: true,
      canonical: 'pkg:npm/left-pad@1.3.0',
    });
    expect(resolvePackages(g, 'pkg:NPM/left-pad@1.3.0')).toEqual({
      ids: [1],
      exact: true,
      canonical: 'pkg:npm/left-pad@1.3.0',
    });
    expect(resolvePackages(g, 'pkg:npm/@scope/left-pad')).toEqual({
      ids: [5],
      exact: false,
      canonical: 'pkg:npm/%40scope/left-pad',
    });
    expect(() => resolvePackages(g, 'pkg:npm/nothing')).toThrow(NotFoundError);
  });
});
