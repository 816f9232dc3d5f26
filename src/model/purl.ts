// Package URL canonicalisation by ECMA-427 (the purl specification; docs/api.md "Package URLs").
// Parsing follows the standard's "how to parse" steps, the canonical string its character-encoding
// clause; the per-type rules (namespace required or prohibited, case-insensitive components,
// permitted characters, required qualifiers) are the purl-spec type definitions, as data in
// ./purl-types.ts. The official test suite runs in test/model/purl-spec.test.ts. One deliberate
// deviation: GUAC's oci mapping (ociRepositoryAsQualifier below).
import { PURL_TYPES, type PurlTypeRule } from './purl-types.js';

export interface PurlParts {
  type: string;
  namespace?: string;
  name: string;
  version?: string;
  /** Keys lowercase, empty values dropped; rendered sorted by key. */
  qualifiers: Record<string, string>;
  subpath?: string;
}

export class PurlError extends Error {
  constructor(
    readonly input: string,
    reason: string,
  ) {
    super(`invalid purl "${truncate(input)}": ${reason}`);
  }
}

function truncate(s: string): string {
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

export interface PurlOptions {
  /**
   * false: the type definitions' normalisation only, not their checks (a required or prohibited
   * namespace, permitted characters, required qualifiers). For search text, which may name a
   * package partly (pkg:maven/log4j-core); never for a purl that is stored or matched.
   */
  typeChecks?: boolean;
}

const TYPE = /^[a-z][a-z0-9.-]*$/;
/** ECMA-427: lowercase ASCII letters, digits, '.', '-', '_', starting with a letter; never encoded. */
const QUALIFIER_KEY = /^[a-z][a-z0-9._-]*$/;
const REPOSITORY_URL = 'repository_url';

/** Normalises already-decoded components into canonical parts; throws PurlError with the reason. */
export function canonicalParts(
  input: {
    type: string;
    namespace?: string | null;
    name: string;
    version?: string | null;
    qualifiers?: Record<string, string | null | undefined> | Iterable<[string, string]> | null;
    subpath?: string | null;
  },
  raw = '',
  options: PurlOptions = {},
): PurlParts {
  const type = (input.type ?? '').trim().toLowerCase();
  if (!TYPE.test(type)) {
    throw new PurlError(
      raw,
      `type "${input.type}" is not a valid purl type (ASCII letters, digits, "." and "-", starting with a letter)`,
    );
  }
  const name = (input.name ?? '').trim();
  if (!name) throw new PurlError(raw, 'the name is empty');
  const parts: PurlParts = {
    type,
    namespace: namespaceOf(input.namespace),
    name,
    version: input.version ? input.version : undefined,
    qualifiers: qualifiersOf(input.qualifiers, raw),
    subpath: subpathOf(input.subpath),
  };
  // GUAC's oci mapping first: it turns a path namespace into the repository_url qualifier.
  if (type === 'oci') ociRepositoryAsQualifier(parts);
  const rule = PURL_TYPES[type];
  const check = options.typeChecks !== false;
  if (rule) applyTypeRule(parts, rule, raw, check);
  applyTypeNotes(parts, raw, check);
  return parts;
}

/** Namespace segments: empty ones dropped (leading, trailing and doubled slashes). */
function namespaceOf(text: string | null | undefined): string | undefined {
  const segments = (text ?? '').split('/').filter((s) => s !== '');
  return segments.length ? segments.join('/') : undefined;
}

function subpathOf(subpath: string | null | undefined): string | undefined {
  if (!subpath) return undefined;
  const segments = subpath.split('/').filter((s) => s !== '' && s !== '.' && s !== '..');
  return segments.length ? segments.join('/') : undefined;
}

function qualifiersOf(
  input: Record<string, string | null | undefined> | Iterable<[string, string]> | null | undefined,
  raw: string,
): Record<string, string> {
  const entries = !input
    ? []
    : Symbol.iterator in Object(input)
      ? [...(input as Iterable<[string, string]>)]
      : Object.entries(input as Record<string, string | null | undefined>);
  const qualifiers: Record<string, string> = {};
  for (const [written, value] of entries) {
    const key = written.toLowerCase();
    if (!QUALIFIER_KEY.test(key)) {
      throw new PurlError(
        raw,
        `qualifier key "${written}" is not valid (lowercase ASCII letters, digits, ".", "-" and "_", starting with a letter)`,
      );
    }
    if (value === undefined || value === null || value === '') continue;
    qualifiers[key] = value;
  }
  return qualifiers;
}

/** The machine-readable rules of the type's purl-spec definition. */
function applyTypeRule(p: PurlParts, rule: PurlTypeRule, raw: string, check: boolean): void {
  lowercaseByRule(p, rule);
  if (check) checkTypeRule(p, rule, raw);
}

/** The components the type definition says are case-insensitive, lowercased. */
function lowercaseByRule(p: PurlParts, rule: PurlTypeRule): void {
  if (rule.lowercaseNamespace && p.namespace) p.namespace = p.namespace.toLowerCase();
  if (rule.lowercaseName) p.name = p.name.toLowerCase();
  if (rule.lowercaseVersion && p.version) p.version = p.version.toLowerCase();
  if (rule.lowercaseSubpath && p.subpath) p.subpath = p.subpath.toLowerCase();
}

/** The type definition's checks: namespace required or prohibited, permitted characters, required qualifiers. */
function checkTypeRule(p: PurlParts, rule: PurlTypeRule, raw: string): void {
  if (rule.namespace === 'required' && !p.namespace && !namespaceMayBeMissing(p)) {
    throw new PurlError(raw, `a ${p.type} purl needs a namespace (purl-spec type definition)`);
  }
  if (rule.namespace === 'prohibited' && p.namespace) {
    throw new PurlError(
      raw,
      `a ${p.type} purl has no namespace (purl-spec type definition), yet "${p.namespace}" is given`,
    );
  }
  if (rule.namePattern && !new RegExp(rule.namePattern).test(p.name)) {
    throw new PurlError(raw, `"${p.name}" is not a valid ${p.type} name (${rule.namePattern})`);
  }
  if (rule.versionPattern && p.version && !new RegExp(rule.versionPattern).test(p.version)) {
    throw new PurlError(raw, `"${p.version}" is not a valid ${p.type} version (${rule.versionPattern})`);
  }
  for (const key of rule.requiredQualifiers) {
    if (!p.qualifiers[key])
      throw new PurlError(raw, `a ${p.type} purl needs the "${key}" qualifier (purl-spec type definition)`);
  }
}

/**
 * Deviations from "namespace required" (docs/api.md, "Package URLs"; no case of the purl-spec suite
 * is affected): a Go module path can be one element (pkg:golang/stdlib, pkg:golang/go.opencensus.io,
 * as syft and govulncheck write them), and distribution packages that name their distribution in
 * the distro qualifier instead (pkg:rpm/acl@2.3.1-3.el9?distro=almalinux-9.2, as cdxgen writes them).
 */
function namespaceMayBeMissing(p: PurlParts): boolean {
  if (p.type === 'golang') return true;
  return DISTRIBUTION_TYPES.has(p.type) && Boolean(p.qualifiers.distro);
}
const DISTRIBUTION_TYPES = new Set(['alpm', 'apk', 'deb', 'rpm']);

/** Rules the type definitions state in prose only ("normalization_rules" and notes). */
function applyTypeNotes(p: PurlParts, raw: string, check: boolean): void {
  switch (p.type) {
    case 'pypi': // "Replace underscore _ with dash -"
      p.name = p.name.replace(/_/g, '-');
      break;
    case 'pub': // dashes are underscores in pub names
      p.name = p.name.replace(/-/g, '_');
      break;
    case 'mlflow': // Databricks model names are case-insensitive (lowercased), Azure ML ones are not
      if (/databricks/i.test(p.qualifiers[REPOSITORY_URL] ?? '')) p.name = p.name.toLowerCase();
      break;
    case 'cpan': // the name is a distribution name, never a module name such as URI::PackageURL
      if (check && p.name.includes('::'))
        throw new PurlError(raw, `"${p.name}" is a module name; a cpan purl names the distribution`);
      break;
    case 'git': // the namespace is the host; the repository path on it is the name
      if (p.namespace?.includes('/')) {
        const [host, ...path] = p.namespace.split('/');
        p.name = `${path.join('/')}/${p.name}`;
        p.namespace = host;
      }
      break;
  }
}

/**
 * GUAC's oci mapping (a documented deviation from purl-spec, docs/api.md "Package URLs"): the
 * repository_url qualifier is the package namespace (a namespace written in the purl path is read
 * the same way, repository_url winning), without a trailing "/<name>"; it is rendered back as the
 * repository_url qualifier, never as a path namespace. So the GUAC package {oci, ghcr.io, debian}
 * is pkg:oci/debian?repository_url=ghcr.io, as GUAC prints it; purl-spec keeps "ghcr.io/debian".
 */
function ociRepositoryAsQualifier(p: PurlParts): void {
  let repository = p.qualifiers[REPOSITORY_URL] ?? p.namespace;
  delete p.qualifiers[REPOSITORY_URL];
  p.namespace = undefined;
  const suffix = `/${p.name}`;
  if (repository && repository.toLowerCase().endsWith(suffix.toLowerCase()))
    repository = repository.slice(0, -suffix.length);
  if (repository) p.qualifiers[REPOSITORY_URL] = repository;
}

function decode(text: string, raw: string, what: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new PurlError(raw, `the ${what} "${truncate(text)}" holds a malformed percent-encoding`);
  }
}

/**
 * Parses a purl string into canonical parts (ECMA-427 "how to parse", right to left); throws
 * PurlError with the reason. A "+" is a plus everywhere: percent-decoding never reads it as a space.
 */
export function parsePurl(input: string, options: PurlOptions = {}): PurlParts {
  if (typeof input !== 'string') throw new PurlError(String(input), 'it must start with "pkg:"');
  let rest = input;
  let subpath: string | undefined;
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    subpath = subpathSegments(rest.slice(hash + 1), input);
    rest = rest.slice(0, hash);
  }
  let qualifiers: [string, string][] = [];
  const question = rest.indexOf('?');
  if (question >= 0) {
    qualifiers = qualifierPairs(rest.slice(question + 1), input);
    rest = rest.slice(0, question);
  }
  const colon = rest.indexOf(':');
  if (colon < 0 || rest.slice(0, colon).toLowerCase() !== 'pkg')
    throw new PurlError(input, 'it must start with "pkg:"');
  // "pkg://" is tolerated: slashes after the scheme are not significant.
  rest = rest.slice(colon + 1).replace(/^\/+/, '');
  const slash = rest.indexOf('/');
  if (slash < 0) throw new PurlError(input, rest ? 'the name is missing' : 'the type is missing');
  const type = rest.slice(0, slash);
  if (!TYPE.test(type.toLowerCase())) {
    throw new PurlError(
      input,
      `type "${type}" is not a valid purl type (ASCII letters, digits, "." and "-", starting with a letter)`,
    );
  }
  rest = rest.slice(slash + 1);
  let version: string | undefined;
  const at = versionSeparator(rest);
  if (at >= 0) {
    version = decode(rest.slice(at + 1), input, 'version');
    rest = rest.slice(0, at);
    // "pkg:maven/@1.3.4", "pkg:swift/github.com/Alamofire/@5.4.3": a version with no name before it.
    if (rest === '' || rest.endsWith('/')) throw new PurlError(input, 'the name is missing before "@version"');
  }
  rest = rest.replace(/\/+$/, '');
  const lastSlash = rest.lastIndexOf('/');
  const name = decode(rest.slice(lastSlash + 1), input, 'name');
  if (!name) throw new PurlError(input, 'the name is missing');
  const namespace =
    lastSlash < 0
      ? undefined
      : rest
          .slice(0, lastSlash)
          .split('/')
          .filter((s) => s !== '')
          .map((s) => decodedSegment(s, input, 'namespace'))
          .join('/');
  return canonicalParts({ type, namespace, name, version, qualifiers, subpath }, input, options);
}

/**
 * Where "@version" starts: the last "@" of the path, unless it opens a segment that a later "/"
 * closes: that is an unencoded npm scope ("pkg:npm/@angular/core"), which real documents write.
 */
function versionSeparator(path: string): number {
  const at = path.lastIndexOf('@');
  if (at < 0) return -1;
  const opensSegment = at === 0 || path[at - 1] === '/';
  return opensSegment && path.includes('/', at) ? -1 : at;
}

function decodedSegment(segment: string, raw: string, what: string): string {
  const decoded = decode(segment, raw, what);
  if (decoded.includes('/')) throw new PurlError(raw, `a ${what} segment holds an encoded "/" ("${segment}")`);
  return decoded;
}

function subpathSegments(text: string, raw: string): string | undefined {
  const segments = text
    .split('/')
    .map((s) => decodedSegment(s, raw, 'subpath'))
    .filter((s) => s !== '' && s !== '.' && s !== '..');
  return segments.length ? segments.join('/') : undefined;
}

/** key=value pairs as written: keys are checked, not lowercased (ECMA-427: a key is lowercase). */
function qualifierPairs(text: string, raw: string): [string, string][] {
  const seen = new Set<string>();
  const pairs: [string, string][] = [];
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    if (!QUALIFIER_KEY.test(key)) {
      throw new PurlError(
        raw,
        `qualifier key "${key}" is not valid (lowercase ASCII letters, digits, ".", "-" and "_", starting with a letter)`,
      );
    }
    if (seen.has(key)) throw new PurlError(raw, `qualifier "${key}" is given twice`);
    seen.add(key);
    pairs.push([key, eq < 0 ? '' : decode(pair.slice(eq + 1), raw, `value of qualifier "${key}"`)]);
  }
  return pairs;
}

/**
 * ECMA-427 character encoding: alphanumerics, ".-_~" and ":" stay as they are, every other
 * character is percent-encoded as UTF-8 (a space as %20, "+" as %2B).
 */
function encode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%3A/g, ':');
}

const encodeSegments = (text: string): string => text.split('/').map(encode).join('/');

/** Renders canonical parts as the canonical purl string. */
export function formatPurl(p: PurlParts): string {
  let s = `pkg:${p.type}/`;
  if (p.namespace) s += `${encodeSegments(p.namespace)}/`;
  // A git name is the repository path on the host: its slashes separate, as in the namespace.
  s += p.type === 'git' ? encodeSegments(p.name) : encode(p.name);
  if (p.version) s += `@${encode(p.version)}`;
  const keys = Object.keys(p.qualifiers).sort();
  if (keys.length) s += '?' + keys.map((k) => `${k}=${encode(p.qualifiers[k])}`).join('&');
  if (p.subpath) s += `#${encodeSegments(p.subpath)}`;
  return s;
}

/**
 * Canonical forms of purls seen lately: consecutive builds of a service restate about 95 % of
 * their purls, and parsing and formatting them was a sixth of an SBOM's ingest (CPU profile of
 * the portfolio benchmark's ingest). Two generations, so a full one is dropped, not scanned.
 */
const RECENT_PURLS = 1 << 16;
let youngPurls = new Map<string, string>();
let oldPurls = new Map<string, string>();

export function canonicalPurl(input: string): string {
  let canonical = youngPurls.get(input) ?? oldPurls.get(input);
  if (canonical === undefined) canonical = formatPurl(parsePurl(input));
  else if (youngPurls.has(input)) return canonical;
  if (youngPurls.size >= RECENT_PURLS) {
    oldPurls = youngPurls;
    youngPurls = new Map();
  }
  youngPurls.set(input, canonical);
  return canonical;
}

/** A package *name*: the purl without version, qualifiers and subpath (docs/model.md, "Nodes"). */
export function packageNameOf(p: PurlParts): string {
  // An oci package's namespace is its repository_url (GUAC's mapping, see canonicalParts).
  const repository = p.type === 'oci' ? p.qualifiers[REPOSITORY_URL] : undefined;
  const qualifiers: Record<string, string> = repository ? { [REPOSITORY_URL]: repository } : {};
  return formatPurl({ type: p.type, namespace: p.namespace, name: p.name, qualifiers });
}
