// OpenVEX documents (https://github.com/openvex/spec): each statement says whether products are
// affected by a vulnerability. Mapping (after GUAC's open_vex parser):
//   - one VexFact per (statement, product); products are purls ("@id" or identifiers.purl) or
//     digests (hashes, or a bare "sha256:…" id). Subcomponents narrow where in the product the
//     vulnerable code is; the statement is about the product, so they are named in statusNotes.
//   - status not_affected/affected/fixed/under_investigation → VexStatus; anything else rejects
//     the document (as GUAC does).
//   - knownSince: the statement's timestamp, else the document's, else the ingest time.
//   - statement text: impact_statement (not_affected), action_statement (affected), else "statement".
//   - an "affected" statement about a package also certifies the vulnerability for it (GUAC
//     does this for affected and under_investigation; under_investigation is not a finding, so
//     we do not).
//   - a pkg:oci purl whose version is a digest also names the image artifact: IsOccurrence.
//   - legacy documents (pre-0.2.0 context): "vulnerability" and "products" are plain strings.
import {
  DocumentError,
  FactsBuilder,
  type DocumentFacts,
  type NodeRef,
  type ScanMetadata,
  type VexStatus,
} from '../../../model/facts.js';
import { canonicalArtifact, DigestError } from '../../../model/artifact.js';
import { parsePurl, formatPurl } from '../../../model/purl.js';
import { jsonText } from '../../json-reader.js';
import type { FormatParser, ParseContext, SniffedDocument } from '../types.js';
import { isObject, isoUtc, str, VulnFacts, vulnRef } from '../scanners/common.js';

export const OPENVEX_FORMAT = 'openvex';

const STATUS: Record<string, VexStatus> = {
  not_affected: 'NOT_AFFECTED',
  affected: 'AFFECTED',
  fixed: 'FIXED',
  under_investigation: 'UNDER_INVESTIGATION',
};

export function isOpenVex(json: unknown): json is Record<string, unknown> & { statements: unknown[] } {
  return (
    isObject(json) &&
    typeof json['@context'] === 'string' &&
    /^https?:\/\/openvex\.dev\/ns/.test(json['@context']) &&
    Array.isArray(json.statements)
  );
}

type Subject = NodeRef & { kind: 'package' | 'artifact' };

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

interface Product {
  path: string;
  label: string;
  subjects: Subject[];
  ociDigest?: string;
  subcomponents: string[];
}

/** Reads one product entry (string in legacy documents, object otherwise). */
function readProduct(p: unknown, path: string): Product | { path: string; reason: string } {
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

export const openvexParser: FormatParser = {
  name: OPENVEX_FORMAT,
  detect: (doc: SniffedDocument) => isOpenVex(doc.json),
  parse(doc: SniffedDocument, ctx: ParseContext): DocumentFacts {
    const json = doc.json;
    if (!isOpenVex(json)) throw new DocumentError('', 'not an OpenVEX document');
    const builder = new FactsBuilder(OPENVEX_FORMAT);
    const vulns = new VulnFacts(builder);
    const occurrences = new Set<string>();
    const docTime = isoUtc(json.timestamp) ?? isoUtc(json.last_updated);
    if (json.timestamp !== undefined && !isoUtc(json.timestamp))
      throw new DocumentError('/timestamp', 'not an RFC 3339 time');
    json.statements.forEach((s, i) => {
      const path = `/statements/${i}`;
      if (!isObject(s)) throw new DocumentError(path, 'a statement must be an object');
      // Vulnerability: a string (legacy) or {name, @id, aliases, description}.
      const v = s.vulnerability;
      const vulnId = typeof v === 'string' ? str(v) : isObject(v) ? str(v.name) : undefined;
      if (!vulnId) throw new DocumentError(`${path}/vulnerability`, 'a statement needs a vulnerability name');
      const statusText = str(s.status);
      const status = statusText ? STATUS[statusText] : undefined;
      if (!status)
        throw new DocumentError(
          `${path}/status`,
          `status "${statusText ?? ''}" is not one of ${Object.keys(STATUS).join(', ')}`,
        );
      if (s.timestamp !== undefined && !isoUtc(s.timestamp))
        throw new DocumentError(`${path}/timestamp`, 'not an RFC 3339 time');
      const knownSince = isoUtc(s.timestamp) ?? docTime ?? isoUtc(s.last_updated) ?? ctx.now;
      if (isObject(v)) {
        for (const alias of Array.isArray(v.aliases) ? v.aliases : []) {
          if (typeof alias === 'string' && alias.trim()) vulns.equal(vulnId, alias, 'OpenVEX vulnerability aliases');
        }
        if (str(v.description)) vulns.metadata(vulnId, { description: str(v.description) });
      }
      const products = Array.isArray(s.products) ? s.products : [];
      if (products.length === 0) {
        builder.skip(path, 'statement has no products');
        return;
      }
      const statement =
        status === 'NOT_AFFECTED'
          ? (str(s.impact_statement) ?? str(s.statement))
          : status === 'AFFECTED'
            ? (str(s.action_statement) ?? str(s.statement))
            : str(s.statement);
      products.forEach((p, j) => {
        const product = readProduct(p, `${path}/products/${j}`);
        if ('reason' in product) {
          builder.skip(product.path, product.reason);
          return;
        }
        const notes =
          [
            str(s.status_notes),
            product.subcomponents.length ? `subcomponents: ${product.subcomponents.join(', ')}` : undefined,
          ]
            .filter(Boolean)
            .join('; ') || undefined;
        for (const subject of product.subjects) {
          builder.vex({
            subject,
            vulnerability: vulnRef(vulnId),
            status,
            justification: str(s.justification),
            statement,
            statusNotes: notes,
            knownSince,
          });
          if (status === 'AFFECTED' && subject.kind === 'package') {
            const scan: ScanMetadata = {
              scannerUri: str(json['@id']) ?? 'https://openvex.dev',
              scannerVersion: jsonText(json.version),
              dbUri: '',
              dbVersion: '',
              timeScanned: knownSince,
            };
            vulns.finding(subject.purl, vulnId, scan);
          }
          if (
            subject.kind === 'package' &&
            product.ociDigest &&
            !occurrences.has(`${product.ociDigest} ${subject.purl}`)
          ) {
            occurrences.add(`${product.ociDigest} ${subject.purl}`);
            builder.occurrence({
              artifact: product.ociDigest,
              subject,
              justification: 'OpenVEX product is an OCI image purl whose version is the image digest',
            });
          }
        }
      });
    });
    return builder.facts;
  },
};
