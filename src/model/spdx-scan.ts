// SPDX licence expressions parsed in time linear in their length: spdx-expression-parse's own
// grammar (its parse.js) over the tokens of a scanner written here. The package's scanner (scan.js)
// re-reads the rest of the text for every token (`indexOf` from the position, regexes on `slice`):
// a 4 KB text took about 70 ms, a 64 KB one seconds (docs/formats/sbom.md#licences). This one
// gives the same tokens, quirks included (a test compares the two on real and on random texts):
// only spaces separate tokens; AND, OR, WITH are read in any case and need no word boundary; an
// id where none starts is the next run of id characters further on, the position moved by its length.
import { createRequire } from 'node:module';
import type spdxExpressionParse from 'spdx-expression-parse';

export type SpdxToken = spdxExpressionParse.Token;
export type SpdxNode = spdxExpressionParse.Info;

// The grammar and the licence and exception lists of the very copy of spdx-expression-parse in use.
const requireFromParser = createRequire(createRequire(import.meta.url).resolve('spdx-expression-parse'));
const parseTokens = requireFromParser('./parse.js') as (tokens: SpdxToken[]) => SpdxNode;
const LICENSES = new Set<string>([
  ...(requireFromParser('spdx-license-ids') as string[]),
  ...(requireFromParser('spdx-license-ids/deprecated') as string[]),
]);
const EXCEPTIONS = new Set<string>(requireFromParser('spdx-exceptions') as string[]);

const WORDS = ['with', 'and', 'or'] as const;
const SYMBOLS = ['(', ')', ':', '+'] as const;
const SPACE = 32;

/** [A-Za-z0-9.-], the characters of an idstring. */
function isIdChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 46;
}

/**
 * For each position, where the first run of id characters at or after it starts (`next`, the
 * length when none) and, at a run's characters, where that run ends (`end`): one backward pass.
 */
function idRuns(source: string): { next: Int32Array; end: Int32Array } {
  const n = source.length;
  const next = new Int32Array(n + 1).fill(n);
  const end = new Int32Array(n + 1);
  for (let i = n - 1; i >= 0; i--) {
    if (!isIdChar(source.charCodeAt(i))) next[i] = next[i + 1];
    else {
      next[i] = i;
      end[i] = i + 1 < n && next[i + 1] === i + 1 ? end[i + 1] : i + 1;
    }
  }
  return { next, end };
}

/** The tokens spdx-expression-parse's scanner gives for `source`; throws where it throws. */
export function scanSpdx(source: string): SpdxToken[] {
  const n = source.length;
  const runs = idRuns(source);
  let index = 0;

  /** The package's `read(/[A-Za-z0-9-.]+/)`: the first run at or after `index`, `index` moved by its length. */
  const idstring = (): string | undefined => {
    const start = runs.next[index];
    if (start >= n) return undefined;
    const end = runs.end[start];
    index += end - start;
    return source.slice(start, end);
  };
  /** AND, OR or WITH at `index`, in any (ASCII) case, as the package's /^AND/i. */
  const word = (w: string): boolean => {
    for (let k = 0; k < w.length; k++) if ((source.charCodeAt(index + k) | 32) !== w.charCodeAt(k)) return false;
    return true;
  };
  const operator = (): SpdxToken | undefined => {
    const found = WORDS.find(word) ?? SYMBOLS.find((s) => source.startsWith(s, index));
    if (found === undefined) return undefined;
    index += found.length;
    if (found === '+' && index > 1 && source[index - 2] === ' ') throw new Error('Space before `+`');
    return { type: 'OPERATOR', string: found.toUpperCase() };
  };
  const reference = (prefix: string, type: 'DOCUMENTREF' | 'LICENSEREF'): SpdxToken | undefined => {
    if (!source.startsWith(prefix, index)) return undefined;
    index += prefix.length;
    const string = idstring();
    if (!string) throw new Error(`Expected idstring at offset ${index}`);
    return { type, string };
  };
  const identifier = (): SpdxToken | undefined => {
    const begin = index;
    const string = idstring();
    if (string !== undefined && LICENSES.has(string)) return { type: 'LICENSE', string };
    if (string !== undefined && EXCEPTIONS.has(string)) return { type: 'EXCEPTION', string };
    index = begin;
    return undefined;
  };

  const tokens: SpdxToken[] = [];
  while (index < n) {
    while (source.charCodeAt(index) === SPACE) index++;
    if (index >= n) break;
    const token =
      operator() ?? reference('DocumentRef-', 'DOCUMENTREF') ?? reference('LicenseRef-', 'LICENSEREF') ?? identifier();
    if (!token) throw new Error(`Unexpected \`${source[index]}\` at offset ${index}`);
    tokens.push(token);
  }
  return tokens;
}

/** An SPDX expression parsed as spdx-expression-parse parses it (same tree, same errors), in linear time. */
export function parseSpdxExpression(source: string): SpdxNode {
  return parseTokens(scanSpdx(source));
}
