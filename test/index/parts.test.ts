// The index's parts on a small hand-built graph: node identity (one parsed purl per package),
// purl order, alias sets, sources, and the GraphView answers the query layer reads.
import { describe, expect, it } from 'vitest';
import { GraphIndex } from '../../src/index/graph-index.js';
import { LoadBatch } from '../../src/index/load-batch.js';
import { AliasSets } from '../../src/index/vulnerabilities/aliases.js';
import { FactKind, NodeKind } from '../../src/model/kinds.js';

const SCAN = { scannerUri: 'grype', scannerVersion: '1', dbUri: 'db', dbVersion: '2', timeScanned: '2024-01-01' };

function smallGraph(): GraphIndex {
  const b = new LoadBatch();
  b.node(1, NodeKind.Package, 'pkg:npm/zeta@2.0.0', null);
  b.node(2, NodeKind.Package, 'pkg:npm/alpha@1.0.0', null);
  b.node(3, NodeKind.Package, 'pkg:npm/alpha@1.1.0?arch=x86', null);
  b.node(4, NodeKind.Artifact, 'sha256:abc', null);
  b.node(5, NodeKind.Vulnerability, 'CVE-2024-1', 'CVE');
  b.node(6, NodeKind.Vulnerability, 'GHSA-aaaa-bbbb-cccc', 'GHSA');
  b.node(7, NodeKind.Source, 'git+https://github.com/acme/alpha', null);
  b.node(8, NodeKind.PackageName, 'pkg:npm/zeta', null);
  b.node(9, NodeKind.Vulnerability, 'GO-2024-9', null);
  b.document({ id: 1, digest: 'sha256:d0c', origin: 'doc-origin', collector: 'doc-collector' });
  b.dependencyEdge(1, 2, true);
  b.link(FactKind.IsOccurrence, 4, 1, 1);
  b.link(FactKind.VulnEqual, 6, 5, 1);
  b.link(FactKind.HasSourceAt, 3, 7, 1);
  b.link(FactKind.HasSourceAt, 3, 7, 1);
  b.link(FactKind.HasSourceAt, 8, 7, 1);
  b.record({ kind: FactKind.CertifyVuln, a: 2, b: 6, doc: 1, fields: { ...SCAN, origin: 'own' } });
  b.record({ kind: FactKind.CertifyVuln, a: 2, b: 0, doc: 1, fields: SCAN });
  b.record({ kind: FactKind.Scorecard, a: 7, b: 0, doc: 1, fields: { aggregateScore: 7, timeScanned: '2024-02' } });
  b.record({ kind: FactKind.Scorecard, a: 7, b: 0, doc: 1, fields: { aggregateScore: 3, timeScanned: '2024-01' } });
  const index = new GraphIndex();
  index.apply(b);
  return index;
}

describe('graph index parts', () => {
  it('interns nodes by kind and key, and groups package versions by name', () => {
    const index = smallGraph();
    expect(index.nodeCount).toBe(10);
    expect(index.packageId('pkg:npm/alpha@1.0.0')).toBe(2);
    expect(index.artifactId('sha256:abc')).toBe(4);
    expect(index.artifactsWithDigestValue('abc')).toEqual([4]);
    expect(index.artifactsWithDigestValue('nothing')).toEqual([]);
    expect(index.packageVersions('pkg:npm/alpha')).toEqual([2, 3]);
    expect(index.packageVersions('pkg:npm/zeta')).toEqual([1]);
    expect(index.packageVersions('pkg:npm/absent')).toEqual([]);
    expect(index.graphCounts().packageNames).toBe(2);
    expect(index.nodes.nameKeyOf(3)).toBe('pkg:npm/alpha');
    expect(index.vulnType(5)).toBe('CVE');
    expect(index.vulnType(9)).toBe('OSV');
    expect(index.keyOf(7)).toBe('git+https://github.com/acme/alpha');
  });

  it('parses a package purl once and keeps both its encoded and decoded components', () => {
    const index = smallGraph();
    const purl = index.packagePurl(3);
    expect(index.packagePurl(3)).toBe(purl);
    expect(purl.nameKey).toBe('pkg:npm/alpha');
    expect(purl.key).toEqual({ name: 'pkg:npm/alpha', version: '1.1.0', qualifiers: ['arch=x86'], subpath: undefined });
    expect(purl.parts).toMatchObject({ type: 'npm', name: 'alpha', version: '1.1.0', qualifiers: { arch: 'x86' } });
    expect(purl.parts).toBe(purl.parts);
  });

  it('keeps licence statements per package in the order stated, once per document', () => {
    const index = smallGraph();
    const b = new LoadBatch();
    b.document({ id: 2, digest: 'sha256:d0d', origin: '', collector: '' });
    const licence = (
      pkg: number,
      doc: number,
      expression: string,
      kind: 'declared' | 'concluded' = 'declared',
      verbatim = false,
    ): void => b.record({ kind: FactKind.HasLicense, a: pkg, b: 0, doc, fields: { expression, kind, verbatim } });
    licence(2, 1, 'MIT');
    licence(2, 1, 'MIT', 'concluded');
    licence(2, 1, 'MIT'); // restated in the same document: kept once
    licence(2, 2, 'MIT');
    licence(1, 2, 'Apache-2.0');
    licence(1, 2, 'see LICENSE', 'declared', true);
    index.apply(b);
    expect(index.licensesOf(2)).toEqual([
      { expression: 'MIT', kind: 'declared', verbatim: false, doc: 1 },
      { expression: 'MIT', kind: 'concluded', verbatim: false, doc: 1 },
      { expression: 'MIT', kind: 'declared', verbatim: false, doc: 2 },
    ]);
    expect(index.licensesOf(1)).toEqual([
      { expression: 'Apache-2.0', kind: 'declared', verbatim: false, doc: 2 },
      { expression: 'see LICENSE', kind: 'declared', verbatim: true, doc: 2 },
    ]);
    expect(index.licensesOf(3)).toEqual([]);
    // Each call makes its own records: a caller changing one changes nothing stored.
    index.licensesOf(2)[0].expression = 'changed';
    expect(index.licensesOf(2)[0].expression).toBe('MIT');
  });

  it('sorts packages in canonical purl order, also after a later load', () => {
    const index = smallGraph();
    expect(index.sortPackages([1, 3, 2])).toEqual([2, 3, 1]);
    const more = new LoadBatch();
    more.node(10, NodeKind.Package, 'pkg:npm/beta@1.0.0', null);
    index.apply(more);
    expect(index.sortPackages([1, 10, 3, 2])).toEqual([2, 3, 10, 1]);
  });

  it('keeps findings with their scan metadata and the attribution of their document', () => {
    const index = smallGraph();
    expect(index.findingsOf(2)).toEqual([{ pkg: 2, vuln: 6, ...SCAN, origin: 'own', collector: 'doc-collector' }]);
    expect(index.findingsOf(1)).toEqual([]);
    expect(index.aliasRoot(6)).toBe(5);
    expect([...index.aliasesOf(6)].sort()).toEqual([5, 6]);
  });

  it('lists sources once per package and name, and keeps the latest scorecard', () => {
    const index = smallGraph();
    expect(index.sourcesOfPackage(3)).toEqual([7]);
    expect(index.sourcesOfName('pkg:npm/zeta')).toEqual([7]);
    expect(index.sourceId('git+https://github.com/acme/alpha')).toBe(7);
    expect(index.scorecardOf(7)?.aggregateScore).toBe(7);
  });

  it('walks adjacency built from the links and dependency edges', () => {
    const index = smallGraph();
    const { dependencyOut, equivalent } = index.adjacency;
    expect(Array.from(dependencyOut.targets.subarray(dependencyOut.offsets[1], dependencyOut.offsets[2]))).toEqual([2]);
    expect(Array.from(equivalent.targets.subarray(equivalent.offsets[4], equivalent.offsets[5]))).toEqual([1]);
  });
});

describe('alias sets', () => {
  it('unions transitively with the smallest id as the root', () => {
    const aliases = new AliasSets();
    aliases.union(9, 4);
    aliases.union(7, 9);
    aliases.union(2, 3);
    expect(aliases.root(7)).toBe(4);
    expect([...aliases.membersOf(9)].sort()).toEqual([4, 7, 9]);
    expect(aliases.membersOf(5)).toEqual([5]);
    aliases.union(3, 7);
    expect(aliases.root(9)).toBe(2);
    expect([...aliases.membersOf(2)].sort()).toEqual([2, 3, 4, 7, 9]);
  });

  it('AliasSets merges sets of any sizes into one, each member once (small lists go into large ones)', () => {
    const aliases = new AliasSets();
    const n = 20_000;
    for (let i = 1; i < n; i += 2) aliases.union(i, i + 1); // pairs
    for (let i = 1; i + 2 < n; i += 2) aliases.union(i + 2, i); // chained, alternating which side is larger
    const members = [...aliases.membersOf(n)].sort((x, y) => x - y);
    expect(members).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(aliases.root(n)).toBe(1);
  });
});
