// dpkg version ordering (Debian, Ubuntu): "[epoch:]upstream_version[-debian_revision]", each part
// compared by dpkg's verrevcmp (Debian Policy 5.6.12): alternating runs of non-digits, compared
// character by character ("~" before the end, the end before letters, letters before the rest),
// and of digits, compared as numbers.
import { bounded, type Comparator } from './version-limits.js';

const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

function dpkgOrder(c: string | undefined): number {
  if (c === undefined) return 0;
  if (c === '~') return -1;
  if (/[0-9]/.test(c)) return 0;
  if (/[A-Za-z]/.test(c)) return c.charCodeAt(0);
  return c.charCodeAt(0) + 256;
}

/** Whether s[k] is an ASCII digit (false past the end). */
function isDigitAt(s: string, k: number): boolean {
  const c = s.charCodeAt(k);
  return c >= 48 && c <= 57;
}

/** Whether s[k] is a character other than a digit (false past the end). */
function isNonDigitAt(s: string, k: number): boolean {
  return k < s.length && !isDigitAt(s, k);
}

/** verrevcmp over one part (upstream version or revision), run after run: one cursor per side. */
class DpkgParts {
  private i = 0;
  private j = 0;

  constructor(
    private readonly a: string,
    private readonly b: string,
  ) {}

  compare(): number {
    while (this.i < this.a.length || this.j < this.b.length) {
      const c = this.nonDigits() || this.digits();
      if (c !== 0) return c;
    }
    return 0;
  }

  /** The runs of non-digits, character by character in dpkg's order; a shorter run ends first. */
  private nonDigits(): number {
    const { a, b } = this;
    while (isNonDigitAt(a, this.i) || isNonDigitAt(b, this.j)) {
      const ac = dpkgOrder(isNonDigitAt(a, this.i) ? a[this.i] : undefined);
      const bc = dpkgOrder(isNonDigitAt(b, this.j) ? b[this.j] : undefined);
      if (ac !== bc) return sign(ac - bc);
      if (isNonDigitAt(a, this.i)) this.i++;
      if (isNonDigitAt(b, this.j)) this.j++;
    }
    return 0;
  }

  /** The runs of digits as numbers: leading zeros skipped, the longer run wins, else the first differing digit. */
  private digits(): number {
    const { a, b } = this;
    let firstDiff = 0;
    while (a[this.i] === '0') this.i++;
    while (b[this.j] === '0') this.j++;
    while (isDigitAt(a, this.i) && isDigitAt(b, this.j)) {
      if (!firstDiff) firstDiff = a.charCodeAt(this.i) - b.charCodeAt(this.j);
      this.i++;
      this.j++;
    }
    if (isDigitAt(a, this.i)) return 1;
    if (isDigitAt(b, this.j)) return -1;
    return sign(firstDiff);
  }
}

function splitDpkg(v: string): [number, string, string] | undefined {
  const text = v.trim();
  const m = /^(?:(\d+):)?([0-9][A-Za-z0-9.+~:-]*?)(?:-([A-Za-z0-9.+~]+))?$/.exec(text);
  if (!m) return undefined;
  return [Number(m[1] ?? 0), m[2], m[3] ?? ''];
}

/** OSV ECOSYSTEM ordering for Debian and Ubuntu ("1:2.36-9+deb12u4"); undefined for invalid versions. */
export const compareDpkg: Comparator = bounded((a, b) => {
  const x = splitDpkg(a),
    y = splitDpkg(b);
  if (!x || !y) return undefined;
  if (x[0] !== y[0]) return x[0] < y[0] ? -1 : 1;
  return new DpkgParts(x[1], y[1]).compare() || new DpkgParts(x[2], y[2]).compare();
});
