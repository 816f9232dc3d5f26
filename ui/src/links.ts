// The UI's deep links: one place builds them and one reads them back. A purl, digest or id is one
// path segment, percent-encoded, so a link survives being pasted into a ticket.
export const UI_BASE = '/ui/';

export const homeHref = (): string => UI_BASE;
/** The search page of `q`, narrowed to one kind of result when `kind` is given. */
export const searchHref = (q: string, kind?: string | null): string =>
  `${UI_BASE}search?q=${encodeURIComponent(q)}${kind ? `&kind=${encodeURIComponent(kind)}` : ''}`;
export const packageHref = (purl: string): string => `${UI_BASE}package/${encodeURIComponent(purl)}`;
export const artifactHref = (digest: string): string => `${UI_BASE}artifact/${encodeURIComponent(digest)}`;
export const vulnHref = (id: string): string => `${UI_BASE}vuln/${encodeURIComponent(id)}`;
/** The full-page graph of a package version (purl) or an artifact (digest). */
export const graphHref = (root: string): string => `${UI_BASE}graph/${encodeURIComponent(root)}`;
export const documentsHref = (): string => `${UI_BASE}documents`;
export const documentHref = (digest: string): string => `${UI_BASE}documents/${encodeURIComponent(digest)}`;
export const projectHref = (name: string): string => `${UI_BASE}projects/${encodeURIComponent(name)}`;

/** A page with its filters in the query string, those left empty left out. */
function withQuery(path: string, query: Record<string, string | undefined>): string {
  const pairs = Object.entries(query).filter((pair): pair is [string, string] => (pair[1] ?? '') !== '');
  return pairs.length === 0 ? path : `${path}?${new URLSearchParams(pairs).toString()}`;
}

/** The portfolio, narrowed by name prefix and one `key=value` label, sorted by name or last build. */
export const projectsHref = (query: { name?: string; label?: string; sort?: string } = {}): string =>
  withQuery(`${UI_BASE}projects`, query);
/** The findings list with the filters given (the names of /v0/findings' query parameters). */
export const findingsHref = (query: Record<string, string | undefined> = {}): string =>
  withQuery(`${UI_BASE}findings`, query);

/**
 * What follows `prefix` in a path, decoded: `/ui/package/pkg%3Anpm%2Fa%401` and a pasted
 * `/ui/package/pkg:npm/a@1` both give `pkg:npm/a@1`.
 */
export function tailOf(path: string, prefix: string): string {
  const rest = path.startsWith(prefix) ? path.slice(prefix.length) : '';
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}
