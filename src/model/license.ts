// Licence texts as SPDX expressions: a document's licence field parsed with the SPDX expression
// grammar and licence list (spdx-expression-parse, its scanner replaced by spdx-scan.ts's linear
// one), corrected when it is a known licence written differently ("mit OR apache-2.0", "Apache 2.0",
// "GPLv3": spdx-correct, accepted only when the correction cannot change its meaning), written back
// in one canonical form so equal licences compare equal. What still does not parse is kept as
// written, flagged verbatim. A text beyond LICENSE_LIMITS is not read at all, and spdx-correct only
// sees short single names: every reading costs time linear in the text.
// The choices are in docs/formats/sbom.md#licences.
import correctSpdx from 'spdx-correct';
import CURRENT_IDS from 'spdx-license-ids/index.json' with { type: 'json' };
import DEPRECATED_IDS from 'spdx-license-ids/deprecated.json' with { type: 'json' };
import { parseSpdxExpression, type SpdxNode } from './spdx-scan.js';

export interface NormalisedLicense {
  expression: string;
  /** Not an SPDX expression: the text as the document gave it (trimmed). */
  verbatim: boolean;
}

/**
 * How a licence field was read: `as-written` (a valid SPDX expression), `corrected` (a known licence
 * written differently), `verbatim` (neither), `none` (NOASSERTION, NONE or empty: no licence),
 * `over-limit` (beyond LICENSE_LIMITS: not read, no licence; `problem` says which limit).
 */
export type LicenseReading = 'as-written' | 'corrected' | 'verbatim' | 'none' | 'over-limit';

/**
 * The largest licence text read (docs/formats/sbom.md#licences, and for `?license=` the Licences
 * section of docs/api.md): the parser recurses once per operator and parenthesis, and a stored or
 * echoed licence should stay small.
 * Real texts stay far below (longest in the test corpus: 242 characters, 17 operators, one level of
 * parentheses).
 */
export const LICENSE_LIMITS = Object.freeze({
  /** Characters, surrounding whitespace not counted. */
  maxLength: 4096,
  /** AND, OR and WITH, as words in any case. */
  maxOperators: 256,
  /** Levels of nested parentheses. */
  maxDepth: 32,
});

/**
 * spdx-correct is given one licence name at most this long: it tries about 30 rewrites of the whole
 * text, parsing each, some with regexes that backtrack over runs of spaces (a 64 KB field took 17 s).
 * The longest name it corrects in the corpus and the npm licence fields is 44 characters.
 */
const MAX_CORRECTED_NAME = 128;

/** Field values that say no licence is known (SPDX NOASSERTION, NONE): no licence fact. */
const NO_LICENSE = new Set(['', 'NOASSERTION', 'NONE']);

/** Licence ids by their lower-case spelling, current ones winning over deprecated ones. */
const ID_BY_LOWER = new Map([...DEPRECATED_IDS, ...CURRENT_IDS].map((id) => [id.toLowerCase(), id]));
const CURRENT = new Set(CURRENT_IDS);

/**
 * The GNU ids the SPDX list deprecated for saying neither "only" nor "or later" (GPL-2.0,
 * LGPL-2.1+): the list defines GPL-2.0 as GPL-2.0-only and GPL-2.0+ as GPL-2.0-or-later.
 */
function currentId(license: string, plus: boolean): { license: string; plus: boolean } {
  if (CURRENT.has(license) || !CURRENT.has(`${license}-only`)) return { license, plus };
  return { license: `${license}-${plus ? 'or-later' : 'only'}`, plus: false };
}

/** The canonical text of a parsed expression: a nested expression of the other conjunction in parentheses. */
function format(node: SpdxNode, parent?: 'and' | 'or'): string {
  if ('license' in node) {
    const { license, plus } = currentId(node.license, node.plus === true);
    const id = `${license}${plus ? '+' : ''}`;
    return node.exception ? `${id} WITH ${node.exception}` : id;
  }
  const text = `${format(node.left, node.conjunction)} ${node.conjunction.toUpperCase()} ${format(node.right, node.conjunction)}`;
  return parent && parent !== node.conjunction ? `(${text})` : text;
}

function tryParse(text: string): SpdxNode | undefined {
  try {
    return parseSpdxExpression(text);
  } catch {
    return undefined;
  }
}

/**
 * An expression whose ids and operators are only in the wrong case ("mit or apache-2.0"), with
 * them in the right case; undefined when a term is no licence id.
 */
function withCaseCorrected(text: string): string | undefined {
  const tokens = text.split(/(\s+|[()])/).filter((t) => t.trim() !== '');
  const out: string[] = [];
  for (const [i, token] of tokens.entries()) {
    const upper = token.toUpperCase();
    if (token === '(' || token === ')') out.push(token);
    else if (upper === 'AND' || upper === 'OR' || upper === 'WITH') out.push(upper);
    else if (tokens[i - 1]?.toUpperCase() === 'WITH' || /^(DocumentRef-[^:]+:)?LicenseRef-/i.test(token))
      out.push(token); // exceptions and the document's own licences are written as they are
    else {
      const plus = token.endsWith('+');
      const id = ID_BY_LOWER.get((plus ? token.slice(0, -1) : token).toLowerCase());
      if (!id) return undefined;
      out.push(plus ? `${id}+` : id);
    }
  }
  return out.join(' ');
}

/** The version numbers a text names ("Apache License, Version 2.0" → 2), x.0 read as x. */
function versionsOf(text: string): string {
  const versions = (text.match(/\d+(?:\.\d+)*/g) ?? []).map((v) => v.replace(/(\.0)+$/, ''));
  return [...new Set(versions)].sort().join(' ');
}

/** Words that join two licences, or a licence and an exception; "or later" is part of one licence. */
const SECOND_LICENSE = /\b(and|with)\b|\bor\b(?!\s+(any\s+)?later)|[&;/]|,(?!\s*v)|\+\s*\w/i;

/** The text says "this version or any later one" ("GPL-2+", "LGPL v2.1 or later"). */
const OR_LATER = /\+\s*$|\bor[\s-]+(any\s+)?later\b/i;

/**
 * spdx-correct's reading of a licence name, when it cannot change the licence's meaning: the
 * text names one licence (no "and", "with", "+", "/", "or" other than "or later"), the same
 * version numbers as the correction, and "or later" exactly when the correction does. It guesses
 * otherwise: "BSD" → BSD-2-Clause, "GPL" → GPL-3.0-or-later, "GPL-2+" → GPL-2.0-only,
 * "CDDL + GPLv2 with classpath exception" → GPL-2.0-only.
 */
function faithfulCorrection(text: string): SpdxNode | undefined {
  // A text naming two licences is never accepted: checked first, spdx-correct only sees single names.
  if (text.length > MAX_CORRECTED_NAME || SECOND_LICENSE.test(text)) return undefined;
  const corrected = correctSpdx(text);
  if (!corrected) return undefined;
  const parsed = tryParse(corrected);
  if (!parsed || !('license' in parsed) || parsed.exception) return undefined;
  if (versionsOf(text) !== versionsOf(corrected)) return undefined;
  if (OR_LATER.test(text) === OR_LATER.test(corrected)) return parsed;
  // "GPL-2+": spdx-correct drops the "+"; the name without it, corrected, and "or later" added.
  const base = /^(.*\S)\s*\+\s*$/.exec(text)?.[1];
  const single = base === undefined ? undefined : faithfulCorrection(base);
  if (!single || !('license' in single) || OR_LATER.test(single.license)) return undefined;
  return single.license.endsWith('-only')
    ? { license: `${single.license.slice(0, -'-only'.length)}-or-later` }
    : { license: single.license, plus: true };
}

export interface LicenseRead {
  reading: LicenseReading;
  license?: NormalisedLicense;
  /** For `over-limit`: which limit the text is beyond ("4100 characters, more than the 4096 allowed"). */
  problem?: string;
}

/** The operators (AND, OR, WITH as words) and the deepest parenthesis nesting of a text, in one pass. */
function shapeOf(text: string): { operators: number; depth: number } {
  let operators = 0;
  let depth = 0;
  let deepest = 0;
  for (const [token] of text.matchAll(/[()]|[^\s()]+/g)) {
    if (token === '(') deepest = Math.max(deepest, ++depth);
    else if (token === ')') depth = Math.max(0, depth - 1);
    else if (/^(and|or|with)$/i.test(token)) operators++;
  }
  return { operators, depth: deepest };
}

/** Which of LICENSE_LIMITS a (trimmed) licence text is beyond, as a phrase; undefined within them. */
export function licenseLimitProblem(trimmed: string): string | undefined {
  const { maxLength, maxOperators, maxDepth } = LICENSE_LIMITS;
  if (trimmed.length > maxLength) return `${trimmed.length} characters, more than the ${maxLength} allowed`;
  const { operators, depth } = shapeOf(trimmed);
  if (operators > maxOperators) return `${operators} operators (AND, OR, WITH), more than the ${maxOperators} allowed`;
  if (depth > maxDepth) return `parentheses nested ${depth} deep, more than the ${maxDepth} allowed`;
  return undefined;
}

/**
 * Readings by text: a correction costs about half a millisecond, and an SBOM repeats a few
 * licence texts thousands of times. Emptied when full, which bounds it without bookkeeping; texts
 * longer than MAX_CACHED_TEXT (rare: the longest in the corpus is 242 characters) are not kept,
 * so it holds at most 10 MB of keys.
 */
const readings = new Map<string, Readonly<LicenseRead>>();
const MAX_READINGS = 10_000;
const MAX_CACHED_TEXT = 1024;

/** A licence field read as an SPDX expression, and how (see LicenseReading). The result is shared: do not change it. */
export function readLicense(text: string): Readonly<LicenseRead> {
  let read = readings.get(text);
  if (!read) {
    read = Object.freeze(computeReading(text));
    if (read.license) Object.freeze(read.license);
    if (text.length <= MAX_CACHED_TEXT) {
      if (readings.size >= MAX_READINGS) readings.clear();
      readings.set(text, read);
    }
  }
  return read;
}

function computeReading(text: string): LicenseRead {
  const trimmed = text.trim();
  if (NO_LICENSE.has(trimmed.toUpperCase())) return { reading: 'none' };
  const problem = licenseLimitProblem(trimmed);
  if (problem) return { reading: 'over-limit', problem };
  const asWritten = tryParse(trimmed);
  if (asWritten) return { reading: 'as-written', license: { expression: format(asWritten), verbatim: false } };
  const caseFixed = withCaseCorrected(trimmed);
  const corrected = (caseFixed !== undefined ? tryParse(caseFixed) : undefined) ?? faithfulCorrection(trimmed);
  if (corrected) return { reading: 'corrected', license: { expression: format(corrected), verbatim: false } };
  return { reading: 'verbatim', license: { expression: trimmed, verbatim: true } };
}

/**
 * A licence field as an SPDX expression; undefined when the field says none is known, or is beyond
 * LICENSE_LIMITS (readLicense tells the two apart). Order of attempts: as written, then with ids
 * and operators in the right case, then the whole text corrected as one licence name (when the
 * correction is faithful and the name short), else verbatim.
 */
export function normaliseLicense(text: string): NormalisedLicense | undefined {
  return readLicense(text).license;
}

/**
 * Ids by expression: the `license` filter asks for the ids of every stored expression of every
 * package a walk reaches, on every request. Bounded as `readings` is.
 */
const idsByExpression = new Map<string, readonly string[]>();

/**
 * The licence ids an SPDX expression names ("MIT OR Apache-2.0" → MIT, Apache-2.0); none for a
 * verbatim text, nor for one beyond LICENSE_LIMITS (a store written before they existed may hold one).
 * The result is shared: do not change it.
 */
export function licenseIdsOf(expression: string): readonly string[] {
  let ids = idsByExpression.get(expression);
  if (!ids) {
    ids = Object.freeze(computeIds(expression));
    if (expression.length <= MAX_CACHED_TEXT) {
      if (idsByExpression.size >= MAX_READINGS) idsByExpression.clear();
      idsByExpression.set(expression, ids);
    }
  }
  return ids;
}

function computeIds(expression: string): string[] {
  const parsed = licenseLimitProblem(expression.trim()) ? undefined : tryParse(expression);
  if (!parsed) return [];
  const ids: string[] = [];
  const visit = (node: SpdxNode): void => {
    if ('license' in node) ids.push(node.license);
    else {
      visit(node.left);
      visit(node.right);
    }
  };
  visit(parsed);
  return ids;
}
