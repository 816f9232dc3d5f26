// Licences over the dependency walks: the `license` filter of the dependency lists and the
// per-licence counts of /analysis/licenses. Both read what documents state per package version
// (GraphView.licensesOf): every expression, declared or concluded, from every document.
import type { GraphView } from '../index/graph-view.js';
import type { LicenseRecord } from '../index/licenses.js';
import { compareText } from '../model/compare.js';
import { LICENSE_LIMITS, licenseIdsOf, readLicense } from '../model/license.js';
import { InvalidInputError } from './errors.js';

/** What `license=unknown` and the counts call a package no document states a licence for. */
export const UNKNOWN_LICENSE = 'unknown';

/** A parsed `license` query parameter. */
export type LicenseFilter =
  | { unknown: true }
  | {
      unknown: false;
      /** The query normalised as stored expressions are (normaliseLicense). */
      expression: string;
      /** The query was not an SPDX expression: compared case-insensitively with verbatim texts. */
      verbatim: boolean;
      /** Set when the query is one licence id: it also matches expressions that name it ("MIT" in "MIT OR Apache-2.0"). */
      id?: string;
    };

/**
 * The `license` parameter: "unknown" (any case), or a licence text normalised as ingest
 * normalises document fields, so `apache-2.0` and `Apache 2.0` ask for `Apache-2.0`. The texts
 * SPDX uses to say no licence is known (NOASSERTION, NONE) ask for the packages without one.
 * A text beyond LICENSE_LIMITS is refused, as ingest leaves such a text out (docs/api.md, Licences).
 */
export function parseLicenseFilter(text: string): LicenseFilter {
  if (text.trim() === '')
    throw new InvalidInputError('license', 'invalid license: empty; give an SPDX expression or "unknown"');
  if (text.trim().toLowerCase() === UNKNOWN_LICENSE) return { unknown: true };
  const read = readLicense(text);
  if (read.reading === 'over-limit') {
    const { maxLength, maxOperators, maxDepth } = LICENSE_LIMITS;
    throw new InvalidInputError(
      'license',
      `invalid license: ${read.problem}; a licence expression may have at most ${maxLength} characters, ` +
        `${maxOperators} operators and ${maxDepth} levels of parentheses`,
    );
  }
  if (!read.license) return { unknown: true };
  const { expression, verbatim } = read.license;
  const ids = verbatim ? [] : licenseIdsOf(expression);
  return ids.length === 1 && ids[0] === expression
    ? { unknown: false, expression, verbatim, id: expression }
    : { unknown: false, expression, verbatim };
}

/** Whether a package with these licence statements passes the filter. */
export function matchesLicense(records: readonly LicenseRecord[], filter: LicenseFilter): boolean {
  if (filter.unknown) return records.length === 0;
  const wanted = filter.expression.toLowerCase();
  return records.some((r) => {
    if (r.expression === filter.expression) return true;
    // A text kept verbatim (or a query that did not parse) is compared ignoring case.
    if ((r.verbatim || filter.verbatim) && r.expression.toLowerCase() === wanted) return true;
    return filter.id !== undefined && !r.verbatim && licenseIdsOf(r.expression).includes(filter.id);
  });
}

/** The purls (as a walk answered them, order kept) of the packages that pass the filter. */
export function filterByLicense(index: GraphView, purls: readonly string[], filter: LicenseFilter): string[] {
  return purls.filter((purl) => {
    const id = index.packageId(purl);
    return matchesLicense(id === undefined ? [] : index.licensesOf(id), filter);
  });
}

/** The distinct expressions documents state for a package, declared or concluded alike. */
export function distinctLicenses(records: readonly LicenseRecord[]): string[] {
  return [...new Set(records.map((r) => r.expression))];
}

export interface LicenseCount {
  License: string;
  Count: number;
}

/**
 * How many of the packages (purls a walk answered) carry each licence expression: a package counts
 * once for every distinct expression stated for it (so the counts may add up to more than the
 * packages), and once as "unknown" when no document states one. Highest count first, then licence.
 */
export function licenseCounts(index: GraphView, purls: readonly string[]): LicenseCount[] {
  const counts = new Map<string, number>();
  for (const purl of purls) {
    const id = index.packageId(purl);
    const expressions = distinctLicenses(id === undefined ? [] : index.licensesOf(id));
    if (expressions.length === 0) expressions.push(UNKNOWN_LICENSE);
    for (const e of expressions) counts.set(e, (counts.get(e) ?? 0) + 1);
  }
  return [...counts]
    .map(([License, Count]) => ({ License, Count }))
    .sort((a, b) => b.Count - a.Count || compareText(a.License, b.License));
}

export function licenseCountKey(e: LicenseCount): (string | number)[] {
  return [-e.Count, e.License];
}
