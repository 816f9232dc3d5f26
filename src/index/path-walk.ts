// Cheapest paths over the edges the dependency walks follow (walk.ts), for /v0/path: the fewest
// SBOM inclusions first, then the fewest edges (stated-first.ts), so a chain the documents state is
// preferred to the inclusion edge that joins an SBOM's subject to every component. The search
// stops at the cost where it first meets a target; then the paths of that cost, enumerated in a
// fixed order. Buffers of its own, so it never disturbs a walk's.
import { NodeKind } from '../model/kinds.js';
import type { Csr } from './csr.js';
import type { GraphView } from './graph-view.js';
import { forwardEdgeRules, reverseEdgeRules, searchReadAtOnce } from './stated-first.js';
import { compareText } from '../model/compare.js';

/** How a hop's edge is stated: IsDependency, SBOM inclusion, SLSA material, IsOccurrence, HashEqual. */
export type PathEdgeKind = 'dependency' | 'sbom' | 'slsa' | 'occurrence' | 'hash-equal';

export interface PathQuery {
  starts: readonly number[];
  /** True: a node may end a path (a named target the walk would report). */
  accept: (node: number) => boolean;
  /** The artifact walk: packages are leaves (only equivalence leads on from them). */
  packagesAreLeaves: boolean;
  limit: number;
}

const search = searchReadAtOnce;

function contains(csr: Csr, u: number, v: number): boolean {
  if (u + 1 >= csr.offsets.length) return false;
  for (let i = csr.offsets[u], end = csr.offsets[u + 1]; i < end; i++) if (csr.targets[i] === v) return true;
  return false;
}

/**
 * The kind of the edge u → v that a cheapest path takes, when several join them: a stated edge
 * (IsDependency, SLSA material, or equivalence: IsOccurrence when a package is at either end,
 * HashEqual between artifacts) before an SBOM inclusion, which costs more (stated-first.ts).
 */
export function edgeKindOf(index: GraphView, u: number, v: number, leaves: boolean): PathEdgeKind {
  const { dependencyOut, slsaOut, equivalent } = index.adjacency;
  const kind = index.kinds[u];
  if (kind === NodeKind.Package && !leaves && contains(dependencyOut, u, v)) return 'dependency';
  if (kind === NodeKind.Artifact && contains(slsaOut, u, v)) return 'slsa';
  if (contains(equivalent, u, v))
    return kind === NodeKind.Artifact && index.kinds[v] === NodeKind.Artifact ? 'hash-equal' : 'occurrence';
  return 'sbom';
}

/** Cheapest paths, and how many SBOM inclusions each takes (0: a chain of stated edges). */
export interface CheapestPaths {
  paths: number[][];
  inclusions: number;
}

/**
 * The cheapest paths (node sequences, start first) from any start to an accepted node, at most
 * `limit`, ordered by their sequence of node keys; empty when none. Cheapest: the fewest SBOM
 * inclusion edges, then the fewest edges. A start that is itself accepted is a path of one node.
 */
export function shortestPaths(index: GraphView, query: PathQuery): CheapestPaths {
  const leaves = query.packagesAreLeaves;
  const forward = forwardEdgeRules(index.adjacency, leaves);
  const backward = reverseEdgeRules(index.adjacency, leaves);
  search.run(index, query.starts, forward, query.accept);
  const ends = search.ends;
  if (ends.length === 0) return { paths: [], inclusions: 0 };
  const { hops, inclusions } = search;
  // The nodes on some cheapest path to an end: few, so a set.
  const useful = new Set<number>(ends);
  const kinds = index.kinds;
  const bit = (kind: number): number => 1 << kind;

  // Backwards from the ends: the nodes on some cheapest path to one of them (edges that are tight).
  const back = [...ends];
  for (let i = 0; i < back.length; i++) {
    const v = back[i];
    if (hops[v] === 0) continue;
    for (const rule of backward) {
      forEachIn(rule.csr, v, (u) => {
        if ((bit(kinds[u]) & rule.toKinds) === 0 || useful.has(u) || !search.tight(u, v, rule.inclusion)) return;
        useful.add(u);
        back.push(u);
      });
    }
  }

  // Forwards again over the useful nodes, in key order: the paths in key-sequence order.
  const last = ends[0];
  const isEnd = (u: number): boolean => hops[u] === hops[last] && inclusions[u] === inclusions[last];
  const byKey = (a: number, b: number): number => compareText(index.keyOf(a), index.keyOf(b));
  const paths: number[][] = [];
  const path: number[] = [];
  const extend = (u: number): void => {
    path.push(u);
    if (isEnd(u)) paths.push([...path]);
    else {
      const next = new Set<number>();
      for (const rule of forward) {
        if ((rule.fromKinds & bit(kinds[u])) === 0) continue;
        forEachIn(rule.csr, u, (v) => {
          if (useful.has(v) && search.tight(u, v, rule.inclusion)) next.add(v);
        });
      }
      for (const v of [...next].sort(byKey)) {
        if (paths.length >= query.limit) break;
        extend(v);
      }
    }
    path.pop();
  };
  const firsts = [...new Set(query.starts)].filter((s) => useful.has(s)).sort(byKey);
  for (const s of firsts) {
    if (paths.length >= query.limit) break;
    extend(s);
  }
  return { paths, inclusions: inclusions[last] };
}

function forEachIn(csr: Csr, u: number, visit: (v: number) => void): void {
  if (u + 1 >= csr.offsets.length) return;
  for (let i = csr.offsets[u], end = csr.offsets[u + 1]; i < end; i++) visit(csr.targets[i]);
}
