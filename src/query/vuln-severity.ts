// The answer's severity (docs/api.md, "Severity"): every rating any document gives for a
// vulnerability or one of its aliases, each with its source, in the order of the one rule
// (src/vuln/severity.ts) for a package, or for the vulnerability itself when no package is asked
// about. The first rating gives `severity`, the first CVSS rating `cvssScore`.
import type { GraphView } from '../index/graph-view.js';
import type { VulnMetadataRecord } from '../index/vulnerabilities/records.js';
import { compareText } from '../model/compare.js';
import { normaliseSeverityLabel, type Severity } from '../model/vulnerability.js';
import { knownSource, UNSPECIFIED } from '../vuln/rating-sources.js';
import { byCloseness, cvssRating, labelRating, type RatingKind, type SourcedRating } from '../vuln/severity.js';

/** A rating and where it was stated. */
export interface SeveritySource {
  kind: RatingKind;
  /** Who gave it (docs/formats/vulnerabilities.md, "Rating sources"): nvd, ghsa, debian, …, unspecified. */
  source: string;
  /** The vulnerability id (the entry's or an alias) the rating was given for. */
  vulnerabilityID: string;
  /** CVSS only: GUAC's score type (CVSSv2, CVSSv3, CVSSv31, CVSSv4), the base score, and the vector it was computed from. */
  scoreType?: string;
  score?: number;
  vector?: string;
  /** The document that gave the rating: its origin and collector. */
  origin: string;
  collector: string;
}

/** One of every rating known for a vulnerability: its severity and where it came from. */
export interface RatingView extends SeveritySource {
  severity: Severity;
}

export interface SeverityAnswer {
  severity: Severity;
  cvssScore?: number;
  /** Which rating gave `severity`; absent when no rating is known (UNKNOWN). */
  severitySource?: SeveritySource;
  /** Every rating, in the rule's order (the first gave `severity`). */
  ratings: RatingView[];
}

/**
 * A metadata record's ratings. One without them (stored before ratings kept their sources, or GUAC's
 * metadata) gives its summary, from the source its `origin` names when that is a known one
 * ("nvd"), else unspecified (docs/formats/vulnerabilities.md, "Rating sources").
 */
function ratingsOfRecord(m: VulnMetadataRecord): SourcedRating[] {
  if (m.ratings) {
    return m.ratings.flatMap((r): SourcedRating[] => {
      const severity = normaliseSeverityLabel(r.severity);
      if (severity === 'UNKNOWN') return [];
      const { source, kind, scoreType, score, vector } = r;
      return [{ source, kind, severity, scoreType, score, vector }];
    });
  }
  const out: SourcedRating[] = [];
  const source = knownSource(m.origin) ?? UNSPECIFIED;
  const cvss = m.scoreValue !== undefined ? cvssRating(m.scoreType, m.scoreValue) : undefined;
  if (cvss) out.push({ ...cvss, source });
  const label = labelRating(m.severity);
  if (label) out.push({ ...label, source });
  return out;
}

function view(r: SourcedRating, from: Pick<SeveritySource, 'vulnerabilityID' | 'origin' | 'collector'>): RatingView {
  return {
    kind: r.kind,
    source: r.source,
    severity: r.severity,
    vulnerabilityID: from.vulnerabilityID,
    ...(r.kind === 'cvss' && r.scoreType !== undefined ? { scoreType: r.scoreType } : {}),
    ...(r.kind === 'cvss' && r.score !== undefined ? { score: r.score } : {}),
    ...(r.vector !== undefined ? { vector: r.vector } : {}),
    origin: from.origin,
    collector: from.collector,
  };
}

const documentOrder = (r: RatingView): string =>
  [r.origin, r.collector, r.vulnerabilityID, r.source, r.kind, r.scoreType ?? '', r.score ?? '', r.vector ?? ''].join(
    '\u0000',
  );

/**
 * Every rating of `vuln` and its aliases, ordered by the rule for the package `purl` (or, without
 * one, for the vulnerability itself); the answer's severity, score and source from that order.
 */
export function severityOf(index: GraphView, vuln: number, purl?: string): SeverityAnswer {
  const all: RatingView[] = [];
  for (const v of index.aliasesOf(vuln)) {
    for (const m of index.vulnMetadataOf(v)) {
      const from = { vulnerabilityID: index.keyOf(v), origin: m.origin, collector: m.collector };
      for (const r of ratingsOfRecord(m)) all.push(view(r, from));
    }
  }
  // Equal ratings from several documents: the first by document, whatever order they came in.
  all.sort((a, b) => compareText(documentOrder(a), documentOrder(b)));
  const ratings = byCloseness(all, purl);
  const [best] = ratings;
  const cvss = ratings.find((r) => r.kind === 'cvss');
  return {
    severity: best?.severity ?? 'UNKNOWN',
    ...(cvss?.score !== undefined ? { cvssScore: cvss.score } : {}),
    ...(best ? { severitySource: sourceOf(best) } : {}),
    ratings,
  };
}

function sourceOf(r: RatingView): SeveritySource {
  const { kind, source, vulnerabilityID, scoreType, score, vector, origin, collector } = r;
  return {
    kind,
    source,
    vulnerabilityID,
    ...(scoreType !== undefined ? { scoreType } : {}),
    ...(score !== undefined ? { score } : {}),
    ...(vector !== undefined ? { vector } : {}),
    origin,
    collector,
  };
}
