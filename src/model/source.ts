// Source repository identity (docs/api.md, "Identity"): a VCS URL such as git+https://github.com/o/r.
// Sources are keyed at repository level; tag and commit stay on the facts that name them.

const CASE_INSENSITIVE_HOSTS = new Set(['github.com', 'gitlab.com', 'bitbucket.org']);

export interface SourceParts {
  type: string; // "git", "hg", ...
  namespace: string; // host plus owner path, e.g. "github.com/ossf"
  name: string; // repository name
}

export function formatSource(p: SourceParts): string {
  let namespace = p.namespace.replace(/^\/+|\/+$/g, '');
  let name = p.name.replace(/\.git$/i, '');
  const host = namespace.split('/')[0].toLowerCase();
  namespace = [host, ...namespace.split('/').slice(1)].join('/');
  if (CASE_INSENSITIVE_HOSTS.has(host)) {
    namespace = namespace.toLowerCase();
    name = name.toLowerCase();
  }
  return `${p.type.toLowerCase()}+https://${namespace}/${name}`;
}

/**
 * Reads a repository URL in its common spellings (https://github.com/o/r(.git), git+https://…,
 * git@github.com:o/r.git, github.com/o/r) and returns the canonical source key, or undefined.
 */
export function sourceFromUrl(url: string): string | undefined {
  let text = url.trim();
  if (!text) return undefined;
  text = text.replace(/^git\+/, '').replace(/^scm:git:/, '');
  const ssh = /^git@([^:]+):(.+)$/.exec(text);
  if (ssh) text = `https://${ssh[1]}/${ssh[2]}`;
  if (!/^[a-z]+:\/\//i.test(text)) text = `https://${text}`;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return undefined;
  }
  const segments = parsed.pathname.split('/').filter(Boolean);
  if (segments.length < 2) return undefined;
  // Only the repository part: github.com/o/r/tree/main → github.com/o/r
  const keep = CASE_INSENSITIVE_HOSTS.has(parsed.hostname.toLowerCase()) ? 2 : segments.length;
  const path = segments.slice(0, keep);
  const name = path.pop()!;
  return formatSource({ type: 'git', namespace: [parsed.hostname, ...path].join('/'), name });
}

/**
 * The repository a download location or reference URL points at, when it is a VCS location:
 * a "git+" URL, a URL ending in ".git", or a page on a known forge. Registry tarballs and
 * NOASSERTION give undefined.
 */
export function sourceFromVcsLocation(location: string | undefined): string | undefined {
  const text = (location ?? '').trim();
  if (!text || /^(NOASSERTION|NONE)$/i.test(text)) return undefined;
  const vcs =
    /^(git|hg|svn|bzr)\+/i.test(text) ||
    /^git@/.test(text) ||
    /\.git(#.*|@.*)?$/i.test(text) ||
    /^(https?:\/\/)?(www\.)?(github\.com|gitlab\.com|bitbucket\.org)\//i.test(text);
  return vcs ? sourceFromUrl(text.replace(/@[^/@]*$/, '').replace(/#.*$/, '')) : undefined;
}
