// RPM version ordering (Red Hat, AlmaLinux, Rocky Linux, SUSE, openSUSE): rpmvercmp on each of
// epoch, version and release, as rpm's own rpmverCmp does. Written from rpm's documented
// behaviour (no maintained npm package implements it) and checked against every vector of rpm's
// tests/rpmvercmp.at (test/fixtures/versions/rpmvercmp.at).
import { bounded } from './version-limits.js';
import type { Comparator } from './versions.js';

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isAlpha = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
/** rpm's separators: anything that is not an ASCII letter or digit, nor "~" or "^". */
const isSeparator = (c: string): boolean => !isDigit(c) && !isAlpha(c) && c !== '~' && c !== '^';

/** Plain byte order (strcmp), not locale order. */
function strcmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** compareMarks: both sides have the same "~" or "^" here (skip both); neither has one. */
const BOTH_MARKED = 2;
const UNMARKED = 0;

/**
 * What a "~" or "^" at the current characters decides (undefined: past the end): "~" sorts
 * before anything (even the end), "^" after the end but before anything else.
 */
function compareMarks(x: string | undefined, y: string | undefined): -1 | 1 | typeof BOTH_MARKED | typeof UNMARKED {
  if (x === '~' || y === '~') {
    if (x !== '~') return 1;
    if (y !== '~') return -1;
    return BOTH_MARKED;
  }
  if (x === '^' || y === '^') {
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x !== '^') return 1;
    if (y !== '^') return -1;
    return BOTH_MARKED;
  }
  return UNMARKED;
}

/** The index after the run of characters from `from` that `inRun` accepts. */
function runEnd(s: string, from: number, inRun: (c: string) => boolean): number {
  let at = from;
  while (at < s.length && inRun(s[at])) at++;
  return at;
}

/** Two segments of the same kind: digit runs as numbers (leading zeros ignored), letter runs as strings. */
function compareSegments(x: string, y: string, numeric: boolean): -1 | 0 | 1 {
  if (numeric) {
    x = x.replace(/^0+/, '');
    y = y.replace(/^0+/, '');
    if (x.length !== y.length) return x.length > y.length ? 1 : -1;
  }
  const c = strcmp(x, y);
  return c === 0 ? 0 : c < 0 ? -1 : 1;
}

/**
 * rpmvercmp: compares two version (or release) strings segment by segment. Digit runs compare
 * as numbers (leading zeros ignored), letter runs as strings, a digit run beats a letter run;
 * "~" sorts before anything (even the end), "^" after the end but before anything else; other
 * characters only separate segments.
 */
export function rpmvercmp(a: string, b: string): -1 | 0 | 1 {
  if (a === b) return 0;
  let i = 0,
    j = 0;
  while (i < a.length || j < b.length) {
    i = runEnd(a, i, isSeparator);
    j = runEnd(b, j, isSeparator);

    const mark = compareMarks(a[i], b[j]);
    if (mark === BOTH_MARKED) {
      i++;
      j++;
      continue;
    }
    if (mark !== UNMARKED) return mark;
    if (i >= a.length || j >= b.length) break;

    const numeric = isDigit(a[i]);
    const inSegment = numeric ? isDigit : isAlpha;
    const ei = runEnd(a, i, inSegment),
      ej = runEnd(b, j, inSegment);
    // b's segment is of the other kind (empty here): a number beats letters.
    if (ej === j) return numeric ? 1 : -1;

    const c = compareSegments(a.slice(i, ei), b.slice(j, ej), numeric);
    if (c !== 0) return c;
    i = ei;
    j = ej;
  }
  if (i >= a.length && j >= b.length) return 0;
  return i >= a.length ? -1 : 1;
}

export interface RpmEvr {
  /** Missing epoch is 0 (rpm compares a missing epoch as "0"). */
  epoch: string;
  version: string;
  /** Undefined when there is no "-": sorts before any release. */
  release?: string;
}

/**
 * Splits "[epoch:]version[-release]" as rpm does (epoch: leading digits before ":", release:
 * after the last "-"). Undefined for what no rpm would have written: empty or blank parts,
 * whitespace or control characters, a ":" anywhere but after a numeric epoch.
 */
export function parseRpmEvr(evr: string): RpmEvr | undefined {
  const text = evr.trim();
  // eslint-disable-next-line no-control-regex
  if (!text || /[\s\u0000-\u001f\u007f]/.test(text)) return undefined;
  const m = /^(?:(\d*):)?(.*)$/.exec(text)!;
  const rest = m[2];
  if (rest.includes(':')) return undefined;
  const dash = rest.lastIndexOf('-');
  const version = dash < 0 ? rest : rest.slice(0, dash);
  const release = dash < 0 ? undefined : rest.slice(dash + 1);
  if (!version || release === '') return undefined;
  return { epoch: m[1] || '0', version, release };
}

/** Compares parsed EVRs: epoch, then version, then release (a missing release sorts first). */
export function compareRpmEvr(x: RpmEvr, y: RpmEvr): -1 | 0 | 1 {
  const e = rpmvercmp(x.epoch, y.epoch);
  if (e !== 0) return e;
  const v = rpmvercmp(x.version, y.version);
  if (v !== 0) return v;
  if (x.release === undefined || y.release === undefined)
    return x.release === y.release ? 0 : x.release === undefined ? -1 : 1;
  return rpmvercmp(x.release, y.release);
}

/** OSV ECOSYSTEM ordering for RPM-based distributions ("1:3.0.7-16.el9_2"). */
export const compareRpm: Comparator = bounded((a, b) => {
  const x = parseRpmEvr(a),
    y = parseRpmEvr(b);
  return x && y ? compareRpmEvr(x, y) : undefined;
});
