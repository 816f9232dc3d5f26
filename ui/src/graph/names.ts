// What a node's name says without asking the API: a purl's type, namespace and name (for grouping
// and short labels), or that it is an artifact digest.

export interface NameParts {
  /** `npm`, `golang`… or `artifact` for a digest. */
  type: string;
  namespace: string;
  name: string;
  version: string;
}

export const isPurl = (id: string): boolean => id.startsWith('pkg:');

/** A `sha256:…`-like text (or bare hex of a digest's length) names an artifact, not a package. */
export const looksLikeDigest = (text: string): boolean => /^([a-z0-9-]+:)?[0-9a-f]{32,}$/i.test(text.trim());

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The parts of a purl (lenient: the API only sends canonical purls); digests are `artifact`. */
export function nameParts(id: string): NameParts {
  if (!isPurl(id)) return { type: 'artifact', namespace: '', name: id, version: '' };
  let rest = id.slice(4).replace(/^\/+/, '');
  rest = rest.split('#')[0].split('?')[0];
  const at = rest.lastIndexOf('@');
  const version = at > 0 ? decode(rest.slice(at + 1)) : '';
  if (at > 0) rest = rest.slice(0, at);
  const segments = rest.split('/');
  const type = segments.shift() ?? '';
  const name = decode(segments.pop() ?? '');
  return { type, namespace: segments.map(decode).join('/'), name, version };
}

/** A short label for a drawn node: `name@version` (namespace left to the full name in the list). */
export function shortLabel(id: string): string {
  const parts = nameParts(id);
  if (parts.type === 'artifact') return id.length > 19 ? `${id.slice(0, 19)}…` : id;
  return parts.version ? `${parts.name}@${parts.version}` : parts.name;
}
