// Licence texts as SPDX expressions: a document's licence field parsed with the SPDX expression
// grammar and licence list (spdx-expression-parse), corrected when it is a known licence written
// differently ("mit OR apache-2.0", "Apache 2.0", "GPLv3": spdx-correct, accepted only when the
// correction cannot change its meaning), written back in one canonical form so equal licences
// compare equal. What still does not parse is kept as written, flagged verbatim.
// The choices are in docs/formats/sbom.md#licences.
import parseSpdx from 'spdx-expression-parse';
import correctSpdx from 'spdx-correct';
import CURRENT_IDS from 'spdx-license-ids/index.json' with { type: 'json' };
import DEPRECATED_IDS from 'spdx-license-ids/deprecated.json' with { type: 'json' };

export interface NormalisedLicense {
  expression: string;
  /** Not an SPDX expression: the text as the document gave it (trimmed). */
  verbatim: boolean;
}

/**
 * How a licence field was read: `as-written` (a valid SPDX expression), `corrected` (a known licence
 * written differently), `verbatim` (neither), `none` (NOASSERTION, NONE or empty: no licence).
 */
export type LicenseReading = 'as-written' | 'corrected' | 'verbatim' | 'none';

/** Field values that say no licence is known (SPDX NOASSERTION, NONE): no licence fact. */
const NO_LICENSE = new Set(['', 'NOASSERTION', 'NONE']);

/** Licence ids by their lower-case spelling, current ones winning over deprecated ones. */
const ID_BY_LOWER = new Map([...DEPRECATED_IDS, ...CURRENT_IDS].map((id) => [id.toLowerCase(), id]));
const CURRENT = new Set(CURRENT_IDS);

type SpdxNode = ReturnType<typeof parseSpdx>;

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
    return parseSpdx(text);
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
  const corrected = correctSpdx(text);
  if (!corrected || SECOND_LICENSE.test(text)) return undefined;
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
}

/**
 * Readings by text: a correction costs about half a millisecond, and an SBOM repeats a few
 * licence texts thousands of times. Emptied when full, which bounds it without bookkeeping.
 */
const readings = new Map<string, Readonly<LicenseRead>>();
const MAX_READINGS = 10_000;

/** A licence field read as an SPDX expression, and how (see LicenseReading). The result is shared: do not change it. */
export function readLicense(text: string): Readonly<LicenseRead> {
  let read = readings.get(text);
  if (!read) {
    if (readings.size >= MAX_READINGS) readings.clear();
    read = Object.freeze(computeReading(text));
    if (read.license) Object.freeze(read.license);
    readings.set(text, read);
  }
  return read;
}

function computeReading(text: string): LicenseRead {
  const trimmed = text.trim();
  if (NO_LICENSE.has(trimmed.toUpperCase())) return { reading: 'none' };
  const asWritten = tryParse(trimmed);
  if (asWritten) return { reading: 'as-written', license: { expression: format(asWritten), verbatim: false } };
  const caseFixed = withCaseCorrected(trimmed);
  const corrected = (caseFixed !== undefined ? tryParse(caseFixed) : undefined) ?? faithfulCorrection(trimmed);
  if (corrected) return { reading: 'corrected', license: { expression: format(corrected), verbatim: false } };
  return { reading: 'verbatim', license: { expression: trimmed, verbatim: true } };
}

/**
 * A licence field as an SPDX expression; undefined when the field says none is known.
 * Order of attempts: as written, then with ids and operators in the right case, then the whole
 * text corrected as one licence name (when the correction is faithful), else verbatim.
 */
export function normaliseLicense(text: string): NormalisedLicense | undefined {
  return readLicense(text).license;
}

/** The licence ids an SPDX expression names ("MIT OR Apache-2.0" → MIT, Apache-2.0); none for a verbatim text. */
export function licenseIdsOf(expression: string): string[] {
  const parsed = tryParse(expression);
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
