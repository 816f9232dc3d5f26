// The linear SPDX scanner against spdx-expression-parse's own: the same tree, or an error, for
// every text, its quirks included; and a scan whose length does not depend on the rest of the text.
import { describe, expect, it } from 'vitest';
import spdxExpressionParse from 'spdx-expression-parse';
import ids from 'spdx-license-ids/index.json' with { type: 'json' };
import { parseSpdxExpression, scanSpdx } from '../../src/model/spdx-scan.js';

const outcome = (parse: (text: string) => unknown, text: string): unknown => {
  try {
    return parse(text);
  } catch {
    return 'error';
  }
};

/** Texts of random pieces: ids, operators in any case, parentheses, references, garbage, odd spaces. */
function randomTexts(count: number): string[] {
  const pieces = [
    ...['MIT', 'mit', 'Apache-2.0', 'GPL-2.0', 'AGPL-1.0-only', 'Classpath-exception-2.0', '0BSD', 'or-later'],
    ...[' ', '  ', 'AND', 'and', 'OR', 'or', 'With', 'WITH', 'ANDROID', 'ORMIT', '(', ')', '+', ':'],
    ...['LicenseRef-', 'DocumentRef-', 'x', 'zzzz', '!', ',', '\t', '-', '.', 'ı', 'İ'],
  ];
  let seed = 42;
  const next = (k: number): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % k;
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + next(8) }, () => pieces[next(pieces.length)]).join(''),
  );
}

describe('parseSpdxExpression', () => {
  it('parses as spdx-expression-parse does, quirks included', () => {
    const texts = [
      ...ids.flatMap((id) => [id, `${id}+`, `(${id} OR mit) and ${id} WITH LLVM-exception`]),
      'MIT or Apache-2.0', // operators in any case
      'MIT\tOR ISC', // only spaces separate
      'GPL-2.0 +', // a space before "+" is an error
      'DocumentRef-a:LicenseRef-b WITH Classpath-exception-2.0',
      // Where no token starts, the package reads the next run of id characters further on and moves
      // by its length: this one parses, as "LicenseRef-zzzzORMIT OR MIT".
      'LicenseRef-!!!!!zzzzORMIT',
      '!!!MIT',
      ...randomTexts(20_000),
    ];
    let parsed = 0;
    const differing: string[] = [];
    for (const text of texts) {
      const expected = JSON.stringify(outcome(spdxExpressionParse, text));
      if (JSON.stringify(outcome(parseSpdxExpression, text)) !== expected) differing.push(text);
      if (expected !== '"error"') parsed++;
    }
    expect(differing).toEqual([]);
    expect(parsed).toBeGreaterThan(2000); // the comparison is not only of errors
    expect(parseSpdxExpression('LicenseRef-!!!!!zzzzORMIT')).toEqual({
      left: { license: 'LicenseRef-zzzzORMIT' },
      conjunction: 'or',
      right: { license: 'MIT' },
    });
  });

  it('gives one token per term and operator, however long the text', () => {
    const terms = 2000;
    const text = Array.from({ length: terms }, () => 'MIT').join(' AND ');
    expect(scanSpdx(text)).toHaveLength(2 * terms - 1);
  });
});
