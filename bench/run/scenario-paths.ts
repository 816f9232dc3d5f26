// Request paths of the load-tested routes, with their inputs URL-encoded.

export const enc = encodeURIComponent;

/** `/v0/package/{purl}`, then `rest`. */
export const packagePath = (purl: string, rest = ''): string => `/v0/package/${enc(purl)}${rest}`;

/** `/v0/artifact/{digest}`, then `rest`. */
export const artifactPath = (digest: string, rest: string): string => `/v0/artifact/${enc(digest)}${rest}`;

/** `/v0/vuln/{id}`, then `rest`. */
export const vulnPath = (id: string, rest = ''): string => `/v0/vuln/${enc(id)}${rest}`;
