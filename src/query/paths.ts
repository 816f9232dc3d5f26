// /v0/path: the cheapest chains of edges from one node (a purl's packages, or an artifact) to
// the packages another purl names, over exactly the edges the dependency walks follow. Synchronous
// over the index; the documents stating each hop are looked up afterwards (the store).
import type { GraphView } from '../index/graph-view.js';
import { edgeKindOf, shortestPaths, type PathEdgeKind } from '../index/path-walk.js';
import { equivalenceClosure } from '../index/walk.js';
import { InvalidInputError, NotFoundError } from './errors.js';
import { resolveArtifact, resolvePackages } from './resolve.js';

export const MAX_PATH_LIMIT = 100;

/** One step of a path: the node reached, and the edge it was reached by (none for the start). */
export interface PathStep {
  node: number;
  edge?: { kind: PathEdgeKind; from: number };
}

/**
 * How the paths reach the target: `dependencies` when every hop is an edge a document states
 * between the two nodes (IsDependency, IsOccurrence, HashEqual, SLSA material); `inclusion` when
 * no such chain reaches it and the paths take an SBOM inclusion (the fewest there are).
 */
export type PathVia = 'dependencies' | 'inclusion';

export interface PathAnswer {
  via: PathVia;
  paths: PathStep[][];
}

/** Runs `resolve`, naming `parameter` in the 400 it may raise. */
function asParameter<T>(parameter: string, resolve: () => T): T {
  try {
    return resolve();
  } catch (err) {
    if (err instanceof InvalidInputError)
      throw new InvalidInputError(parameter, `${parameter}: ${err.message}`, err.code);
    throw err;
  }
}

/**
 * The cheapest paths from `from` (a purl: every version it names is a start; else a digest) to a
 * package `to` names, at most `limit`, ordered by their sequence of node keys. Cheapest: the
 * fewest SBOM inclusions, then the fewest edges (docs/api.md "Paths"). A path ends where
 * the walk of the start would report the package: never at a node equivalent to the start
 * (except a start itself when `from` is a template, as /dependencies lists it). 404 when there is none.
 */
export function findPaths(index: GraphView, from: string, to: string, limit: number): PathAnswer {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PATH_LIMIT)
    throw new InvalidInputError('limit', `limit must be an integer from 1 to ${MAX_PATH_LIMIT}`);
  const isPurl = from.startsWith('pkg:');
  const starts = isPurl
    ? asParameter('from', () => resolvePackages(index, from))
    : { ids: [asParameter('from', () => resolveArtifact(index, from))], exact: true };
  if (!to.startsWith('pkg:')) throw new InvalidInputError('to', 'to: must be a purl (pkg:…)', 'SG_INVALID_PURL');
  const targets = new Set(asParameter('to', () => resolvePackages(index, to)).ids);
  const own = new Set(equivalenceClosure(index, starts.ids));
  const startSet = new Set(starts.ids);
  const templateStart = !starts.exact;
  const leaves = !isPurl;
  const { paths, inclusions } = shortestPaths(index, {
    starts: starts.ids,
    accept: (v) => targets.has(v) && (!own.has(v) || (templateStart && startSet.has(v))),
    packagesAreLeaves: leaves,
    limit,
  });
  if (paths.length === 0) throw new NotFoundError('SG_PATH_NOT_FOUND', `no path from ${from} to ${to}`);
  return {
    via: inclusions === 0 ? 'dependencies' : 'inclusion',
    paths: paths.map((nodes) =>
      nodes.map((node, i) =>
        i === 0
          ? { node }
          : { node, edge: { kind: edgeKindOf(index, nodes[i - 1], node, leaves), from: nodes[i - 1] } },
      ),
    ),
  };
}
