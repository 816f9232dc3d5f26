// Alpine apk version ordering (Alpine, Wolfi, Chainguard): the Gentoo-derived scheme of
// apk-tools, "digit{.digit}{letter}{_suffix{number}}{~hash}{-r#}". Written from apk-tools'
// documented behaviour (no maintained npm package implements it) and checked against every
// line of apk-tools' test/unit/version.data (test/fixtures/versions/apk-version.data).
import { bounded } from './version-limits.js';
import type { Comparator } from './versions.js';

/** Token kinds in the order apk allows them to follow each other (order matters below). */
const enum Tok {
  InitialDigit,
  Digit,
  Letter,
  Suffix,
  SuffixNumber,
  CommitHash,
  Revision,
  End,
  Invalid,
}

/** Suffix ranks: pre-release suffixes sort below "no suffix", the others above. */
const SUFFIXES = ['alpha', 'beta', 'pre', 'rc', '', 'cvs', 'svn', 'git', 'hg', 'p'];
const NO_SUFFIX = SUFFIXES.indexOf('');

interface Token {
  kind: Tok;
  /** The token's text (digits, letter, suffix name or hash). */
  text: string;
  /** Letters: the character code; suffixes: their rank; numbers compare by `text` (any length). */
  rank: number;
}

/** Tokens are never changed once read: every invalid token can be this one. */
const INVALID: Readonly<Token> = { kind: Tok.Invalid, text: '', rank: 0 };

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isLower = (c: string | undefined): boolean => c !== undefined && c >= 'a' && c <= 'z';
const isHex = (c: string | undefined): boolean => isDigit(c) || (c !== undefined && c >= 'a' && c <= 'f');

/** Reads apk version tokens one by one; after an invalid token it stays invalid. */
class Tokenizer {
  private at = 0;
  private prev: Tok | undefined;
  constructor(private readonly s: string) {}

  private run(pred: (c: string | undefined) => boolean): string {
    const start = this.at;
    while (this.at < this.s.length && pred(this.s[this.at])) this.at++;
    return this.s.slice(start, this.at);
  }

  private digits(kind: Tok): Token {
    const text = this.run(isDigit);
    return text ? { kind, text, rank: 0 } : INVALID;
  }

  next(): Token {
    const t = this.read();
    this.prev = t.kind;
    return t;
  }

  private read(): Token {
    const prev = this.prev;
    if (prev === undefined) return this.digits(Tok.InitialDigit);
    if (prev === Tok.Invalid) return INVALID;
    const c = this.s[this.at];
    if (c === undefined) return { kind: Tok.End, text: '', rank: 0 };
    if (isLower(c)) return this.letter(c, prev);
    if (c === '.' || isDigit(c)) return this.number(c, prev);
    if (c === '_') return this.suffix(prev);
    if (c === '~') return this.commitHash(prev);
    if (c === '-') return this.revision(prev);
    return INVALID;
  }

  /** A letter right after a version number ("1.2a"). */
  private letter(c: string, prev: Tok): Token {
    if (prev > Tok.Digit) return INVALID;
    this.at++;
    return { kind: Tok.Letter, text: c, rank: c.charCodeAt(0) };
  }

  /** ".digits" continuing the version number, or the digits of a suffix ("_rc2"). */
  private number(c: string, prev: Tok): Token {
    if (c === '.') {
      if (prev > Tok.Digit) return INVALID;
      this.at++;
    }
    if (prev === Tok.InitialDigit || prev === Tok.Digit) return this.digits(Tok.Digit);
    if (prev === Tok.Suffix) return this.digits(Tok.SuffixNumber);
    return INVALID;
  }

  /** "_name": one of the known suffixes. */
  private suffix(prev: Tok): Token {
    if (prev > Tok.SuffixNumber) return INVALID;
    this.at++;
    const name = this.run(isLower);
    const rank = name ? SUFFIXES.indexOf(name) : -1;
    if (rank < 0 || rank === NO_SUFFIX) return INVALID;
    return { kind: Tok.Suffix, text: name, rank };
  }

  /** "~hex": a commit hash. */
  private commitHash(prev: Tok): Token {
    if (prev >= Tok.CommitHash) return INVALID;
    this.at++;
    const hash = this.run(isHex);
    return hash ? { kind: Tok.CommitHash, text: hash, rank: 0 } : INVALID;
  }

  /** "-r#": the package revision. */
  private revision(prev: Tok): Token {
    if (prev >= Tok.Revision || this.s[this.at + 1] !== 'r') return INVALID;
    this.at += 2;
    return this.digits(Tok.Revision);
  }
}

/** Decimal digit strings by value, without converting them (any length). */
function numericOrder(a: string, b: string): -1 | 0 | 1 {
  const x = a.replace(/^0+/, ''),
    y = b.replace(/^0+/, '');
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Byte order, then length (apk's blob sort). */
function blobOrder(a: string, b: string): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

function tokenOrder(a: Token, b: Token): -1 | 0 | 1 {
  // A non-initial component with a leading zero compares as a string (Gentoo rule: 1.01 < 1.1).
  const asString = a.kind === Tok.CommitHash || (a.kind === Tok.Digit && (a.text[0] === '0' || b.text[0] === '0'));
  if (asString) return blobOrder(a.text, b.text);
  if (a.kind === Tok.Letter || a.kind === Tok.Suffix) return a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0;
  return numericOrder(a.text, b.text);
}

/** Whether apk-tools accepts the string as a version. */
export function isApkVersion(version: string): boolean {
  const t = new Tokenizer(version);
  let tok: Token;
  do tok = t.next();
  while (tok.kind < Tok.End);
  return tok.kind === Tok.End;
}

/**
 * apk-tools' comparison, including its answers for invalid versions (compared token by token
 * until the first invalid token). `fuzzy`: "a ~ b" — a equals b when b is a prefix of a
 * (3.6.9 ~ 3.6).
 */
export function apkVersionCompare(a: string, b: string, fuzzy = false): -1 | 0 | 1 {
  const ta = new Tokenizer(a),
    tb = new Tokenizer(b);
  let x = ta.next(),
    y = tb.next();
  while (x.kind === y.kind && x.kind < Tok.End) {
    const c = tokenOrder(x, y);
    if (c !== 0) return c;
    x = ta.next();
    y = tb.next();
  }
  if (x.kind === y.kind) return 0;
  if (y.kind === Tok.End && fuzzy) return 0;
  // Equal so far: the longer version is newer, unless what it continues with is a pre-release suffix.
  if (x.kind === Tok.Suffix && x.rank < NO_SUFFIX) return -1;
  if (y.kind === Tok.Suffix && y.rank < NO_SUFFIX) return 1;
  if (x.kind > y.kind) return -1;
  if (y.kind > x.kind) return 1;
  return 0;
}

/** OSV ECOSYSTEM ordering for apk-based distributions ("1.36.1-r5"); undefined for invalid versions. */
export const compareApk: Comparator = bounded((a, b) => {
  const x = a.trim(),
    y = b.trim();
  return isApkVersion(x) && isApkVersion(y) ? apkVersionCompare(x, y) : undefined;
});
