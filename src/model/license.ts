// Licence texts as SPDX expressions: a document's licence field parsed with the SPDX expression
// grammar and licence list (spdx-expression-parse), corrected when it is a common misspelling of
// one licence ("Apache 2.0", "GPLv3": spdx-correct), written back in one canonical form so equal
// licences compare equal. What still does not parse is kept as written, flagged verbatim.
import parseSpdx from 'spdx-expression-parse';
import correctSpdx from 'spdx-correct';

export interface NormalisedLicense {
  expression: string;
  /** Not an SPDX expression: the text as the document gave it (trimmed). */
  verbatim: boolean;
}

/** Field values that say no licence is known (SPDX NOASSERTION, NONE): no licence fact. */
const NO_LICENSE = new Set(['', 'NOASSERTION', 'NONE']);

type SpdxNode = ReturnType<typeof parseSpdx>;

/** The canonical text of a parsed expression: a nested expression of the other conjunction in parentheses. */
function format(node: SpdxNode, parent?: 'and' | 'or'): string {
  if ('license' in node) {
    const plus = node.plus ? '+' : '';
    return node.exception ? `${node.license}${plus} WITH ${node.exception}` : `${node.license}${plus}`;
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
 * A licence field as an SPDX expression; undefined when the field says none is known.
 * Order of attempts: as written, then the whole text corrected as one licence name.
 */
export function normaliseLicense(text: string): NormalisedLicense | undefined {
  const trimmed = text.trim();
  if (NO_LICENSE.has(trimmed.toUpperCase())) return undefined;
  const parsed = tryParse(trimmed) ?? tryParse(correctSpdx(trimmed) ?? '');
  return parsed ? { expression: format(parsed), verbatim: false } : { expression: trimmed, verbatim: true };
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
