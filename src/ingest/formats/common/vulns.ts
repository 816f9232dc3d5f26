// Helpers shared by the formats that speak about vulnerabilities (OSV, the scanners, OpenVEX,
// CycloneDX VDR/VEX): vulnerability refs, and de-duplicated metadata/alias/finding emission so
// a vulnerability named by many findings gets one metadata fact.
import { FactsBuilder, type ScanMetadata, type VulnRef } from '../../../model/facts.js';
import { canonicalVulnId, vulnTypeOf } from '../../../model/vulnerability.js';
import { cvssRating, highestRating, labelRating, vectorRating } from '../../../vuln/severity.js';

export function vulnRef(id: string): VulnRef {
  return { type: vulnTypeOf(id), id: canonicalVulnId(id) };
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
  /** A one-line title, when the report gives one apart from the description. */
  summary?: string;
  /** When the vulnerability was published, as the report says. */
  published?: string;
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
      ...(info.summary ? { summary: info.summary } : {}),
      ...(info.published ? { published: info.published } : {}),
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
