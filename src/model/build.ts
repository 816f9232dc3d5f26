// Builds and projects (docs/api.md, "Projects and builds"): every stored SBOM is a build; a build
// belongs to the project named at upload or derived from its subject, and carries what the upload
// says about it (version, commit, branch, build URL, when it was built, labels of its project).
import type { DocumentFacts } from './facts.js';
import { parsePurl, type PurlParts } from './purl.js';

/** What an upload (or `supplygraph ingest`) says about the builds it sends; every field optional. */
export interface BuildInput {
  project?: string;
  version?: string;
  commit?: string;
  branch?: string;
  buildUrl?: string;
  /** RFC 3339; orders the project's builds (its latest) instead of the ingest time. */
  builtAt?: string;
  /** Set on the project (a later value of a key replaces the earlier one). */
  labels?: Readonly<Record<string, string>>;
}

/** A build as the writer records it: the input with what the document adds, and its order key. */
export interface BuildRecord {
  /** null: no project could be derived; the build stays unassigned until moved. */
  project: string | null;
  version: string | null;
  commit: string | null;
  branch: string | null;
  buildUrl: string | null;
  /** ISO 8601 UTC: the upload's builtAt, or the ingest time. */
  builtAt: string;
  labels: Readonly<Record<string, string>>;
}

/** Longest project name, label key or value, or build field accepted (B-tree keys stay small). */
export const MAX_BUILD_TEXT = 512;

/** A build field the caller gave that cannot be used: the field names the parameter. */
export class BuildInputError extends Error {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}

/** The input checked and normalised (text trimmed, builtAt in ISO 8601 UTC); throws BuildInputError. */
export function checkBuildInput(input: BuildInput): BuildInput {
  const out: BuildInput = {};
  for (const field of ['project', 'version', 'commit', 'branch', 'buildUrl'] as const) {
    const value = input[field];
    if (value !== undefined) out[field] = checkedText(field, value);
  }
  if (input.builtAt !== undefined) out.builtAt = checkedTime(input.builtAt);
  if (input.labels !== undefined) out.labels = checkedLabels(input.labels);
  return out;
}

function checkedText(field: string, value: string): string {
  const text = value.trim();
  if (text === '') throw new BuildInputError(field, 'must not be empty');
  if (text.length > MAX_BUILD_TEXT) throw new BuildInputError(field, `longer than ${MAX_BUILD_TEXT} characters`);
  if (/\p{Cc}/u.test(text)) throw new BuildInputError(field, 'must not contain control characters');
  return text;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

function checkedTime(value: string): string {
  const time = Date.parse(value);
  if (!RFC3339.test(value) || Number.isNaN(time)) {
    throw new BuildInputError('builtAt', `"${value}" is not an RFC 3339 date-time (e.g. 2026-11-27T10:00:00Z)`);
  }
  return new Date(time).toISOString();
}

function checkedLabels(labels: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(labels)) {
    if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key)) {
      throw new BuildInputError('label', `"${key}" is not a label key (letters, digits, ".", "_", "-", "/")`);
    }
    out[checkedText(`label ${key}`, key)] = checkedText(`label ${key}`, value);
  }
  return out;
}

/** Labels from "key=value" (or "key:value") texts, as ?label= and --label give them. */
export function parseLabels(texts: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const text of texts) {
    const at = text.search(/[=:]/);
    if (at <= 0) throw new BuildInputError('label', `"${text}" is not key=value`);
    out[text.slice(0, at).trim()] = text.slice(at + 1);
  }
  return out;
}

/** The build a stored SBOM document records; undefined for a document without an SBOM. */
export function buildOf(facts: DocumentFacts, input: BuildInput, ingestedAt: string): BuildRecord | undefined {
  if (!facts.sboms[0]) return undefined;
  return buildFromSubject(subjectPurl(facts), input, ingestedAt);
}

/** The build of an SBOM whose subject has this purl (undefined: none known). */
export function buildFromSubject(subject: string | undefined, input: BuildInput, ingestedAt: string): BuildRecord {
  const parts = subject === undefined ? undefined : parsedOrUndefined(subject);
  return {
    project: input.project ?? (parts ? projectNameOf(parts) : null),
    version: input.version ?? parts?.version ?? null,
    commit: input.commit ?? null,
    branch: input.branch ?? null,
    buildUrl: input.buildUrl ?? null,
    builtAt: input.builtAt ?? new Date(ingestedAt).toISOString(),
    labels: input.labels ?? {},
  };
}

/** The SBOM subject's purl: the subject itself, or the package the document says its artifact is. */
function subjectPurl(facts: DocumentFacts): string | undefined {
  const subject = facts.sboms[0].subject;
  if (subject.kind === 'package') return subject.purl;
  const named = facts.occurrences.find((o) => o.artifact === subject.digest && o.subject.kind === 'package');
  return named?.subject.kind === 'package' ? named.subject.purl : undefined;
}

function parsedOrUndefined(purl: string): PurlParts | undefined {
  try {
    return parsePurl(purl);
  } catch {
    return undefined;
  }
}

/**
 * A project name from a subject purl: an OCI image's repository (its repository_url qualifier
 * without a tag, ending in the name), else the namespace and name, decoded ("@acme/orders", "com.acme/billing",
 * "ghcr.io/acme/api"). A name ingest made up (pkg:guac) is read as an image reference, its tag
 * or digest dropped ("registry.k8s.io/coredns/coredns:v1.9.3" → "registry.k8s.io/coredns/coredns").
 * null when no two builds would share the name: a subject-less CycloneDX BOM (pkg:guac/cdx/<serial>)
 * or a name made of a digest ("sha256:…", "sbom-sha256:…").
 */
export function projectNameOf(purl: PurlParts): string | null {
  if (purl.type === 'oci' && purl.qualifiers.repository_url)
    return ociRepository(purl.qualifiers.repository_url, purl.name);
  if (purl.type !== 'guac') return purl.namespace ? `${purl.namespace}/${purl.name}` : purl.name;
  const [kind, ...path] = (purl.namespace ?? '').split('/');
  if (kind === 'cdx' && path.length === 0) return null;
  const name = withoutReference([...path, purl.name].join('/'));
  return name === null || name === '' ? null : name;
}

/** The image repository of an OCI purl: its repository_url, which may leave out the name (the canonical form does). */
function ociRepository(url: string, name: string): string | null {
  const base = withoutReference(url);
  if (base === null) return null;
  return base.slice(base.lastIndexOf('/') + 1) === name ? base : `${base}/${name}`;
}

const DIGEST_TEXT = /(^|[^a-z0-9])(sha256|sha512|sha1)$|^[0-9a-f]{32,}$/i;

/** An image reference without its tag or digest; null when what is left names a digest. */
function withoutReference(ref: string): string | null {
  const slash = ref.lastIndexOf('/');
  const colon = ref.indexOf(':', slash + 1);
  const at = ref.indexOf('@', slash + 1);
  const cut = [colon, at].filter((i) => i >= 0);
  const repository = cut.length ? ref.slice(0, Math.min(...cut)) : ref;
  const last = repository.slice(slash + 1);
  return DIGEST_TEXT.test(last) ? null : repository;
}
