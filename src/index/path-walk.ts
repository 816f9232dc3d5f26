// Shortest paths over the edges the dependency walks follow (walk.ts), for /v0/path: a
// breadth-first search from the start nodes that stops at the level where it first meets a
// target, then the paths of that length, enumerated in a fixed order. Buffers of its own (stamped
// with an epoch, like walk.ts's scratch), so it never disturbs a walk's.
import { NodeKind } from '../model/kinds.js';
import type { Csr } from './csr.js';
import { EpochBuffers } from './epoch-buffers.js';
import type { GraphView } from './graph-view.js';
import { forwardRows, reverseRules, row, takesFrom } from './walk.js';
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

class PathScratch extends EpochBuffers {
  seen = new Uint32Array(0);
  dist = new Uint32Array(0);
  useful = new Uint32Array(0);
  queue = new Uint32Array(0);

  protected allocate(size: number): void {
    this.seen = new Uint32Array(size);
    this.dist = new Uint32Array(size);
    this.useful = new Uint32Array(size);
    this.queue = new Uint32Array(size);
  }
  protected clearStamps(): void {
    this.seen.fill(0);
    this.useful.fill(0);
  }
}

const buffers = new PathScratch();

function contains(csr: Csr, u: number, v: number): boolean {
  if (u + 1 >= csr.offsets.length) return false;
  for (let i = csr.offsets[u], end = csr.offsets[u + 1]; i < end; i++) if (csr.targets[i] === v) return true;
  return false;
}

/**
 * The kind of the edge u → v that the walk takes, when several join them: IsDependency first,
 * then SBOM inclusion, SLSA material, and equivalence (IsOccurrence when a package is at either
 * end, HashEqual between artifacts).
 */
export function edgeKindOf(index: GraphView, u: number, v: number, leaves: boolean): PathEdgeKind {
  const { dependencyOut, sbomOut, slsaOut } = index.adjacency;
  const kind = index.kinds[u];
  if (kind === NodeKind.Package && !leaves && contains(dependencyOut, u, v)) return 'dependency';
  if ((kind === NodeKind.Artifact || (kind === NodeKind.Package && !leaves)) && contains(sbomOut, u, v)) return 'sbom';
  if (kind === NodeKind.Artifact && contains(slsaOut, u, v)) return 'slsa';
  return kind === NodeKind.Artifact && index.kinds[v] === NodeKind.Artifact ? 'hash-equal' : 'occurrence';
}

/**
 * The shortest paths (node sequences, start first) from any start to an accepted node, at most
 * `limit`, ordered by their sequence of node keys; empty when none. A start that is itself
 * accepted is a path of one node.
 */
export function shortestPaths(index: GraphView, query: PathQuery): number[][] {
  const epoch = buffers.prepare(index.nodeCount);
  const { seen, dist, useful, queue } = buffers;
  const leaves = query.packagesAreLeaves;
  const kinds = index.kinds;
  // The walk's edges (walk.ts), both ways: each node one edge on from u, and back from v.
  const rowsOf = forwardRows(index.adjacency, leaves);
  const rules = reverseRules(index.adjacency, leaves);
  const forEachSuccessor = (u: number, visit: (v: number) => void): void => {
    for (const csr of rowsOf[kinds[u]]) row(csr, u, visit);
  };
  const forEachPredecessor = (v: number, visit: (u: number) => void): void => {
    for (const rule of rules) row(rule[0], v, (u) => takesFrom(rule, kinds[u]) && visit(u));
  };
  let tail = 0;
  const ends: number[] = [];
  for (const s of query.starts) {
    if (seen[s] === epoch) continue;
    seen[s] = epoch;
    dist[s] = 0;
    queue[tail++] = s;
    if (query.accept(s)) ends.push(s);
  }
  // Level by level, stopping after the first level that holds an accepted node.
  let head = 0;
  let level = 0;
  while (ends.length === 0 && head < tail) {
    const levelEnd = tail;
    level++;
    while (head < levelEnd) {
      forEachSuccessor(queue[head++], (v) => {
        if (seen[v] === epoch) return;
        seen[v] = epoch;
        dist[v] = level;
        queue[tail++] = v;
        if (query.accept(v)) ends.push(v);
      });
    }
  }
  if (ends.length === 0) return [];

  // Backwards from the ends: the nodes on some shortest path to one of them (the queue is free again).
  const reached = (u: number) => seen[u] === epoch;
  let uHead = 0;
  let uTail = 0;
  const back = queue;
  for (const e of ends) {
    useful[e] = epoch;
    back[uTail++] = e;
  }
  while (uHead < uTail) {
    const v = back[uHead++];
    if (dist[v] === 0) continue;
    forEachPredecessor(v, (u) => {
      if (!reached(u) || dist[u] !== dist[v] - 1 || useful[u] === epoch) return;
      useful[u] = epoch;
      back[uTail++] = u;
    });
  }

  // Forwards again over the useful nodes, in key order: the paths in key-sequence order.
  const byKey = (a: number, b: number): number => compareText(index.keyOf(a), index.keyOf(b));
  const paths: number[][] = [];
  const path: number[] = [];
  const extend = (u: number): void => {
    path.push(u);
    if (dist[u] === level) paths.push([...path]);
    else {
      const next = new Set<number>();
      forEachSuccessor(u, (v) => {
        if (reached(v) && useful[v] === epoch && dist[v] === dist[u] + 1) next.add(v);
      });
      for (const v of [...next].sort(byKey)) {
        if (paths.length >= query.limit) break;
        extend(v);
      }
    }
    path.pop();
  };
  const firsts = [...new Set(query.starts)].filter((s) => useful[s] === epoch).sort(byKey);
  for (const s of firsts) {
    if (paths.length >= query.limit) break;
    extend(s);
  }
  return paths;
}
