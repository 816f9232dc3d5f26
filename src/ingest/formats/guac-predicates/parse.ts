// GUAC ingest-predicates shape validation: the document root, and the readers of what
// predicates share (package, artifact, source and vulnerability inputs, times, origins). Each
// predicate maps one to one onto a fact, so translate.ts reads its own fields with these
// readers as it states the fact; every refusal names the JSON pointer of the wrong field.
import { DocumentError, type FactOrigin, type NodeRef, type VulnRef } from '../../../model/facts.js';
import { canonicalParts, formatPurl, PurlError } from '../../../model/purl.js';
import { canonicalArtifact, DigestError } from '../../../model/artifact.js';
import { formatSource } from '../../../model/source.js';
import { canonicalVulnId } from '../../../model/vulnerability.js';
import { isoUtc } from '../common/dates.js';
import { isObject, JsonReader } from '../common/json.js';
import { PREDICATE_KEYS } from './detect.js';

/** An artifact reference that names no artifact (empty algorithm or digest, control characters). */
export class UnusableArtifact extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** The document root: an object whose every key is an ingest-predicates field. */
export function parseIngestPredicatesRoot(json: unknown): JsonReader {
  const root = new JsonReader(json, '');
  root.object();
  for (const key of Object.keys(json as object)) {
    if (!(PREDICATE_KEYS as readonly string[]).includes(key))
      throw new DocumentError(`/${key}`, 'is not an ingest-predicates field');
  }
  return root;
}

/** An optional free-text field; empty text counts as absent. */
export function text(r: JsonReader, key: string): string | undefined {
  return r.field(key).optionalString() || undefined;
}

/** A field that optionalString reads without complaint, spelled so that absence differs from any text. */
function plainKeyPart(v: unknown): string | undefined {
  if (v === undefined || v === null) return '-';
  return typeof v === 'string' ? `${v.length}:${v}` : undefined;
}

/**
 * The memo key of a package input in the plain shape (string fields, a list of string
 * qualifiers), or undefined for anything else, which takes the full, validating path.
 */
function plainPackageKey(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const { type, name, qualifiers } = value;
  if (typeof type !== 'string' || type === '' || typeof name !== 'string' || name === '') return undefined;
  let key = `${type.length}:${type}${name.length}:${name}`;
  for (const field of ['namespace', 'version', 'subpath']) {
    const part = plainKeyPart(value[field]);
    if (part === undefined) return undefined;
    key += part;
  }
  if (qualifiers !== undefined && qualifiers !== null) {
    if (!Array.isArray(qualifiers)) return undefined;
    for (const q of qualifiers) {
      if (!isObject(q) || typeof q.key !== 'string' || q.key === '') return undefined;
      const v = plainKeyPart(q.value);
      if (v === undefined) return undefined;
      key += `q${q.key.length}:${q.key}${v}`;
    }
  }
  return key;
}

/**
 * A package input (PkgInputSpec) as a canonical purl. With `memo` (one per document), a package
 * met again in the same plain shape skips canonicalisation: a GUAC document names the same few
 * hundred packages across thousands of predicates. Refusals always come from the full path.
 */
export function pkg(r: JsonReader, memo?: Map<string, string>): string {
  const key = memo && plainPackageKey(r.value);
  if (key === undefined) return canonicalPackage(r);
  let purl = memo!.get(key);
  if (purl === undefined) memo!.set(key, (purl = canonicalPackage(r)));
  return purl;
}

function canonicalPackage(r: JsonReader): string {
  r.object();
  const qualifiers: Record<string, string> = {};
  const q = r.field('qualifiers');
  if (!q.isAbsent()) {
    q.array().forEach((item) => {
      qualifiers[item.field('key').string()] = item.field('value').stringOr('');
    });
  }
  try {
    return formatPurl(
      canonicalParts({
        type: r.field('type').string(),
        namespace: r.field('namespace').optionalString(),
        name: r.field('name').string(),
        version: r.field('version').optionalString(),
        qualifiers,
        subpath: r.field('subpath').optionalString(),
      }),
    );
  } catch (err) {
    if (err instanceof PurlError) throw new DocumentError(r.path, err.message);
    throw err;
  }
}

/** GUAC keeps any artifact it is given; one that names nothing (an empty part) leaves out its predicate. */
export function artifact(r: JsonReader): string {
  r.object();
  try {
    return canonicalArtifact(r.field('algorithm').stringOr(''), r.field('digest').stringOr(''));
  } catch (err) {
    if (err instanceof DigestError) throw new UnusableArtifact(r.path, err.message);
    throw err;
  }
}

/** A source input (SourceInputSpec) as its URL. */
export function source(r: JsonReader): string {
  r.object();
  return formatSource({
    type: r.field('type').string(),
    namespace: r.field('namespace').string(),
    name: r.field('name').string(),
  });
}

/** A vulnerability input; null for GUAC's "novuln" (a clean scan). */
export function vuln(r: JsonReader): VulnRef | null {
  r.object();
  const type = r.field('type').string().trim().toUpperCase();
  if (type === 'NOVULN') return null;
  return { type, id: canonicalVulnId(r.field('vulnerabilityID').string()) };
}

export function requiredVuln(r: JsonReader): VulnRef {
  const v = vuln(r);
  if (!v) throw new DocumentError(r.path, 'type "novuln" is not allowed here');
  return v;
}

export function origin(r: JsonReader): FactOrigin {
  if (r.isAbsent()) return {};
  r.object();
  return {
    origin: text(r, 'origin'),
    collector: text(r, 'collector'),
  };
}

export function time(r: JsonReader): string | undefined {
  const text = r.optionalString();
  if (!text) return undefined;
  const iso = isoUtc(text);
  if (iso === undefined) throw new DocumentError(r.path, `"${text}" is not an RFC 3339 time`);
  return iso;
}

/** Exactly one of the named subject fields. */
export function oneOf(r: JsonReader, pkgKey: string | null, artKey: string | null, srcKey: string | null): NodeRef {
  const refs: NodeRef[] = [];
  if (pkgKey && !r.field(pkgKey).isAbsent()) refs.push({ kind: 'package', purl: pkg(r.field(pkgKey)) });
  if (artKey && !r.field(artKey).isAbsent()) refs.push({ kind: 'artifact', digest: artifact(r.field(artKey)) });
  if (srcKey && !r.field(srcKey).isAbsent()) refs.push({ kind: 'source', url: source(r.field(srcKey)) });
  const names = [pkgKey, artKey, srcKey].filter(Boolean).join('" or "');
  if (refs.length !== 1) throw new DocumentError(r.path, `needs exactly one of "${names}"`);
  return refs[0];
}
