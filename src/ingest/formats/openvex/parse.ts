// OpenVEX shape validation: every statement needs a vulnerability name, a known status and
// readable timestamps (else the document is refused, as GUAC does); products that are neither a
// purl nor a digest are kept with the reason they will be skipped for.
import { DocumentError, type NodeRef, type VexStatus } from '../../../model/facts.js';
import { canonicalArtifact, DigestError } from '../../../model/artifact.js';
import { parsePurl, formatPurl } from '../../../model/purl.js';
import { isoUtc } from '../common/dates.js';
import { isObject, jsonText, str, type Json } from '../common/json.js';
import { isOpenVex } from './detect.js';
import { lookupTable } from '../../../model/lookup-table.js';

const STATUS = lookupTable<VexStatus>({
  not_affected: 'NOT_AFFECTED',
  affected: 'AFFECTED',
  fixed: 'FIXED',
  under_investigation: 'UNDER_INVESTIGATION',
});

export interface OpenVexStatement {
  path: string;
  vulnerability: string;
  /** Aliases and description, when the vulnerability is an object (not a legacy string). */
  aliases: string[];
  description?: string;
  status: VexStatus;
  justification?: string;
  /** impact_statement (not_affected), action_statement (affected), else "statement". */
  statement?: string;
  statusNotes?: string;
  knownSince: string;
  /** Each product entry, read, or with the reason it is skipped for. */
  products: (Product | Unusable)[];
}

export interface OpenVexDocument {
  /** The document's @id and version, which name the "scan" of an affected statement. */
  id?: string;
  version: string;
  statements: OpenVexStatement[];
}

interface Unusable {
  path: string;
  reason: string;
}

export type Subject = NodeRef & { kind: 'package' | 'artifact' };

/** A product identifier (purl or digest) → graph subject(s); undefined when it is neither. */
function subjectsOf(id: string): { subjects: Subject[]; ociDigest?: string } | undefined {
  const text = id.trim();
  if (/^pkg:/i.test(text)) {
    try {
      const parts = parsePurl(text);
      const purl = formatPurl(parts);
      let ociDigest: string | undefined;
      if (parts.type === 'oci' && parts.version && /^[a-z0-9]+:[0-9a-f]{32,}$/i.test(parts.version)) {
        const [alg, value] = parts.version.split(':');
        ociDigest = canonicalArtifact(alg, value);
      }
      return { subjects: [{ kind: 'package', purl }], ociDigest };
    } catch {
      return undefined;
    }
  }
  const digest = /^([a-z0-9-]+):([0-9a-f]{32,})$/i.exec(text);
  if (digest) {
    try {
      return { subjects: [{ kind: 'artifact', digest: canonicalArtifact(digest[1], digest[2]) }] };
    } catch (err) {
      if (err instanceof DigestError) return undefined;
      throw err;
    }
  }
  return undefined;
}

export interface Product {
  path: string;
  label: string;
  subjects: Subject[];
  ociDigest?: string;
  subcomponents: string[];
}

/** Reads one product entry (string in legacy documents, object otherwise). */
function readProduct(p: unknown, path: string): Product | Unusable {
  if (typeof p === 'string') {
    const s = subjectsOf(p);
    return s
      ? { path, label: p, ...s, subcomponents: [] }
      : { path, reason: `product "${p}" is neither a purl nor a digest` };
  }
  if (!isObject(p)) return { path, reason: 'a product must be a string or an object' };
  const subjects: Subject[] = [];
  let ociDigest: string | undefined;
  const ids = [str(p['@id']), isObject(p.identifiers) ? str(p.identifiers.purl) : undefined].filter(
    (x): x is string => !!x,
  );
  for (const id of ids) {
    const s = subjectsOf(id);
    if (!s) continue;
    subjects.push(...s.subjects);
    ociDigest ??= s.ociDigest;
  }
  if (isObject(p.hashes)) {
    for (const [alg, value] of Object.entries(p.hashes)) {
      if (typeof value !== 'string') continue;
      try {
        subjects.push({ kind: 'artifact', digest: canonicalArtifact(alg, value) });
      } catch (err) {
        if (!(err instanceof DigestError)) throw err;
      }
    }
  }
  const unique = [...new Map(subjects.map((s) => [s.kind === 'package' ? s.purl : s.digest, s])).values()];
  const label = str(p['@id']) ?? str(p.name) ?? '(unnamed product)';
  if (unique.length === 0) return { path, reason: `product ${label} has no purl or digest` };
  const subcomponents = Array.isArray(p.subcomponents)
    ? p.subcomponents
        .map((c) =>
          isObject(c) ? (str(c['@id']) ?? (isObject(c.identifiers) ? str(c.identifiers.purl) : undefined)) : str(c),
        )
        .filter((x): x is string => !!x)
    : [];
  return { path, label, subjects: unique, ociDigest, subcomponents };
}

export function parseOpenVex(json: unknown, now: string): OpenVexDocument {
  if (!isOpenVex(json)) throw new DocumentError('', 'not an OpenVEX document');
  const docTime = isoUtc(json.timestamp) ?? isoUtc(json.last_updated);
  if (json.timestamp !== undefined && !isoUtc(json.timestamp))
    throw new DocumentError('/timestamp', 'not an RFC 3339 time');
  const statements = json.statements.map((s, i) => parseStatement(s, `/statements/${i}`, docTime, now));
  return { id: str(json['@id']), version: jsonText(json.version), statements };
}

/** The vulnerability's name: a string (legacy) or {name, @id, aliases, description}. */
function vulnerabilityName(v: unknown, path: string): string {
  const vulnerability = typeof v === 'string' ? str(v) : isObject(v) ? str(v.name) : undefined;
  if (!vulnerability) throw new DocumentError(`${path}/vulnerability`, 'a statement needs a vulnerability name');
  return vulnerability;
}

function statusOf(s: Json, path: string): VexStatus {
  const statusText = str(s.status);
  const status = statusText ? STATUS[statusText] : undefined;
  if (!status)
    throw new DocumentError(
      `${path}/status`,
      `status "${statusText ?? ''}" is not one of ${Object.keys(STATUS).join(', ')}`,
    );
  return status;
}

/** impact_statement (not_affected), action_statement (affected), else "statement". */
function statementOf(s: Json, status: VexStatus): string | undefined {
  if (status === 'NOT_AFFECTED') return str(s.impact_statement) ?? str(s.statement);
  if (status === 'AFFECTED') return str(s.action_statement) ?? str(s.statement);
  return str(s.statement);
}

function parseStatement(s: unknown, path: string, docTime: string | undefined, now: string): OpenVexStatement {
  if (!isObject(s)) throw new DocumentError(path, 'a statement must be an object');
  const v = s.vulnerability;
  const vulnerability = vulnerabilityName(v, path);
  const status = statusOf(s, path);
  if (s.timestamp !== undefined && !isoUtc(s.timestamp))
    throw new DocumentError(`${path}/timestamp`, 'not an RFC 3339 time');
  const aliases = isObject(v) && Array.isArray(v.aliases) ? v.aliases : [];
  const products = Array.isArray(s.products) ? s.products : [];
  return {
    path,
    vulnerability,
    aliases: aliases.filter((a): a is string => typeof a === 'string' && a.trim() !== ''),
    description: isObject(v) ? str(v.description) : undefined,
    status,
    justification: str(s.justification),
    statement: statementOf(s, status),
    statusNotes: str(s.status_notes),
    knownSince: isoUtc(s.timestamp) ?? docTime ?? isoUtc(s.last_updated) ?? now,
    products: products.map((p, j) => readProduct(p, `${path}/products/${j}`)),
  };
}
