// Helpers shared by the formats that speak about vulnerabilities (OSV, the scanners, OpenVEX,
// CycloneDX VDR/VEX): vulnerability refs, and de-duplicated metadata/alias/finding emission so
// a vulnerability named by many findings gets one metadata fact.
import {
  FactsBuilder,
  type ScanMetadata,
  type SeverityRatingFact,
  type VulnMetadataFact,
  type VulnRef,
} from '../../../model/facts.js';
import { canonicalVulnId, vulnTypeOf } from '../../../model/vulnerability.js';
import { canonicalSource, UNSPECIFIED } from '../../../vuln/rating-sources.js';
import { cvssRating, highestRating, labelRating, vectorRating, type Rating } from '../../../vuln/severity.js';

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

/** One source's rating as a document gives it: a label, a CVSS vector or a stated CVSS score (any of them). */
export interface RatingInput {
  /** As the document names the source (canonicalSource spells it); none: `unspecified`. */
  source: string | undefined;
  label?: string;
  vector?: string;
  /** A stated base score: used when there is no usable vector. */
  scoreType?: string;
  score?: number;
}

export interface VulnInfo {
  description?: string;
  /** Labels the report gives (scanner or database), e.g. "Negligible", "MODERATE". */
  labels?: (string | undefined)[];
  /** CVSS vectors; each is scored. */
  vectors?: string[];
  /** CVSS base scores stated without a usable vector (e.g. CycloneDX ratings). */
  scores?: { scoreType?: string; score: number }[];
  /** Who gave `labels`, `vectors` and `scores` (the stored ratings' source when `ratings` is absent). */
  source?: string;
  /**
   * The ratings with their sources, when the document names a source per rating (Trivy's
   * VendorSeverity and CVSS, Grype's namespaces and cvss sources): these are stored as the
   * ratings; `labels`, `vectors` and `scores` then only give the summary (`severity`, `scoreValue`).
   */
  ratings?: RatingInput[];
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
  /** The metadata stated so far, by vulnerability: a later mention adds its ratings only. */
  private readonly metadataSeen = new Map<string, VulnMetadataFact>();
  private readonly equalSeen = new Set<string>();
  private readonly findingSeen = new Set<string>();

  constructor(readonly builder: FactsBuilder) {}

  metadata(id: string, info: VulnInfo): void {
    const ref = vulnRef(id);
    const key = `${ref.type}:${ref.id}`;
    const ratings = sourcedRatings(info);
    const seen = this.metadataSeen.get(key);
    if (seen) {
      addRatings(seen, ratings);
      return;
    }
    // The document's label and CVSS rating, each the highest it gives (src/vuln/severity.ts).
    const label = highestRating((info.labels ?? []).map(labelRating));
    const cvss = highestRating([
      ...(info.vectors ?? []).map(vectorRating),
      ...(info.scores ?? []).map((s) => cvssRating(s.scoreType, s.score)),
    ]);
    const severity = highestRating([label, cvss])?.severity ?? info.defaultSeverity;
    const references = info.references?.length ? [...new Set(info.references)] : undefined;
    const rated = ratings.length > 0;
    if (!info.description && !cvss && !references && !rated && (severity === undefined || severity === 'UNKNOWN'))
      return; // nothing worth recording
    const fact: VulnMetadataFact = {
      vulnerability: ref,
      severity,
      scoreType: cvss?.scoreType,
      scoreValue: cvss?.score,
      description: info.description,
      timestamp: info.timestamp,
      ...(info.summary ? { summary: info.summary } : {}),
      ...(info.published ? { published: info.published } : {}),
      ...(references ? { references } : {}),
    };
    addRatings(fact, ratings);
    this.metadataSeen.set(key, fact);
    this.builder.vulnMetadata(fact);
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

/** The ratings a document gives, each with its source, each once (docs/formats/vulnerabilities.md, "Rating sources"). */
export function sourcedRatings(info: VulnInfo): SeverityRatingFact[] {
  const inputs: RatingInput[] = info.ratings ?? [
    ...(info.labels ?? []).map((label) => ({ source: info.source, label })),
    ...(info.vectors ?? []).map((vector) => ({ source: info.source, vector })),
    ...(info.scores ?? []).map((s) => ({ source: info.source, ...s })),
  ];
  const out: SeverityRatingFact[] = [];
  for (const input of inputs) {
    const source = canonicalSource(input.source) ?? UNSPECIFIED;
    const label = labelRating(input.label);
    if (label) out.push(stored(source, label));
    const fromVector = input.vector ? vectorRating(input.vector) : undefined;
    if (fromVector) out.push({ ...stored(source, fromVector), vector: input.vector });
    else if (input.score !== undefined) {
      const stated = cvssRating(input.scoreType, input.score);
      if (stated) out.push(stored(source, stated));
    }
  }
  const unique: { ratings?: SeverityRatingFact[] } = {};
  return addRatings(unique, out).ratings ?? [];
}

function stored(source: string, r: Rating): SeverityRatingFact {
  return {
    source,
    kind: r.kind,
    severity: r.severity,
    ...(r.scoreType !== undefined ? { scoreType: r.scoreType } : {}),
    ...(r.score !== undefined ? { score: r.score } : {}),
  };
}

const ratingKey = (r: SeverityRatingFact): string =>
  [r.source, r.kind, r.severity, r.scoreType ?? '', r.score ?? '', r.vector ?? ''].join('\u0000');

/** Adds the ratings `target` does not hold yet (each once, in order); returns `target`. */
function addRatings<T extends { ratings?: SeverityRatingFact[] }>(
  target: T,
  ratings: readonly SeverityRatingFact[],
): T {
  if (ratings.length === 0) return target;
  const list = (target.ratings ??= []);
  const held = new Set(list.map(ratingKey));
  for (const r of ratings) {
    const key = ratingKey(r);
    if (held.has(key)) continue;
    held.add(key);
    list.push(r);
  }
  return target;
}
