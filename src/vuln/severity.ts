// Severity ratings and the one rule that picks the answer's severity from them (docs/api.md,
// "Severity"): every rating keeps who gave it, and the rating of the source closest to the package
// wins — the distribution's for a distribution package, the ecosystem's advisory for a language
// package, then NVD, then any other source (rating-sources.ts says which is which). Inside a tier
// a label the source states wins over a CVSS score, then the more severe, then the higher score.
// `highestRating` gives the summary a parser stores beside them (a document's highest rating, its
// `severity` and `scoreValue`, as stored before ratings kept their sources).
import { normaliseSeverityLabel, severityOfScore, SEVERITIES, type Severity } from '../model/vulnerability.js';
import { scoreOfVector, scoreTypeOf } from './cvss.js';
import { closestSources, sourceTier } from './rating-sources.js';

export type RatingKind = 'cvss' | 'label';

export interface Rating {
  kind: RatingKind;
  severity: Severity;
  /** CVSS ratings only: the base score and GUAC's score type (CVSSv2, CVSSv3, CVSSv31, CVSSv4). */
  score?: number;
  scoreType?: string;
}

/** A source's label ("Negligible", "MODERATE", "high"…); undefined when it says nothing usable. */
export function labelRating(label: string | undefined | null): Rating | undefined {
  const severity = normaliseSeverityLabel(label);
  return severity === 'UNKNOWN' ? undefined : { kind: 'label', severity };
}

/** True for a score type that names CVSS (a missing type counts as CVSS, as GUAC's default). */
export function isCvssScoreType(scoreType: string | undefined): boolean {
  return scoreType === undefined || /cvss/i.test(scoreType);
}

/**
 * A CVSS base score as a rating. v2 has no CRITICAL (NVD: HIGH ≥ 7); v3/v4 use the common
 * scale. Undefined for a non-CVSS score type or a score outside 0–10.
 */
export function cvssRating(scoreType: string | undefined, score: number): Rating | undefined {
  if (!isCvssScoreType(scoreType) || !Number.isFinite(score) || score < 0 || score > 10) return undefined;
  const v2 = scoreType !== undefined && /v2/i.test(scoreType);
  const severity = v2 ? (score >= 7 ? 'HIGH' : score >= 4 ? 'MEDIUM' : 'LOW') : severityOfScore(score);
  return { kind: 'cvss', severity, score, scoreType };
}

/** A CVSS vector as a rating (its computed base score); undefined when the vector is not valid. */
export function vectorRating(vector: string): Rating | undefined {
  const s = scoreOfVector(vector);
  return s ? cvssRating(scoreTypeOf(s.version), s.score) : undefined;
}

/**
 * Orders ratings: more severe first; on equal severity a CVSS rating before a label (it carries
 * a score), then the higher score. 0 for ratings that rank the same (the caller keeps the first).
 */
export function compareRatings(a: Rating, b: Rating): number {
  const bySeverity = SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity);
  if (bySeverity !== 0) return bySeverity;
  if (a.kind !== b.kind) return a.kind === 'cvss' ? -1 : 1;
  return (b.score ?? 0) - (a.score ?? 0);
}

/** The highest of the ratings (the first of equals), or undefined when there are none. */
export function highestRating<R extends Rating>(ratings: Iterable<R | undefined>): R | undefined {
  let best: R | undefined;
  for (const r of ratings) if (r && (!best || compareRatings(r, best) < 0)) best = r;
  return best;
}

/** A rating and who gave it (rating-sources.ts spelling); `vector` when it was computed from one. */
export interface SourcedRating extends Rating {
  source: string;
  vector?: string;
}

/**
 * Orders ratings by the one rule: the closer tier first (`closest`: the package's closest sources;
 * undefined: no package, see sourceTier); inside a tier a label before a CVSS rating (a source's
 * label is its verdict, a vector one input to it), then the more severe, then the higher score.
 */
export function compareByCloseness(
  a: SourcedRating,
  b: SourcedRating,
  closest: ReadonlySet<string> | undefined,
): number {
  const byTier = sourceTier(a.source, closest) - sourceTier(b.source, closest);
  if (byTier !== 0) return byTier;
  if (a.kind !== b.kind) return a.kind === 'label' ? -1 : 1;
  return compareRatings(a, b);
}

/**
 * The ratings in the rule's order for a package (its purl) or, without one, for the vulnerability
 * itself; stable, so equal ratings keep the caller's order. The first is the answer's rating.
 */
export function byCloseness<R extends SourcedRating>(ratings: readonly R[], purl?: string): R[] {
  const closest = purl === undefined ? undefined : closestSources(purl);
  return [...ratings].sort((a, b) => compareByCloseness(a, b, closest));
}
