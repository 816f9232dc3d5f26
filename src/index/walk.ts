// Breadth-first walks over the index (docs/model.md, "What the questions walk"). Scratch buffers are reused between calls
// (stamped with an epoch instead of cleared), so a walk allocates only its result.
import { NodeKind } from '../model/kinds.js';
import type { AdjacencyView } from './adjacency.js';
import { layersOf, type Csr } from './csr.js';
import { EpochBuffers } from './epoch-buffers.js';
import type { GraphView } from './graph-view.js';

/** Buffers every walk shares: walks are synchronous and never nest (a walk must not call another while it uses these). */
export class Scratch extends EpochBuffers {
  visited = new Uint32Array(0);
  excluded = new Uint32Array(0);
  queue = new Uint32Array(0);

  protected allocate(size: number): void {
    this.visited = new Uint32Array(size);
    this.excluded = new Uint32Array(size);
    this.queue = new Uint32Array(size);
  }
  protected clearStamps(): void {
    this.visited.fill(0);
    this.excluded.fill(0);
  }
}

export const scratch = new Scratch();

/**
 * Marks `starts` and everything equivalent to them (IsOccurrence, HashEqual) in scratch.excluded;
 * the closure is left in scratch.queue[0 .. returned count).
 */
export function markEquivalents(index: GraphView, starts: readonly number[], epoch: number): number {
  const { excluded, queue } = scratch;
  const eq = index.adjacency.equivalent;
  let head = 0;
  let tail = 0;
  for (const s of starts)
    if (excluded[s] !== epoch) {
      excluded[s] = epoch;
      queue[tail++] = s;
    }
  while (head < tail) {
    const u = queue[head++];
    for (let i = eq.offsets[u], end = eq.offsets[u + 1]; i < end; i++) {
      const v = eq.targets[i];
      if (excluded[v] !== epoch) {
        excluded[v] = epoch;
        queue[tail++] = v;
      }
    }
  }
  return tail;
}

/** Calls `visit` with each neighbour of u in `csr`. */
export function row(csr: Csr, u: number, visit: (v: number) => void): void {
  if (u + 1 >= csr.offsets.length) return;
  for (let i = csr.offsets[u], end = csr.offsets[u + 1]; i < end; i++) visit(csr.targets[i]);
}

/**
 * Package dependencies: from the start packages along IsDependency, SBOM inclusion and SLSA
 * materials, and equivalence from every node; package versions only, each once. The starts and
 * their equivalents are left out unless `includeStarts` (the partial-purl rule).
 */
export function walkPackageDependencies(index: GraphView, starts: readonly number[], includeStarts: boolean): number[] {
  return walk(index, starts, includeStarts, false);
}

/** Artifact dependencies: the same walk, but packages are leaves (only equivalence is followed). */
export function walkArtifactDependencies(index: GraphView, start: number): number[] {
  return walk(index, [start], false, true);
}

/**
 * The edges the walks take, by the kind of node they leave (docs/api.md, "Dependencies"): from a package its
 * IsDependency edges and its SBOM's inclusions (not in the artifact walk, where packages are
 * leaves), from an artifact its SBOM's inclusions and SLSA materials, and equivalence from any
 * node. Every walk, forwards or backwards, reads the rule from here.
 */
export function forwardRows(adjacency: AdjacencyView, packagesAreLeaves: boolean): readonly (readonly Csr[])[] {
  const { dependencyOut, sbomOut, slsaOut, equivalent } = adjacency;
  const rows: Csr[][] = [];
  for (let kind = 0; kind < 8; kind++) rows.push([equivalent]);
  // A layered view is two edge classes here, its base and its overlay (they share no edge).
  const inclusions = layersOf(sbomOut);
  rows[NodeKind.Package] = packagesAreLeaves ? [equivalent] : [dependencyOut, ...inclusions, equivalent];
  rows[NodeKind.Artifact] = [...inclusions, slsaOut, equivalent];
  return rows;
}

/** Bit of a node kind in a kind mask. */
const bit = (kind: number): number => 1 << kind;
const PACKAGE = bit(NodeKind.Package);
const ARTIFACT = bit(NodeKind.Artifact);
const ANY_KIND = 0xff;

/** A reverse adjacency and the kinds of source (a mask of kind bits) the forward walk takes its edges from. */
export type ReverseRule = readonly [csr: Csr, sourceKinds: number];

/** The rules of forwardRows, backwards: each reverse adjacency with the source kinds it is taken from. */
export function reverseRules(adjacency: AdjacencyView, packagesAreLeaves: boolean): readonly ReverseRule[] {
  const { dependencyIn, sbomIn, slsaIn, equivalent } = adjacency;
  const inclusions = (kinds: number): ReverseRule[] => layersOf(sbomIn).map((csr) => [csr, kinds] as const);
  return packagesAreLeaves
    ? [...inclusions(ARTIFACT), [slsaIn, ARTIFACT], [equivalent, ANY_KIND]]
    : [[dependencyIn, PACKAGE], ...inclusions(PACKAGE | ARTIFACT), [slsaIn, ARTIFACT], [equivalent, ANY_KIND]];
}

/** Whether a node of `kind` is a source `rule` is taken from. */
export function takesFrom(rule: ReverseRule, kind: number): boolean {
  return (bit(kind) & rule[1]) !== 0;
}

function walk(
  index: GraphView,
  starts: readonly number[],
  includeStarts: boolean,
  packagesAreLeaves: boolean,
): number[] {
  const epoch = scratch.prepare(index.nodeCount);
  markEquivalents(index, starts, epoch);
  const { visited, excluded, queue } = scratch;
  const kinds = index.kinds;
  const rowsOf = forwardRows(index.adjacency, packagesAreLeaves);
  const result: number[] = [];
  let head = 0;
  let tail = 0;
  const visit = (v: number): void => {
    if (visited[v] === epoch) return;
    visited[v] = epoch;
    queue[tail++] = v;
    if (kinds[v] === NodeKind.Package && excluded[v] !== epoch) result.push(v);
  };
  for (const s of starts) {
    if (visited[s] !== epoch) {
      visited[s] = epoch;
      queue[tail++] = s;
    }
    if (includeStarts && kinds[s] === NodeKind.Package) result.push(s);
  }
  while (head < tail) {
    const u = queue[head++];
    for (const csr of rowsOf[kinds[u]]) row(csr, u, visit);
  }
  return result;
}

/**
 * The reverse walk both dependents walks share: from `targets` and their equivalents backwards
 * over `rules`, collecting the nodes of `resultKind` outside the targets' equivalence closure.
 * `maxSteps` 1 stops after the first step back (any other value: no limit). The inner loop is written out (no callback per
 * edge): a popular package's dependents walk crosses millions of edges.
 */
function walkBack(
  index: GraphView,
  targets: readonly number[],
  rules: readonly ReverseRule[],
  resultKind: number,
  maxSteps: number,
): number[] {
  const epoch = scratch.prepare(index.nodeCount);
  const closure = markEquivalents(index, targets, epoch);
  const { visited, excluded, queue } = scratch;
  const kinds = index.kinds;
  const result: number[] = [];
  // The closure is at queue[0 .. closure): walk back from all of it.
  for (let i = 0; i < closure; i++) visited[queue[i]] = epoch;
  let head = 0;
  let tail = closure;
  const stop = maxSteps === 1 ? closure : Infinity;
  const offsetRows = rules.map(([csr]) => csr.offsets);
  const sourceRows = rules.map(([csr]) => csr.targets);
  const allowedKinds = rules.map(([, kinds]) => kinds);
  while (head < tail && head < stop) {
    const v = queue[head++];
    for (let r = 0; r < offsetRows.length; r++) {
      const offsets = offsetRows[r];
      const sources = sourceRows[r];
      const allowed = allowedKinds[r];
      if (v + 1 >= offsets.length) continue;
      for (let i = offsets[v], end = offsets[v + 1]; i < end; i++) {
        const u = sources[i];
        if (visited[u] === epoch || (bit(kinds[u]) & allowed) === 0) continue;
        visited[u] = epoch;
        queue[tail++] = u;
        if (kinds[u] === resultKind && excluded[u] !== epoch) result.push(u);
      }
    }
  }
  return result;
}

/**
 * Package dependents, the exact inverse of walkPackageDependencies: every package version whose
 * forward walk reaches one of `targets`. The walk runs backwards over the same edges, taking each
 * only where the forward walk would take it from its source's kind (a dependency edge from a
 * package, an SBOM inclusion from a package or an artifact, an SLSA material from an artifact,
 * equivalence from anything). The targets' equivalents are left out, as the forward walk leaves
 * out its start's. With `direct`, only the first step back (from the targets and their equivalents).
 */
export function walkPackageDependents(index: GraphView, targets: readonly number[], direct: boolean): number[] {
  return walkBack(index, targets, reverseRules(index.adjacency, false), NodeKind.Package, direct ? 1 : Infinity);
}

/** The given nodes and every node equivalent to them (through IsOccurrence / HashEqual). */
export function equivalenceClosure(index: GraphView, starts: readonly number[]): number[] {
  const epoch = scratch.prepare(index.nodeCount);
  const count = markEquivalents(index, starts, epoch);
  return Array.from(scratch.queue.subarray(0, count));
}

/**
 * Artifact dependents, the exact inverse of walkArtifactDependencies: every artifact whose
 * forward walk reaches one of `targets`. Backwards over the edges that walk takes: an SBOM
 * inclusion or SLSA material whose source is an artifact, and equivalence from anything
 * (packages are leaves, so dependency edges and inclusions by packages never lead there). The
 * artifacts equivalent to the targets are left out, as the forward walk leaves out its start's
 * equivalents; the caller checks those few one by one when several targets are named.
 */
export function walkArtifactDependents(index: GraphView, targets: readonly number[]): number[] {
  return walkBack(index, targets, reverseRules(index.adjacency, true), NodeKind.Artifact, Infinity);
}
