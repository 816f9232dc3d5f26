// /v0/path, whole: the cheapest paths on one index version (paths.ts), then, for each hop, the
// earliest stored document stating its edge, read through the evidence port once per distinct
// edge.
import type { GraphView } from '../index/graph-view.js';
import type { EdgeEvidence, EdgeQuery, GraphEvidence } from '../store/types.js';
import { findPaths, type PathAnswer, type PathStep, type PathVia } from './paths.js';

export interface PathHop {
  node: string;
  /** Absent on the start node: the edge that reached this node, with its evidence. */
  edge?: { kind: NonNullable<PathStep['edge']>['kind'] } & Partial<EdgeEvidence>;
}

export interface PathsWithEvidence {
  via: PathVia;
  paths: PathHop[][];
}

const keyOf = (step: PathStep): string => `${step.edge?.kind}:${step.edge?.from}:${step.node}`;

/** The distinct edges of the paths, to look their documents up once each. */
function edgesOf(paths: readonly PathStep[][]): EdgeQuery[] {
  const queries = new Map<string, EdgeQuery>();
  for (const path of paths)
    for (const step of path)
      if (step.edge) queries.set(keyOf(step), { kind: step.edge.kind, a: step.edge.from, b: step.node });
  return [...queries.values()];
}

function withEvidence(
  index: GraphView,
  { via, paths }: PathAnswer,
  evidence: ReadonlyMap<string, EdgeEvidence | undefined>,
): PathsWithEvidence {
  return {
    via,
    paths: paths.map((path) =>
      path.map((step) => {
        const node = index.keyOf(step.node);
        if (!step.edge) return { node };
        return { node, edge: { kind: step.edge.kind, ...evidence.get(keyOf(step)) } };
      }),
    ),
  };
}

export async function pathsWithEvidence(
  index: GraphView,
  store: Pick<GraphEvidence, 'edgeEvidence'>,
  from: string,
  to: string,
  limit: number,
): Promise<PathsWithEvidence> {
  const answer = findPaths(index, from, to, limit);
  const queries = edgesOf(answer.paths);
  const found = await store.edgeEvidence(queries);
  const evidence = new Map(queries.map((q, i) => [`${q.kind}:${q.a}:${q.b}`, found[i]]));
  return withEvidence(index, answer, evidence);
}
