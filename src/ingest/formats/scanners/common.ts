// Helpers shared by the vulnerability-bearing parsers (OSV, osv-scanner, Grype, Trivy, OpenVEX,
// Scorecard): vulnerability refs, ISO timestamps, purl fallbacks, and de-duplicated
// metadata/alias emission so a vulnerability named by many findings gets one metadata fact.
import { FactsBuilder, type ScanMetadata, type VulnRef } from '../../../model/facts.js';
import { canonicalPurl, canonicalParts, formatPurl, type PurlParts } from '../../../model/purl.js';
import { canonicalVulnId, vulnTypeOf } from '../../../model/vulnerability.js';
import { cvssRating, highestRating, labelRating, vectorRating } from '../../../vuln/severity.js';

export function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export function str(x: unknown): string | undefined {
  return typeof x === 'string' && x.trim() !== '' ? x.trim() : undefined;
}

export function vulnRef(id: string): VulnRef {
  return { type: vulnTypeOf(id), id: canonicalVulnId(id) };
}

/**
 * ISO 8601 UTC ("…Z") from RFC 3339 text, including nanosecond fractions and offsets that
 * Date cannot take verbatim, and bare dates ("2022-06-01" → midnight UTC). Undefined if unreadable.
 */
export function isoUtc(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) {
    const d = new Date(`${t}T00:00:00Z`);
    return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
  }
  const m = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})?$/.exec(t);
  if (!m) return undefined;
  const frac = m[3] ? m[3].slice(0, 4).padEnd(4, '0') : '';
  const zone = !m[4] || /z/i.test(m[4]) ? 'Z' : m[4].length === 5 ? `${m[4].slice(0, 3)}:${m[4].slice(3)}` : m[4];
  const d = new Date(`${m[1]}T${m[2].length === 5 ? `${m[2]}:00` : m[2]}${frac}${zone}`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** Canonical purl or undefined (reports sometimes carry malformed purls; callers fall back). */
export function tryCanonicalPurl(purl: unknown): string | undefined {
  if (typeof purl !== 'string' || !purl.trim()) return undefined;
  try {
    return canonicalPurl(purl.trim());
  } catch {
    return undefined;
  }
}

export function tryFormatParts(parts: PurlParts | undefined): string | undefined {
  if (!parts) return undefined;
  try {
    return formatPurl(canonicalParts(parts));
  } catch {
    return undefined;
  }
}

/** First non-empty line of a text, without Markdown heading marks. */
export function firstLine(text: string | undefined): string | undefined {
  if (!text) return undefined;
  for (const line of text.split(/\r?\n/)) {
    const l = line.replace(/^#+\s*/, '').trim();
    if (l) return l;
  }
  return undefined;
}

export interface VulnInfo {
  description?: string;
  /** Labels the report gives (scanner or database), e.g. "Negligible", "MODERATE". */
  labels?: (string | undefined)[];
  /** CVSS vectors; each is scored. */
  vectors?: string[];
  /** CVSS base scores stated without a usable vector (e.g. CycloneDX ratings). */
  scores?: { scoreType?: string; score: number }[];
  timestamp?: string;
  /** Advisory and reference URLs the report gives for the vulnerability. */
  references?: string[];
  /**
   * Severity to state when there is neither a usable label nor a CVSS rating: UNKNOWN for sources
   * that are authoritative about the vulnerability (advisories, scanners); left unset otherwise (a
   * VEX description must not overwrite a severity learnt elsewhere).
   */
  defaultSeverity?: 'UNKNOWN';
}

/**
 * Emits facts for vulnerabilities and findings, once per distinct vulnerability / pair, so
 * a report that names a CVE for 40 packages yields 40 CertifyVulns but one VulnMetadata.
 */
export class VulnFacts {
  private readonly metadataSeen = new Set<string>();
  private readonly equalSeen = new Set<string>();
  private readonly findingSeen = new Set<string>();

  constructor(readonly builder: FactsBuilder) {}

  metadata(id: string, info: VulnInfo): void {
    const ref = vulnRef(id);
    const key = `${ref.type}:${ref.id}`;
    if (this.metadataSeen.has(key)) return;
    // The document's label and CVSS rating, each the highest it gives (src/vuln/severity.ts).
    const label = highestRating((info.labels ?? []).map(labelRating));
    const cvss = highestRating([
      ...(info.vectors ?? []).map(vectorRating),
      ...(info.scores ?? []).map((s) => cvssRating(s.scoreType, s.score)),
    ]);
    const severity = highestRating([label, cvss])?.severity ?? info.defaultSeverity;
    const references = info.references?.length ? [...new Set(info.references)] : undefined;
    if (!info.description && !cvss && !references && (severity === undefined || severity === 'UNKNOWN')) return; // nothing worth recording
    this.metadataSeen.add(key);
    this.builder.vulnMetadata({
      vulnerability: ref,
      severity,
      scoreType: cvss?.scoreType,
      scoreValue: cvss?.score,
      description: info.description,
      timestamp: info.timestamp,
      ...(references ? { references } : {}),
    });
  }

  /** VulnEqual between two ids (skipped when they are the same vulnerability). */
  equal(id: string, other: string, justification: string): void {
    const a = vulnRef(id),
      b = vulnRef(other);
    if (a.type === b.type && a.id === b.id) return;
    const [x, y] = `${a.type}:${a.id}` < `${b.type}:${b.id}` ? [a, b] : [b, a];
    const key = `${x.type}:${x.id}|${y.type}:${y.id}`;
    if (this.equalSeen.has(key)) return;
    this.equalSeen.add(key);
    this.builder.vulnEqual({ vulnerability: a, equal: b, justification });
  }

  /** CertifyVuln for (package, vulnerability); `id` null records a clean scan. */
  finding(purl: string, id: string | null, scan: ScanMetadata): void {
    const ref = id === null ? null : vulnRef(id);
    const key = `${purl}|${ref ? `${ref.type}:${ref.id}` : ''}`;
    if (this.findingSeen.has(key)) return;
    this.findingSeen.add(key);
    this.builder.certifyVuln({ package: purl, vulnerability: ref, scan });
  }
}
