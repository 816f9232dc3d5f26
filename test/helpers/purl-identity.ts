// What a purl names, read straight from the purl spec (github.com/package-url/purl-spec, "How to
// parse a purl string") by the tests themselves, so that checks comparing the purls of a raw
// document with what the parsers and the API return do not compute their expectations with the
// code under test (src/model/purl.ts). Two purls name the same package version when their keys
// are equal: percent-encoding choices and qualifier order do not matter, the type's case rules do.
// A string ECMA-427 refuses (an invalid qualifier key, a missing required namespace) is no purl.
import { readdirSync, readFileSync } from 'node:fs';

const TYPE_DEFINITIONS = new URL('../fixtures/purl-spec/types/', import.meta.url);

/** Types whose namespace and name compare case-insensitively, per the spec's type definitions. */
const CASE_INSENSITIVE = new Set(['alpm', 'apk', 'bitbucket', 'composer', 'deb', 'github', 'gitlab', 'hex', 'pypi']);

/** ECMA-427: a qualifier key is lowercase ASCII letters, digits, ".", "-", "_", starting with a letter. */
const QUALIFIER_KEY = /^[a-z][a-z0-9._-]*$/;

/**
 * Types whose definition requires a namespace (test/fixtures/purl-spec/types), less the service's
 * documented deviations (docs/api.md, "Package URLs"): golang, and distribution types that name
 * their distribution in a distro qualifier.
 */
const NAMESPACE_REQUIRED = new Set(
  readdirSync(TYPE_DEFINITIONS)
    .map((f) => JSON.parse(readFileSync(new URL(f, TYPE_DEFINITIONS), 'utf8')))
    .filter((d) => d.namespace_definition?.requirement === 'required' && d.type !== 'golang')
    .map((d) => d.type as string),
);
const DISTRIBUTION_TYPES = new Set(['alpm', 'apk', 'deb', 'rpm']);

function decode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

export interface PurlFields {
  type: string;
  namespace: string;
  name: string;
  version: string;
  /** "key=value", keys lowercase, empty values dropped, sorted. */
  qualifiers: string[];
  subpath: string;
}

/** The decoded, case-normalised fields of a purl, or undefined when the string is not a purl. */
export function purlFields(purl: unknown): PurlFields | undefined {
  if (typeof purl !== 'string' || !/^pkg:/i.test(purl.trim())) return undefined;
  let rest = purl.trim().slice(4).replace(/^\/+/, '');
  let subpath = '';
  const hash = rest.lastIndexOf('#');
  if (hash >= 0) {
    subpath = rest
      .slice(hash + 1)
      .split('/')
      .filter((s) => s && s !== '.' && s !== '..')
      .map((s) => decode(s) ?? s)
      .join('/');
    rest = rest.slice(0, hash);
  }
  const qualifiers: string[] = [];
  const question = rest.lastIndexOf('?');
  if (question >= 0) {
    for (const pair of rest.slice(question + 1).split('&')) {
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      if (!QUALIFIER_KEY.test(pair.slice(0, eq))) return undefined; // not a purl by ECMA-427
      const value = decode(pair.slice(eq + 1));
      if (value) qualifiers.push(`${pair.slice(0, eq).toLowerCase()}=${value}`);
    }
    rest = rest.slice(0, question);
  }
  const slash = rest.indexOf('/');
  if (slash <= 0) return undefined;
  const type = rest.slice(0, slash).toLowerCase();
  rest = rest.slice(slash + 1);
  let version = '';
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    version = decode(rest.slice(at + 1)) ?? '';
    rest = rest.slice(0, at);
  }
  const segments = rest.split('/').filter((s) => s !== '');
  const decoded = segments.map(decode);
  if (!decoded.length || decoded.some((s) => s === undefined)) return undefined;
  let name = decoded.pop()!;
  let namespace = decoded.join('/');
  const distro = qualifiers.some((q) => q.startsWith('distro='));
  if (!namespace && NAMESPACE_REQUIRED.has(type) && !(DISTRIBUTION_TYPES.has(type) && distro)) return undefined;
  if (CASE_INSENSITIVE.has(type)) {
    name = name.toLowerCase();
    namespace = namespace.toLowerCase();
  }
  if (type === 'pypi') name = name.replace(/_/g, '-');
  if (type === 'rpm') namespace = namespace.toLowerCase();
  if (type === 'oci') {
    name = name.toLowerCase();
    // GUAC's reading, which the service follows (docs/api.md): the repository_url qualifier is the
    // namespace (without a trailing /<name>), and wins over a namespace written in the path.
    const repository = qualifiers.findIndex((q) => q.startsWith('repository_url='));
    if (repository >= 0) {
      const url = qualifiers[repository].slice('repository_url='.length).replace(/\/+$/, '');
      namespace = url.toLowerCase().endsWith(`/${name}`) ? url.slice(0, -(name.length + 1)) : url;
      qualifiers.splice(repository, 1);
    }
  }
  return { type, namespace, name, version, qualifiers: qualifiers.sort(), subpath };
}

/** The identity key of a purl, or undefined when the string is not a purl. */
export function purlKey(purl: unknown): string | undefined {
  const f = purlFields(purl);
  return f && JSON.stringify([f.type, f.namespace, f.name, f.version, f.qualifiers, f.subpath]);
}

/** The keys of many purls (non-purls left out). */
export function purlKeys(purls: Iterable<unknown>): Set<string> {
  const out = new Set<string>();
  for (const p of purls) {
    const key = purlKey(p);
    if (key) out.add(key);
  }
  return out;
}

/** Whether two purls name the same package version. */
export function samePurl(a: unknown, b: unknown): boolean {
  const ka = purlKey(a);
  return ka !== undefined && ka === purlKey(b);
}
