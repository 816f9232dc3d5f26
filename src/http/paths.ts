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
