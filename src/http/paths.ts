// The paths that are not data: each is named once here, and the hooks that treat data and
// operational paths differently (backend health, load shedding) ask this module.

/** Operational paths: they keep answering while the data backend fails. */
export const OPERATIONAL_PATHS = {
  /** Liveness: answers even when the server sheds load (a busy process is not a dead one). */
  liveness: '/healthz',
  readiness: '/readyz',
  openApiDocument: '/openapi.json',
  docsPage: '/docs',
  /** Prometheus metrics: they report a failing backend rather than being refused for it. */
  metrics: '/metrics',
} as const;

/** Prefixes of the paths answered from the graph (and so refused while the data backend is failing). */
const DATA_PATH_PREFIXES = ['/v0/', '/analysis/'] as const;

export function isDataPath(url: string): boolean {
  return DATA_PATH_PREFIXES.some((prefix) => url.startsWith(prefix));
}

export function isLivenessPath(url: string): boolean {
  return url === OPERATIONAL_PATHS.liveness;
}

/** The documents collection (docs/api.md, "Documents"): uploads are POSTed here. */
export const DOCUMENTS_PATH = '/v0/documents';

/** The projects (docs/api.md, "Projects and builds"): a project's labels are PATCHed at its path. */
export const PROJECTS_PATH = '/v0/projects';

/** The policies (docs/api.md, "Policies and verdicts"): one is PUT and DELETEd at its path. */
export const POLICIES_PATH = '/v0/policies';

/** KEV and EPSS (docs/api.md, "Exploitation: KEV and EPSS"): a kind's file is POSTed at its path. */
export const EXPLOITATION_PATH = '/v0/exploitation';

/** Feeds (docs/api.md, "Feeds"): one is PUT and DELETEd at its path, synced by a POST to …/sync. */
export const FEEDS_PATH = '/v0/feeds';

/** Verdicts: POSTed with an SBOM body (or a build reference), listed per build with GET. */
export const VERDICTS_PATH = '/v0/verdicts';

/** The batch questions (docs/api.md, "Batch questions"): POST only, with a JSON body. */
export const BATCH_PATHS = { vulns: '/v0/query/vulns', dependencies: '/v0/query/dependencies' } as const;

const isBatchPath = (path: string): boolean => path === BATCH_PATHS.vulns || path === BATCH_PATHS.dependencies;

/** The path of a URL, without its query and trailing slash (the router ignores one). */
function pathOf(url: string): string {
  const path = url.split('?', 1)[0];
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * The methods a URL answers: GET and HEAD everywhere, POST on the documents, DELETE on one
 * document, PUT on a document's project, PATCH on a project, PUT and DELETE on a policy, POST on
 * the verdicts, POST alone on a kind of exploitation data, and POST alone on the batch questions.
 */
export function allowedMethods(url: string): readonly string[] {
  const path = pathOf(url);
  if (isBatchPath(path)) return ['POST'];
  if (path === DOCUMENTS_PATH) return ['GET', 'HEAD', 'POST'];
  if (path.startsWith(`${DOCUMENTS_PATH}/`)) {
    const rest = path.slice(DOCUMENTS_PATH.length + 1);
    if (!rest.includes('/')) return ['GET', 'HEAD', 'DELETE'];
    if (rest.split('/').length === 2 && rest.endsWith('/project')) return ['PUT'];
  }
  if (path.startsWith(`${PROJECTS_PATH}/`)) return ['GET', 'HEAD', 'PATCH'];
  if (path.startsWith(`${POLICIES_PATH}/`)) return ['PUT', 'DELETE'];
  if (path === VERDICTS_PATH) return ['GET', 'HEAD', 'POST'];
  if (isExploitationFilePath(path)) return ['POST'];
  if (path.startsWith(`${FEEDS_PATH}/`)) return feedMethods(path.slice(FEEDS_PATH.length + 1));
  return ['GET', 'HEAD'];
}

/** A feed answers GET, PUT and DELETE; its sync POST; its syncs GET. */
function feedMethods(rest: string): readonly string[] {
  if (!rest.includes('/')) return ['GET', 'HEAD', 'PUT', 'DELETE'];
  return rest.endsWith('/sync') ? ['POST'] : ['GET', 'HEAD'];
}

/** POST /v0/exploitation/{kind}: a KEV or EPSS file. */
function isExploitationFilePath(path: string): boolean {
  return path.startsWith(`${EXPLOITATION_PATH}/`) && !path.slice(EXPLOITATION_PATH.length + 1).includes('/');
}

/** Whether a request may carry a body: an upload, a batch question, a verdict's SBOM, a policy or an exploitation file. */
export function takesBody(method: string, url: string): boolean {
  const path = pathOf(url);
  if (method === 'PUT') return path.startsWith(`${POLICIES_PATH}/`) || path.startsWith(`${FEEDS_PATH}/`);
  if (method !== 'POST') return false;
  return path === DOCUMENTS_PATH || path === VERDICTS_PATH || isBatchPath(path) || isExploitationFilePath(path);
}
