// Version ordering per OSV ecosystem, for evaluating SEMVER and ECOSYSTEM ranges offline.
// Maintained libraries where one exists (semver, @renovatebot/pep440); small faithful
// re-implementations of the ecosystem's own rules otherwise (Maven ComparableVersion,
// RubyGems Gem::Version, NuGet SemVer, Composer/PHP version_compare).
// dpkg, RPM (rpmvercmp with epochs) and Alpine apk orderings live in versions-dpkg.ts,
// versions-rpm.ts and versions-apk.ts (they need only the Comparator type, defined in
// version-limits.ts).
// A comparator returns undefined when either version is not valid in that scheme: callers
// must treat that as "cannot decide", never as equal.
// Every comparator is bounded (version-limits.ts): a version over MAX_VERSION_LENGTH characters
// is unevaluable (undefined); each scheme's code is also iterative and linear in its input.
import semver from 'semver';
import { compare as pep440Compare, valid as pep440Valid } from '@renovatebot/pep440';
import { bounded, type Comparator } from './version-limits.js';
import { lookupTable } from '../model/lookup-table.js';

export type { Comparator } from './version-limits.js';
export { compareDpkg } from './versions-dpkg.js';

const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

// ---------------------------------------------------------------- SemVer (npm, crates.io, Go, Hex, Pub, SEMVER ranges)

/** Lenient SemVer parse: strips "v"/"go" prefixes and pads "1.20" to "1.20.0" (Go toolchain, Pub). */
function parseSemver(v: string): semver.SemVer | undefined {
  let text = v.trim().replace(/^(?:v|go)(?=\d)/, '');
  const short = /^(\d+)(?:\.(\d+))?(?=$|[-+])(.*)$/.exec(text);
  if (short && !/^\d+\.\d+\.\d+/.test(text)) {
    text = `${short[1]}.${short[2] ?? '0'}.0${short[3]}`;
  }
  // Go toolchain pre-releases: go1.21rc2 → 1.21.0-rc2
  text = text.replace(/^(\d+\.\d+)((?:rc|beta|alpha)\d+)$/, '$1.0-$2');
  return semver.parse(text) ?? undefined;
}

export const compareSemver: Comparator = bounded((a, b) => {
  const x = parseSemver(a),
    y = parseSemver(b);
  return x && y ? semver.compare(x, y) : undefined;
});

// ---------------------------------------------------------------- PEP 440 (PyPI)

export const comparePep440: Comparator = bounded((a, b) => {
  if (!pep440Valid(a) || !pep440Valid(b)) return undefined;
  return sign(pep440Compare(a, b));
});

// ---------------------------------------------------------------- Maven ComparableVersion

// Maven 3 ComparableVersion semantics (maven-artifact): items are numbers, qualifiers or
// sub-lists (started by "-" and by digit/letter transitions); trailing "null" items (0, "",
// "final", "ga", "release") are dropped; qualifiers order alpha < beta < milestone < rc <
// snapshot < "" < sp < any other (lexically).
type MavenItem = { kind: 'int'; value: bigint } | { kind: 'str'; value: string } | { kind: 'list'; items: MavenItem[] };

const MAVEN_QUALIFIERS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp'];
const MAVEN_ALIASES = lookupTable<string>({ ga: '', final: '', release: '', cr: 'rc' });
const MAVEN_RELEASE_INDEX = String(MAVEN_QUALIFIERS.indexOf(''));

function mavenString(value: string, followedByDigit: boolean): MavenItem {
  let v = value;
  if (followedByDigit && v.length === 1)
    v = ({ a: 'alpha', b: 'beta', m: 'milestone' } as Record<string, string>)[v] ?? v;
  return { kind: 'str', value: MAVEN_ALIASES[v] ?? v };
}

function comparableQualifier(q: string): string {
  const i = MAVEN_QUALIFIERS.indexOf(q);
  return i === -1 ? `${MAVEN_QUALIFIERS.length}-${q}` : String(i);
}

function mavenIsNull(item: MavenItem): boolean {
  if (item.kind === 'int') return item.value === 0n;
  if (item.kind === 'str') return comparableQualifier(item.value) === MAVEN_RELEASE_INDEX;
  return item.items.length === 0;
}

function mavenNormalize(list: MavenItem[]): void {
  for (let i = list.length - 1; i >= 0; i--) {
    const item = list[i];
    if (mavenIsNull(item)) list.splice(i, 1);
    else if (item.kind !== 'list') break;
  }
}

export function parseMaven(version: string): MavenItem {
  const text = version.trim().toLowerCase();
  const root: MavenItem[] = [];
  let list = root;
  const stack: MavenItem[][] = [root];
  let isDigit = false;
  let start = 0;
  const item = (digit: boolean, s: string): MavenItem =>
    digit ? { kind: 'int', value: BigInt(s) } : mavenString(s, false);
  const push = () => {
    const sub: MavenItem[] = [];
    list.push({ kind: 'list', items: sub });
    list = sub;
    stack.push(sub);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '.') {
      list.push(i === start ? { kind: 'int', value: 0n } : item(isDigit, text.slice(start, i)));
      start = i + 1;
    } else if (c === '-') {
      list.push(i === start ? { kind: 'int', value: 0n } : item(isDigit, text.slice(start, i)));
      start = i + 1;
      push();
    } else if (c >= '0' && c <= '9') {
      if (!isDigit && i > start) {
        list.push(mavenString(text.slice(start, i), true));
        start = i;
        push();
      }
      isDigit = true;
    } else {
      if (isDigit && i > start) {
        list.push(item(true, text.slice(start, i)));
        start = i;
        push();
      }
      isDigit = false;
    }
  }
  if (text.length > start) list.push(item(isDigit, text.slice(start)));
  while (stack.length) mavenNormalize(stack.pop()!);
  return { kind: 'list', items: root };
}

/** An item against the end of a shorter list (Java's compareTo(null)): a list by its first item. */
function mavenCompareToNull(item: MavenItem): number {
  let at = item;
  // Descends first items without recursion: "1a.1a.1a…" nests one list per transition.
  while (at.kind === 'list') {
    if (at.items.length === 0) return 0;
    at = at.items[0];
  }
  return at.kind === 'int' ? (at.value === 0n ? 0 : 1) : cmpStr(comparableQualifier(at.value), MAVEN_RELEASE_INDEX);
}

/** Two items of which at most one is a list (lists against lists are walked by mavenCompare). */
function mavenCompareItems(a: MavenItem, b: MavenItem): number {
  switch (a.kind) {
    case 'int':
      if (b.kind === 'int') return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
      return 1; // number > qualifier, number > list
    case 'str':
      if (b.kind === 'int' || b.kind === 'list') return -1;
      return cmpStr(comparableQualifier(a.value), comparableQualifier(b.value));
    case 'list':
      return b.kind === 'int' ? -1 : 1; // list < number, list > qualifier
  }
}

/**
 * ComparableVersion.compareTo, with an explicit stack of the lists being walked side by side
 * instead of recursion: a version's lists nest as deep as it has digit/letter transitions.
 */
function mavenCompare(a: MavenItem, b: MavenItem): number {
  if (a.kind !== 'list' || b.kind !== 'list') return mavenCompareItems(a, b);
  const stack: { l: MavenItem[]; r: MavenItem[]; i: number }[] = [{ l: a.items, r: b.items, i: 0 }];
  while (stack.length) {
    const frame = stack[stack.length - 1];
    if (frame.i >= Math.max(frame.l.length, frame.r.length)) {
      stack.pop(); // equal lists: the parent goes on with its next item
      continue;
    }
    const l = frame.l[frame.i],
      r = frame.r[frame.i];
    frame.i++;
    if (l !== undefined && r !== undefined && l.kind === 'list' && r.kind === 'list') {
      stack.push({ l: l.items, r: r.items, i: 0 });
      continue;
    }
    const result =
      l === undefined
        ? r === undefined
          ? 0
          : -mavenCompareToNull(r)
        : r === undefined
          ? mavenCompareToNull(l)
          : mavenCompareItems(l, r);
    if (result !== 0) return result;
  }
  return 0;
}

/** Java String.compareTo order (UTF-16 code units), not locale order. */
function cmpStr(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Maven order of two versions of any length (undefined for blank ones); compareMaven bounds it. */
export function mavenVersionCompare(a: string, b: string): number | undefined {
  if (!a.trim() || !b.trim()) return undefined;
  return sign(mavenCompare(parseMaven(a), parseMaven(b)));
}

export const compareMaven: Comparator = bounded(mavenVersionCompare);

// ---------------------------------------------------------------- RubyGems Gem::Version

type GemSegment = number | string;

function gemSegments(version: string): GemSegment[] | undefined {
  const text = version.trim();
  if (!/^[0-9]+(?:\.[0-9a-zA-Z]+)*(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/.test(text)) return undefined;
  const v = text.replace(/-/g, '.pre.');
  const segments: GemSegment[] = (v.match(/[0-9]+|[a-z]+/gi) ?? []).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  // canonical_segments: drop trailing zeros of the numeric part and of the string part separately.
  const firstString = segments.findIndex((s) => typeof s === 'string');
  const numeric = firstString === -1 ? segments : segments.slice(0, firstString);
  const rest = firstString === -1 ? [] : segments.slice(firstString);
  const trim = (xs: GemSegment[]) => {
    const out = [...xs];
    while (out.length && out[out.length - 1] === 0) out.pop();
    return out;
  };
  return [...trim(numeric), ...trim(rest)];
}

export const compareRubyGems: Comparator = bounded((a, b) => {
  const l = gemSegments(a),
    r = gemSegments(b);
  if (!l || !r) return undefined;
  const n = Math.max(l.length, r.length);
  for (let i = 0; i < n; i++) {
    const x = l[i] ?? 0,
      y = r[i] ?? 0;
    if (x === y) continue;
    if (typeof x === 'string' && typeof y === 'number') return -1;
    if (typeof x === 'number' && typeof y === 'string') return 1;
    return x < y ? -1 : 1;
  }
  return 0;
});

// ---------------------------------------------------------------- NuGet (SemVer 2 with a 4th part, case-insensitive labels)

function parseNuget(v: string): { nums: number[]; pre: string[] } | undefined {
  const m =
    /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?$/.exec(
      v.trim(),
    );
  if (!m) return undefined;
  return { nums: [1, 2, 3, 4].map((i) => Number(m[i] ?? 0)), pre: m[5] ? m[5].split('.') : [] };
}

export const compareNuget: Comparator = bounded((a, b) => {
  const x = parseNuget(a),
    y = parseNuget(b);
  if (!x || !y) return undefined;
  for (let i = 0; i < 4; i++) if (x.nums[i] !== y.nums[i]) return x.nums[i] < y.nums[i] ? -1 : 1;
  if (!x.pre.length || !y.pre.length) return x.pre.length === y.pre.length ? 0 : x.pre.length ? -1 : 1;
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i],
      q = y.pre[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    const pn = /^\d+$/.test(p),
      qn = /^\d+$/.test(q);
    if (pn && qn) {
      if (Number(p) !== Number(q)) return Number(p) < Number(q) ? -1 : 1;
      continue;
    }
    if (pn !== qn) return pn ? -1 : 1;
    const c = cmpStr(p.toLowerCase(), q.toLowerCase());
    if (c !== 0) return c;
  }
  return 0;
});

// ---------------------------------------------------------------- Packagist (PHP version_compare after Composer normalisation)

const PHP_SPECIAL = lookupTable<number>({ dev: 0, alpha: 1, a: 1, beta: 2, b: 2, rc: 3, '#': 4, pl: 5, p: 5 });

function phpCanon(v: string): string[] | undefined {
  const text = v
    .trim()
    .replace(/^v(?=\d)/i, '')
    .toLowerCase();
  if (!/^[0-9a-z._+-]+$/.test(text) || !/^\d/.test(text)) return undefined;
  return text
    .replace(/[-_+]/g, '.')
    .replace(/(\d)(?=[a-z])|([a-z])(?=\d)/g, '$1$2.')
    .split('.')
    .filter((p) => p !== '');
}

function phpSpecial(a: string, b: string): number {
  const x = PHP_SPECIAL[a] ?? -6,
    y = PHP_SPECIAL[b] ?? -6;
  return sign(x - y);
}

export const comparePackagist: Comparator = bounded((a, b) => {
  const x = phpCanon(a),
    y = phpCanon(b);
  if (!x || !y) return undefined;
  const isNum = (s: string) => /^\d+$/.test(s);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const p = x[i],
      q = y[i];
    let c: number;
    if (isNum(p) && isNum(q)) c = sign(Number(p) - Number(q));
    else if (!isNum(p) && !isNum(q)) c = phpSpecial(p, q);
    else c = isNum(p) ? phpSpecial('#', q) : phpSpecial(p, '#');
    if (c !== 0) return c;
  }
  if (x.length === y.length) return 0;
  // The longer one wins if its next part is a number ("1.0.1" > "1.0"), else compare "#" with the qualifier ("1.0" > "1.0rc1").
  const longer = x.length > y.length ? x : y;
  const next = longer[n];
  const c = isNum(next) ? 1 : phpSpecial(next, '#');
  return x.length > y.length ? c : -c;
});
