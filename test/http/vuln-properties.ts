// The properties every blast-radius answer must have, checked against the forward questions the
// rest of the API answers (not against the reverse walk itself):
// - D ∈ /v0/vuln/{V}/dependents ⇔ /v0/package/{D}/vulns?includeDependencies=true reports V (any alias)
//   for a package other than D that is among /v0/package/{D}/dependencies;
// - A ∈ /v0/vuln/{V}/artifacts ⇔ /v0/artifact/{A}/vulns?includeDependencies=true lists V (any alias);
// - every `via` is a chain of forward edges, as the forward walks take them, of least cost: the fewest
//   SBOM inclusions, then the fewest edges (as /v0/path answers: a stated chain before an inclusion).
import { expect } from 'vitest';
import type { GraphView } from '../../src/index/graph-view.js';
import { NodeKind } from '../../src/model/kinds.js';
import { blastRadius } from '../../src/query/blast-radius.js';
import { artifactDependencies, packageDependencies } from '../../src/query/dependencies.js';
import { resolvePackages } from '../../src/query/resolve.js';
import {
  artifactVulnerabilities,
  latestVexRecord,
  packageVulnerabilities,
  SUPPRESSING,
} from '../../src/query/vulnerabilities.js';
import { rowOf } from '../../src/index/csr.js';
import { equivalenceClosure } from '../../src/index/walk.js';
import { affectedPackages } from '../../src/query/blast-radius.js';

type Mode = 'packages' | 'artifacts';

function nodesOfKind(index: GraphView, kind: number): number[] {
  const out: number[] = [];
  for (let id = 1; id < index.nodeCount; id++) if (index.kinds[id] === kind) out.push(id);
  return out;
}

/** One node per alias set. */
export function vulnerabilityRoots(index: GraphView): number[] {
  return [...new Set(nodesOfKind(index, NodeKind.Vulnerability).map((v) => index.aliasRoot(v)))];
}

const csrRow = (csr: { offsets: Uint32Array; targets: Uint32Array }, u: number): number[] =>
  u + 1 >= csr.offsets.length ? [] : Array.from(csr.targets.subarray(csr.offsets[u], csr.offsets[u + 1]));

/** The forward edges of u as the forward walk of `mode` takes them; `inclusion` for an SBOM inclusion. */
function forwardEdges(index: GraphView, u: number, mode: Mode): { v: number; inclusion: boolean }[] {
  const { dependencyOut, sbomOut, slsaOut, equivalent } = index.adjacency;
  const kind = index.kinds[u];
  const stated = (v: number) => ({ v, inclusion: false });
  const included = (v: number) => ({ v, inclusion: true });
  const out: { v: number; inclusion: boolean }[] = [];
  if (kind === NodeKind.Package && mode === 'packages')
    out.push(...csrRow(dependencyOut, u).map(stated), ...rowOf(sbomOut, u).map(included));
  if (kind === NodeKind.Artifact) out.push(...rowOf(sbomOut, u).map(included), ...csrRow(slsaOut, u).map(stated));
  out.push(...csrRow(equivalent, u).map(stated));
  return out;
}

const forward = (index: GraphView, u: number, mode: Mode): number[] => forwardEdges(index, u, mode).map((e) => e.v);

/** [SBOM inclusions, edges], compared in that order. */
type Cost = [number, number];
const cheaper = (a: Cost, b: Cost | undefined): boolean => !b || a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** The least cost from `start` to a node `isTarget` accepts (undefined: none): Dijkstra with a plain scan. */
function leastCost(index: GraphView, start: number, mode: Mode, isTarget: (n: number) => boolean): Cost | undefined {
  const cost = new Map<number, Cost>([[start, [0, 0]]]);
  const open = new Set([start]);
  const done = new Set<number>();
  while (open.size > 0) {
    let u = -1;
    for (const v of open) if (u < 0 || cheaper(cost.get(v)!, cost.get(u))) u = v;
    open.delete(u);
    done.add(u);
    if (u !== start && isTarget(u)) return cost.get(u);
    const [inclusions, edges] = cost.get(u)!;
    for (const { v, inclusion } of forwardEdges(index, u, mode)) {
      const c: Cost = [inclusions + (inclusion ? 1 : 0), edges + 1];
      if (done.has(v) || !cheaper(c, cost.get(v))) continue;
      cost.set(v, c);
      open.add(v);
    }
  }
  return undefined;
}

function checkVia(index: GraphView, item: number, via: number[], mode: Mode, affected: Set<number>): void {
  const name = index.keyOf(item);
  expect(via.length, name).toBeGreaterThan(0);
  expect(affected.has(via[via.length - 1]), `${name}: via ends at an affected package`).toBe(true);
  let u = item;
  let inclusions = 0;
  for (const v of via) {
    expect(forward(index, u, mode), `${name}: ${index.keyOf(u)} → ${index.keyOf(v)} is a forward edge`).toContain(v);
    // The hop's cost: an inclusion only when no stated edge joins the two nodes.
    if (!forwardEdges(index, u, mode).some((e) => e.v === v && !e.inclusion)) inclusions++;
    u = v;
  }
  const own = mode === 'packages' ? new Set(equivalenceClosure(index, [item])) : new Set<number>();
  const least = leastCost(index, item, mode, (n) => affected.has(n) && !own.has(n));
  expect([inclusions, via.length], `${name}: via is a cheapest path`).toEqual(least);
}

/** An item is marked suppressed exactly when a subject of its closure's latest statement suppresses. */
function expectSuppressedBy(index: GraphView, vuln: number, item: number, by: { subject: number } | undefined): void {
  const closure = equivalenceClosure(index, [item]);
  const suppressing = closure.filter((n) => SUPPRESSING.has(latestVexRecord(index, n, vuln)?.status ?? ''));
  expect(by === undefined, index.keyOf(item)).toBe(suppressing.length === 0);
  if (by) {
    expect(suppressing, index.keyOf(item)).toContain(by.subject);
    expect(latestVexRecord(index, by.subject, vuln)).toBe(by);
  }
}

/**
 * Checks both properties for every vulnerability and every package / artifact; returns how many
 * items were listed, and how many were left out as suppressed.
 */
export function expectBlastProperties(index: GraphView): { listed: number; suppressed: number } {
  const packages = nodesOfKind(index, NodeKind.Package);
  const artifacts = nodesOfKind(index, NodeKind.Artifact);
  // The forward answers, once per node.
  const forwardPackages = packages.map((d) => {
    const named = resolvePackages(index, index.keyOf(d));
    const deps = new Set(packageDependencies(index, named));
    const roots = new Set(
      packageVulnerabilities(index, named, true)
        .filter((e) => e.package !== index.keyOf(d) && deps.has(e.package))
        .map((e) => index.aliasRoot(index.vulnerabilityId(e.vulnerability.vulnerabilityIDs[0])!)),
    );
    return { d, roots, deps: [...deps].map((purl) => index.packageId(purl)!) };
  });
  const forwardArtifacts = artifacts.map((a) => {
    const roots = new Set(
      artifactVulnerabilities(index, index.keyOf(a), true).map((e) => index.aliasRoot(index.vulnerabilityId(e.id)!)),
    );
    const closure = equivalenceClosure(index, [a]);
    const reach = [
      ...closure.filter((n) => index.kinds[n] === NodeKind.Package),
      ...artifactDependencies(index, index.keyOf(a)).map((purl) => index.packageId(purl)!),
    ];
    return { a, roots, reach };
  });
  let listed = 0;
  let suppressed = 0;
  for (const root of vulnerabilityRoots(index)) {
    const affected = new Set(affectedPackages(index, root).affected.keys());
    const dependents = blastRadius(index, root, 'packages', false);
    const expectedDependents = forwardPackages.filter((f) => f.roots.has(root)).map((f) => index.keyOf(f.d));
    expect(dependents.items.map(index.keyOf).sort(), `dependents of ${index.keyOf(root)}`).toEqual(
      expectedDependents.sort(),
    );
    for (const d of dependents.items) checkVia(index, d, dependents.via(d), 'packages', affected);
    const reached = blastRadius(index, root, 'artifacts', false);
    const expectedArtifacts = forwardArtifacts.filter((f) => f.roots.has(root)).map((f) => index.keyOf(f.a));
    expect(reached.items.map(index.keyOf).sort(), `artifacts of ${index.keyOf(root)}`).toEqual(
      expectedArtifacts.sort(),
    );
    for (const a of reached.items) checkVia(index, a, reached.via(a), 'artifacts', affected);
    // include=suppressed adds exactly the items that reach an affected package but whose closure
    // holds a subject whose latest statement takes the vulnerability off, each with that statement.
    const allDependents = blastRadius(index, root, 'packages', true);
    const reachingDependents = forwardPackages.filter((f) => f.deps.some((p) => affected.has(p))).map((f) => f.d);
    expect(index.sortPackages(allDependents.items), `dependents of ${index.keyOf(root)}, suppressed too`).toEqual(
      index.sortPackages(reachingDependents),
    );
    for (const d of allDependents.items) expectSuppressedBy(index, root, d, allDependents.suppressedBy.get(d));
    const allArtifacts = blastRadius(index, root, 'artifacts', true);
    const reachingArtifacts = forwardArtifacts.filter((f) => f.reach.some((p) => affected.has(p))).map((f) => f.a);
    expect([...allArtifacts.items].sort(), `artifacts of ${index.keyOf(root)}, suppressed too`).toEqual(
      [...reachingArtifacts].sort(),
    );
    for (const a of allArtifacts.items) expectSuppressedBy(index, root, a, allArtifacts.suppressedBy.get(a));
    listed += dependents.items.length + reached.items.length;
    suppressed += dependents.suppressedCount + reached.suppressedCount;
  }
  return { listed, suppressed };
}
