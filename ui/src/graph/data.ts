// The graph view's questions to the API: a node's direct dependencies (one step) and which of them
// have a known vulnerability, the size of the whole closure, the closure itself, and the path from
// the root to a chosen package (and how it reaches it, hop by hop).
import { allPages, api, unwrap } from '../api/client';
import { isPurl } from './names';
import type { PathVia } from './path-note';

/** A page size large enough that most lists come in one answer. */
const PAGE = 5000;

interface DepsQuery {
  direct?: 'true';
  PageSize: number;
  Cursor?: string;
}

/** One page of the dependencies of a package version (purl) or an artifact (digest). */
async function dependencyPage(id: string, query: DepsQuery, signal?: AbortSignal) {
  if (isPurl(id)) {
    const page = unwrap(
      await api.GET('/v0/package/{purl}/dependencies', { params: { path: { purl: id }, query }, signal }),
    );
    return { items: page.dependencies, next: page.PaginationInfo.NextCursor, total: page.PaginationInfo.TotalCount };
  }
  const page = unwrap(
    await api.GET('/v0/artifact/{digest}/dependencies', { params: { path: { digest: id }, query }, signal }),
  );
  return { items: page.PurlList, next: page.PaginationInfo.NextCursor, total: page.PaginationInfo.TotalCount };
}

async function everyPage(id: string, direct: boolean, signal?: AbortSignal): Promise<string[]> {
  const { items } = await allPages<string>((Cursor) =>
    dependencyPage(
      id,
      { PageSize: PAGE, ...(direct ? { direct: 'true' } : {}), ...(Cursor ? { Cursor } : {}) },
      signal,
    ),
  );
  return items;
}

/** The one-step dependencies of a package version or an artifact (`?direct=true`), every page. */
export const directDependencies = (id: string, signal?: AbortSignal): Promise<string[]> => everyPage(id, true, signal);

/** Every package of the root's closure, sorted as the API sorts them. */
export const closure = (id: string, signal?: AbortSignal): Promise<string[]> => everyPage(id, false, signal);

/** How many packages the whole dependency walk returns (one item asked for, the total read). */
export async function closureSize(id: string, signal?: AbortSignal): Promise<number> {
  return (await dependencyPage(id, { PageSize: 1 }, signal)).total;
}

/** One path from the root to `to`: its node names (empty when there is none) and how it reaches it. */
export interface PathAnswer {
  nodes: string[];
  /** The kind of each hop (`dependency`, `sbom`…), the one into `nodes[i]`; none for the start. */
  kinds: (string | undefined)[];
  via: PathVia;
}

/** The node names of one path from the root to `to`, the documents' own chain where they state one. */
export async function pathTo(from: string, to: string, signal?: AbortSignal): Promise<PathAnswer> {
  const answer = unwrap(await api.GET('/v0/path', { params: { query: { from, to } }, signal }));
  const steps = answer.paths[0] ?? [];
  return { nodes: steps.map((step) => step.node), kinds: steps.map((step) => step.edge?.kind), via: answer.via };
}

/** The most purls one batch question takes (the server's default `--max-batch-inputs`). */
export const BATCH_INPUTS = 1000;

/**
 * Which of `children` (the direct dependencies of `parent`) have a known vulnerability, in one
 * request: `POST /v0/query/vulns` for their purls; past the batch limit, the parent's own
 * `/vulns?includeDependencies=true` (its whole closure, which holds them), read for them.
 */
export async function vulnerableAmong(parent: string, children: readonly string[], signal?: AbortSignal) {
  const purls = [...new Set(children.filter(isPurl))];
  if (purls.length === 0) return [];
  if (purls.length <= BATCH_INPUTS) {
    const answer = unwrap(await api.POST('/v0/query/vulns', { body: { purls }, signal }));
    return answer.results
      .filter((entry) => entry.status === 200 && (entry.vulnerabilities?.length ?? 0) > 0)
      .map((entry) => entry.input);
  }
  const query = { includeDependencies: 'true' as const };
  const found = isPurl(parent)
    ? unwrap(await api.GET('/v0/package/{purl}/vulns', { params: { path: { purl: parent }, query }, signal }))
    : unwrap(await api.GET('/v0/artifact/{digest}/vulns', { params: { path: { digest: parent }, query }, signal }))
        .vulnerabilities;
  const among = new Set(purls);
  return [...new Set(found.map((entry) => entry.package))].filter((purl) => among.has(purl));
}
