// Offline OSV matching (docs/formats/vulnerabilities.md, "OSV advisories and offline matching"): does an OSV advisory affect a package version?
// Semantics follow the OSV schema's evaluation rules (https://ossf.github.io/osv-schema/
// "Evaluation"): explicit `versions` always match; SEMVER and ECOSYSTEM ranges are evaluated
// event by event in version order (introduced / fixed / last_affected, capped by limit); GIT
// ranges need the repository history and are not evaluated (reported so callers can count them).
// A withdrawn advisory never matches. Reading OSV records into these shapes is the OSV format's
// job (src/ingest/formats/osv/parse.ts).
import type { PurlParts } from '../model/purl.js';
import {
  comparatorFor,
  ecosystemMatches,
  normaliseOsvName,
  osvPackageKeyOrReason,
  osvVersionOf,
} from './ecosystems.js';
import { unevaluableVersion } from './version-limits.js';
import { compareSemver, type Comparator } from './versions.js';

export interface OsvEvent {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
  limit?: string;
}

export interface OsvRange {
  type: string; // SEMVER | ECOSYSTEM | GIT
  repo?: string;
  events: OsvEvent[];
}

export interface OsvAffected {
  /**
   * Index in the record's `affected[]`, for JSON pointers in ingest reports (entries without a
   * package are left out, so it may differ from the position in OsvAdvisory.affected).
   */
  at?: number;
  ecosystem: string;
  name: string;
  purl?: string;
  ranges: OsvRange[];
  versions: string[];
}

export interface OsvSeverity {
  type: string; // CVSS_V2 | CVSS_V3 | CVSS_V4 | Ubuntu | …
  score: string;
}

export interface OsvAdvisory {
  id: string;
  aliases: string[];
  related: string[];
  summary?: string;
  details?: string;
  severity: OsvSeverity[];
  /** database_specific.severity (GHSA's label: LOW, MODERATE, HIGH, CRITICAL). */
  databaseSeverity?: string;
  modified?: string;
  published?: string;
  withdrawn?: string;
  /** The URLs of `references[]`. */
  references?: string[];
  affected: OsvAffected[];
  /** Parts that could not be read (affected entries without a package…), as JSON pointers. */
  problems: { path: string; reason: string }[];
}

// ---------------------------------------------------------------- range evaluation

export type RangeVerdict = 'affected' | 'not-affected' | 'undecidable';

type SortedEvent = { kind: 'introduced' | 'fixed' | 'last_affected'; v: string };

/**
 * A range's events in version order, or undefined when two of them cannot be ordered. The order
 * does not depend on the version tested, so it is computed once per range and comparator: the
 * index tests each advisory against every version of a package, and sorting is most of the cost.
 */
const sortedByRange = new WeakMap<OsvRange, Map<Comparator, SortedEvent[] | undefined>>();

function sortedEvents(range: OsvRange, compare: Comparator): SortedEvent[] | undefined {
  let byComparator = sortedByRange.get(range);
  if (!byComparator) sortedByRange.set(range, (byComparator = new Map<Comparator, SortedEvent[] | undefined>()));
  if (byComparator.has(compare)) return byComparator.get(compare);
  const events: SortedEvent[] = [];
  for (const e of range.events) {
    if (e.introduced !== undefined) events.push({ kind: 'introduced', v: e.introduced });
    if (e.fixed !== undefined) events.push({ kind: 'fixed', v: e.fixed });
    if (e.last_affected !== undefined) events.push({ kind: 'last_affected', v: e.last_affected });
  }
  const isZero = (v: string) => v === '0';
  let undecidable = false;
  const order = (a: SortedEvent, b: SortedEvent): number => {
    if (isZero(a.v) || isZero(b.v)) return isZero(a.v) && isZero(b.v) ? 0 : isZero(a.v) ? -1 : 1;
    const c = a.v === b.v ? 0 : compare(a.v, b.v);
    if (c === undefined) {
      undecidable = true;
      return 0;
    }
    return c;
  };
  const sorted = events.sort(order);
  const result = undecidable ? undefined : sorted;
  byComparator.set(compare, result);
  return result;
}

/**
 * OSV evaluation of one SEMVER/ECOSYSTEM range: walk the events in version order; "introduced"
 * opens, "fixed" closes (the fixed version is not affected), "last_affected" closes after its
 * version; "limit" caps the whole range (versions at or above it are not affected).
 */
export function versionInRange(version: string, range: OsvRange, compare: Comparator): RangeVerdict {
  const cmp = (a: string, b: string): number | undefined => (a === b ? 0 : compare(a, b));
  const isZero = (v: string) => v === '0';
  if (compare(version, version) === undefined) return 'undecidable';
  for (const e of range.events) {
    if (e.limit !== undefined && e.limit !== '*') {
      const c = cmp(version, e.limit);
      if (c === undefined) return 'undecidable';
      if (c >= 0) return 'not-affected';
    }
  }
  const sorted = sortedEvents(range, compare);
  if (!sorted) return 'undecidable';
  let affected = false;
  for (const e of sorted) {
    if (e.kind === 'introduced') {
      if (isZero(e.v)) {
        affected = true;
        continue;
      }
      const c = cmp(version, e.v);
      if (c === undefined) return 'undecidable';
      if (c >= 0) affected = true;
    } else if (e.kind === 'fixed') {
      const c = cmp(version, e.v);
      if (c === undefined) return 'undecidable';
      if (c >= 0) affected = false;
    } else {
      const c = cmp(version, e.v);
      if (c === undefined) return 'undecidable';
      if (c > 0) affected = false;
    }
  }
  return affected ? 'affected' : 'not-affected';
}

// ---------------------------------------------------------------- matching

export interface MatchResult {
  affected: boolean;
  /** Why the advisory could not be (fully) evaluated for this package, for counting. */
  reasons: string[];
  /** GIT ranges seen for this package and skipped. */
  gitRangesIgnored: number;
}

/** Explicit version lists: exact string, else equal under the ecosystem's ordering ("1.0" = "1.0.0" in PyPI). */
function listedVersionMatches(version: string, listed: string[], compare: Comparator | undefined): boolean {
  if (listed.includes(version)) return true;
  if (!compare) return false;
  return listed.some((v) => compare(version, v) === 0);
}

/** Why a range could not decide for the version: its length, else it or a bound not being a version of the scheme. */
function undecidableReason(version: string, range: OsvRange, ecosystem: string): string {
  const tooLong = unevaluableVersion(version);
  return tooLong
    ? `the package's version is an ${tooLong}`
    : `version "${version}" or a range bound is not a valid ${range.type === 'SEMVER' ? 'SemVer' : ecosystem} version`;
}

/**
 * Whether a range of an affected entry holds the version; the reason of each range that cannot
 * say goes to `result` (GIT ranges are counted).
 */
function rangesAffect(
  version: string,
  a: OsvAffected,
  ecosystemCompare: Comparator | undefined,
  result: MatchResult,
): boolean {
  for (const range of a.ranges) {
    let compare: Comparator | undefined;
    if (range.type === 'GIT') {
      result.gitRangesIgnored += 1;
      continue;
    }
    if (range.type === 'SEMVER') compare = compareSemver;
    else if (range.type === 'ECOSYSTEM') compare = ecosystemCompare;
    else {
      result.reasons.push(`range type ${range.type} is not supported`);
      continue;
    }
    if (!compare) {
      result.reasons.push(`ecosystem ${a.ecosystem} has no version ordering here`);
      continue;
    }
    const verdict = versionInRange(version, range, compare);
    if (verdict === 'affected') return true;
    if (verdict === 'undecidable') result.reasons.push(undecidableReason(version, range, a.ecosystem));
  }
  return false;
}

/** An affected entry that names the package, and the version of the package it is about. */
interface NamedEntry {
  entry: OsvAffected;
  /** The package's version, or its source package's when the entry names that; undefined when it has none. */
  version: string | undefined;
}

/**
 * The affected entries of an advisory that name the package (its ecosystem and normalised name,
 * or its source package's name), each with the version it is about; a reason when the purl has
 * no OSV identity.
 */
function namedEntries(advisory: Pick<OsvAdvisory, 'affected'>, purl: PurlParts): NamedEntry[] | { reason: string } {
  const keyOrReason = osvPackageKeyOrReason(purl);
  if ('reason' in keyOrReason) return keyOrReason;
  const key = keyOrReason.key;
  const ownVersion = osvVersionOf(purl);
  const ownName = normaliseOsvName(key.ecosystem, key.name);
  const sourceName = key.sourceName && normaliseOsvName(key.ecosystem, key.sourceName);
  const out: NamedEntry[] = [];
  for (const a of advisory.affected) {
    if (!ecosystemMatches(a.ecosystem, key.ecosystem)) continue;
    const name = normaliseOsvName(a.ecosystem, a.name);
    if (name !== ownName && name !== sourceName) continue;
    // An advisory naming the source package is about the source package's version.
    out.push({ entry: a, version: name === ownName ? ownVersion : (key.sourceVersion ?? ownVersion) });
  }
  return out;
}

/** Full verdict with reasons: unsupported ecosystem, unparseable version, ignored GIT ranges. */
export function matchAdvisory(advisory: OsvAdvisory, purl: PurlParts): MatchResult {
  const result: MatchResult = { affected: false, reasons: [], gitRangesIgnored: 0 };
  if (advisory.withdrawn) {
    result.reasons.push(`advisory ${advisory.id} was withdrawn`);
    return result;
  }
  const named = namedEntries(advisory, purl);
  if ('reason' in named) {
    result.reasons.push(named.reason);
    return result;
  }
  for (const { entry: a, version } of named) {
    if (!version) {
      result.reasons.push('the package has no version');
      continue;
    }
    const ecosystemCompare = comparatorFor(a.ecosystem);
    if (
      listedVersionMatches(version, a.versions, ecosystemCompare) ||
      rangesAffect(version, a, ecosystemCompare, result)
    ) {
      result.affected = true;
      return result;
    }
  }
  return result;
}

/**
 * The versions that fix the advisory for this package: the `fixed` events of the ranges of its
 * entries naming the package that are above the package's own version (in the ecosystem's
 * order), sorted, each once. Empty when none is known (or the versions cannot be ordered).
 */
export function fixedVersions(advisory: Pick<OsvAdvisory, 'affected'>, purl: PurlParts): string[] {
  const named = namedEntries(advisory, purl);
  if ('reason' in named) return [];
  const fixed = new Set<string>();
  for (const { entry, version } of named) {
    const compare = comparatorFor(entry.ecosystem);
    if (!compare || !version) continue;
    for (const range of entry.ranges) {
      for (const e of range.events) {
        if (e.fixed === undefined) continue;
        const order = e.fixed === version ? 0 : compare(e.fixed, version);
        if (order !== undefined && order > 0) fixed.add(e.fixed);
      }
    }
  }
  return [...fixed].sort();
}

export function advisoryAffects(advisory: OsvAdvisory, purl: PurlParts): boolean {
  return matchAdvisory(advisory, purl).affected;
}

/** Affected entries whose ecosystem cannot be evaluated, with why (for ingest summaries). */
export function unsupportedEntries(advisory: OsvAdvisory): { path: string; reason: string }[] {
  const out: { path: string; reason: string }[] = [];
  advisory.affected.forEach((a, index) => {
    const i = a.at ?? index;
    const evaluatesRanges = a.ranges.some((r) => r.type !== 'GIT');
    if (evaluatesRanges && !comparatorFor(a.ecosystem)) {
      out.push({
        path: `/affected/${i}`,
        reason: `ecosystem "${a.ecosystem}" has no version ordering here: only its explicit versions can match`,
      });
    }
    a.ranges.forEach((r, j) => {
      if (r.type === 'GIT')
        out.push({
          path: `/affected/${i}/ranges/${j}`,
          reason: 'GIT ranges are not evaluated (commit history is not available offline)',
        });
    });
  });
  return out;
}

// ---------------------------------------------------------------- what ingest keeps

const BOUNDS = ['introduced', 'fixed', 'last_affected', 'limit'] as const;

/** Why a range bound cannot be evaluated under `compare`, or undefined when it can. */
function unevaluableBound(key: (typeof BOUNDS)[number], value: string, compare: Comparator, scheme: string) {
  // "introduced: 0" and "limit: *" are the schema's open ends, not versions.
  if ((key === 'introduced' && value === '0') || (key === 'limit' && value === '*')) return undefined;
  const tooLong = unevaluableVersion(value);
  if (tooLong) return `its "${key}" bound is an ${tooLong}`;
  return compare(value, value) === undefined
    ? `its "${key}" bound "${value}" is not a valid ${scheme} version`
    : undefined;
}

/** The first bound of a range that cannot be evaluated: its JSON pointer and why. */
function firstUnevaluableBound(range: OsvRange, compare: Comparator, scheme: string, path: string) {
  for (let k = 0; k < range.events.length; k++) {
    const event = range.events[k];
    for (const key of BOUNDS) {
      const value = event[key];
      const why = value === undefined ? undefined : unevaluableBound(key, value, compare, scheme);
      if (why) return { path: `${path}/events/${k}/${key}`, reason: `range not evaluated: ${why}` };
    }
  }
  return undefined;
}

/**
 * The affected entries as ingest stores them (docs/formats/vulnerabilities.md "Version limits"):
 * a SEMVER or ECOSYSTEM range with a bound that cannot be evaluated (over the length limit, or
 * not a version of its scheme) is left out — such a range could never match — and an explicit
 * version over the length limit too; each with a JSON pointer and reason for the ingest report.
 */
export function evaluableAffected(advisory: OsvAdvisory): {
  affected: OsvAffected[];
  skipped: { path: string; reason: string }[];
} {
  const skipped: { path: string; reason: string }[] = [];
  const affected = advisory.affected.map((a, index): OsvAffected => {
    const path = `/affected/${a.at ?? index}`;
    const ecosystemCompare = comparatorFor(a.ecosystem);
    const ranges = a.ranges.filter((range, j) => {
      const compare =
        range.type === 'SEMVER' ? compareSemver : range.type === 'ECOSYSTEM' ? ecosystemCompare : undefined;
      // GIT ranges, other types and ecosystems without an order are reported by unsupportedEntries.
      if (!compare) return true;
      const scheme = range.type === 'SEMVER' ? 'SemVer' : a.ecosystem;
      const bad = firstUnevaluableBound(range, compare, scheme, `${path}/ranges/${j}`);
      if (bad) skipped.push(bad);
      return !bad;
    });
    const versions = a.versions.filter((v, k) => {
      const tooLong = unevaluableVersion(v);
      if (tooLong) skipped.push({ path: `${path}/versions/${k}`, reason: `version not matched: an ${tooLong}` });
      return !tooLong;
    });
    return { ...a, ranges, versions };
  });
  return { affected, skipped };
}
