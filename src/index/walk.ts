// Breadth-first walks over the index (SPEC §3). Scratch buffers are reused between calls
// (stamped with an epoch instead of cleared), so a walk allocates only its result.
import { NodeKind } from '../model/kinds.js';
import type { Csr } from './csr.js';
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
  const { dependencyOut, sbomOut, slsaOut, equivalent } = index.adjacency;
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
    const kind = kinds[u];
    if (kind === NodeKind.Package) {
      if (!packagesAreLeaves) {
        row(dependencyOut, u, visit);
        row(sbomOut, u, visit);
      }
    } else if (kind === NodeKind.Artifact) {
      row(sbomOut, u, visit);
      row(slsaOut, u, visit);
    }
    row(equivalent, u, visit);
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
  const epoch = scratch.prepare(index.nodeCount);
  const closure = markEquivalents(index, targets, epoch);
  const { visited, excluded, queue } = scratch;
  const kinds = index.kinds;
  const { dependencyIn, sbomIn, slsaIn, equivalent } = index.adjacency;
  const result: number[] = [];
  // The closure is at queue[0 .. closure): walk back from all of it.
  let head = 0;
  let tail = closure;
  for (let i = 0; i < closure; i++) visited[queue[i]] = epoch;
  // One step back for `direct`: from the closure only.
  const stop = direct ? closure : Number.POSITIVE_INFINITY;
  const visit = (v: number): void => {
    if (visited[v] === epoch) return;
    visited[v] = epoch;
    queue[tail++] = v;
    if (kinds[v] === NodeKind.Package && excluded[v] !== epoch) result.push(v);
  };
  const fromPackage = (u: number): void => {
    if (kinds[u] === NodeKind.Package) visit(u);
  };
  const fromPackageOrArtifact = (u: number): void => {
    if (kinds[u] === NodeKind.Package || kinds[u] === NodeKind.Artifact) visit(u);
  };
  const fromArtifact = (u: number): void => {
    if (kinds[u] === NodeKind.Artifact) visit(u);
  };
  while (head < tail && head < stop) {
    const v = queue[head++];
    row(dependencyIn, v, fromPackage);
    row(sbomIn, v, fromPackageOrArtifact);
    row(slsaIn, v, fromArtifact);
    row(equivalent, v, visit);
  }
  return result;
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
  const epoch = scratch.prepare(index.nodeCount);
  const closure = markEquivalents(index, targets, epoch);
  const { visited, excluded, queue } = scratch;
  const kinds = index.kinds;
  const { sbomIn, slsaIn, equivalent } = index.adjacency;
  const result: number[] = [];
  let head = 0;
  let tail = closure;
  for (let i = 0; i < closure; i++) visited[queue[i]] = epoch;
  const visit = (v: number): void => {
    if (visited[v] === epoch) return;
    visited[v] = epoch;
    queue[tail++] = v;
    if (kinds[v] === NodeKind.Artifact && excluded[v] !== epoch) result.push(v);
  };
  const fromArtifact = (u: number): void => {
    if (kinds[u] === NodeKind.Artifact) visit(u);
  };
  while (head < tail) {
    const v = queue[head++];
    row(sbomIn, v, fromArtifact);
    row(slsaIn, v, fromArtifact);
    row(equivalent, v, visit);
  }
  return result;
}
