// SPDX normalisation of licence fields: what parses, what is corrected and when a correction would
// be a guess, the canonical form, and the texts that say no licence is known.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LICENSE_LIMITS, licenseIdsOf, normaliseLicense, readLicense } from '../../src/model/license.js';

// spdx-correct, watched: what the normaliser hands it (the real one still answers).
const corrections = vi.hoisted(() => ({ inputs: [] as string[] }));
vi.mock('spdx-correct', async (importOriginal) => {
  const actual = (await importOriginal<{ default: (text: string) => string | null }>()).default;
  return {
    default: (text: string) => {
      corrections.inputs.push(text);
      return actual(text);
    },
  };
});

const expr = (text: string) => normaliseLicense(text)?.expression;

describe('normaliseLicense', () => {
  it('keeps SPDX ids and LicenseRefs as written', () => {
    for (const id of [
      'MIT',
      'Apache-2.0',
      'BSD-3-Clause',
      'GPL-3.0-or-later',
      'LicenseRef-0',
      'DocumentRef-x:LicenseRef-y',
    ])
      expect(normaliseLicense(id)).toEqual({ expression: id, verbatim: false });
    expect(readLicense('LicenseRef-BSD').reading).toBe('as-written');
  });

  it('trims, and corrects ids and operators written in the wrong case', () => {
    expect(normaliseLicense('  ISC \n')).toEqual({ expression: 'ISC', verbatim: false });
    expect(expr('mit')).toBe('MIT');
    expect(expr('apache-2.0 or mit')).toBe('Apache-2.0 OR MIT');
    expect(readLicense('apache-2.0 or mit').reading).toBe('corrected');
  });

  it('corrects common spellings of one licence that name its version', () => {
    expect(expr('Apache 2.0')).toBe('Apache-2.0');
    expect(expr('Apache License, Version 2.0')).toBe('Apache-2.0');
    expect(expr('The Apache Software License, Version 2.0')).toBe('Apache-2.0');
    expect(expr('Eclipse Public License 1.0')).toBe('EPL-1.0');
    expect(expr('GNU General Public License v2.0')).toBe('GPL-2.0-only');
    expect(expr('GPLv2+')).toBe('GPL-2.0-or-later');
    expect(expr('BSD 3-Clause')).toBe('BSD-3-Clause');
    expect(expr('MIT License')).toBe('MIT');
    expect(expr('GPL-2')).toBe('GPL-2.0-only');
    expect(expr('LGPL-2.1 or later')).toBe('LGPL-2.1-or-later');
  });

  it('keeps "or later" through a correction', () => {
    // spdx-correct reads "GPL-2+" as GPL-2.0-only: the "+" is put back as -or-later.
    expect(expr('GPL-2+')).toBe('GPL-2.0-or-later');
    expect(expr('LGPLv2+')).toBe('LGPL-2.0-or-later');
    expect(expr('Apache 2.0+')).toBe('Apache-2.0+');
  });

  it('keeps verbatim what a correction would have to guess', () => {
    // spdx-correct reads these as BSD-2-Clause, GPL-3.0-or-later, GPL-2.0-only and CDDL-1.1:
    // a version, or a second licence or exception, the text does not state.
    for (const text of [
      'BSD',
      'BSD License',
      'GPL',
      'GNU Lesser General Public License',
      'CDDL + GPLv2 with classpath exception',
      'Dual license consisting of the CDDL v1.1 and GPL v2',
      'GPL-2.0-or-later with classpath-exception-2.0',
      'GNU GPL v2 or later', // spdx-correct: GPL-3.0-or-later
      'Eclipse Public License v2.0', // spdx-correct: EPL-1.0
      'MIT-1', // spdx-correct: MIT
    ]) {
      expect(normaliseLicense(text), text).toEqual({ expression: text, verbatim: true });
      expect(readLicense(text).reading).toBe('verbatim');
    }
    expect(normaliseLicense('Public Domain')).toEqual({ expression: 'Public Domain', verbatim: true });
  });

  it('writes compound expressions in one canonical form: nested conjunctions in parentheses, no others', () => {
    expect(expr('(MIT)')).toBe('MIT');
    expect(expr('MIT OR Apache-2.0')).toBe('MIT OR Apache-2.0');
    expect(expr('(MIT OR Apache-2.0)')).toBe('MIT OR Apache-2.0');
    // AND binds tighter than OR: the canonical form says so.
    expect(expr('MIT OR Apache-2.0 AND BSD-2-Clause')).toBe('MIT OR (Apache-2.0 AND BSD-2-Clause)');
    expect(expr('MIT OR (Apache-2.0 AND BSD-2-Clause)')).toBe('MIT OR (Apache-2.0 AND BSD-2-Clause)');
    expect(expr('(MIT AND Apache-2.0) OR BSD-3-Clause')).toBe('(MIT AND Apache-2.0) OR BSD-3-Clause');
    expect(expr('MIT AND (Apache-2.0 AND ISC)')).toBe('MIT AND Apache-2.0 AND ISC');
  });

  it('keeps WITH exceptions and writes the deprecated GNU ids as -only / -or-later', () => {
    expect(expr('GPL-2.0-only WITH Classpath-exception-2.0')).toBe('GPL-2.0-only WITH Classpath-exception-2.0');
    expect(expr('GPL-2.0 WITH Classpath-exception-2.0')).toBe('GPL-2.0-only WITH Classpath-exception-2.0');
    expect(expr('GPL-2.0')).toBe('GPL-2.0-only');
    expect(expr('LGPL-2.1+')).toBe('LGPL-2.1-or-later');
    expect(expr('Apache-2.0+')).toBe('Apache-2.0+'); // "+" on an id that has no -or-later form stays
    // Deprecated ids without a -only form are still SPDX ids: kept.
    expect(expr('GPL-2.0-with-classpath-exception')).toBe('GPL-2.0-with-classpath-exception');
  });

  it('gives nothing for NOASSERTION, NONE and empty fields, in any case', () => {
    for (const text of ['NOASSERTION', 'noassertion', 'NONE', 'None', '', '   ']) {
      expect(normaliseLicense(text)).toBeUndefined();
      expect(readLicense(text).reading).toBe('none');
    }
  });

  it('is idempotent: a normalised expression normalises to itself', () => {
    for (const text of ['mit or apache-2.0', 'GPL-2.0+ AND (MIT OR ISC)', 'Apache 2.0', 'BSD'])
      expect(normaliseLicense(expr(text)!)).toEqual(normaliseLicense(text));
  });
});

describe('licenseIdsOf', () => {
  it('lists the licence ids of an expression, without exceptions', () => {
    expect(licenseIdsOf('MIT')).toEqual(['MIT']);
    expect(licenseIdsOf('MIT OR (Apache-2.0 AND BSD-2-Clause)')).toEqual(['MIT', 'Apache-2.0', 'BSD-2-Clause']);
    expect(licenseIdsOf('GPL-2.0-only WITH Classpath-exception-2.0')).toEqual(['GPL-2.0-only']);
    expect(licenseIdsOf('LicenseRef-custom AND MIT')).toEqual(['LicenseRef-custom', 'MIT']);
  });

  it('lists none for a verbatim text', () => {
    expect(licenseIdsOf('GNU Lesser General Public License')).toEqual([]);
    expect(licenseIdsOf('BSD')).toEqual([]);
  });
});

describe('licence limits (docs/formats/sbom.md#licences)', () => {
  const { maxLength, maxOperators, maxDepth } = LICENSE_LIMITS;
  const terms = (n: number, operator = 'AND') => Array.from({ length: n }, () => 'MIT').join(` ${operator} `);
  const nested = (depth: number) => `${'('.repeat(depth)}MIT${')'.repeat(depth)}`;
  beforeEach(() => {
    corrections.inputs.length = 0;
  });

  it('leaves a text beyond them unread, saying which limit, and reads one at them as before', () => {
    const long = 'L'.repeat(64 * 1024);
    expect(readLicense(long)).toEqual({
      reading: 'over-limit',
      problem: '65536 characters, more than the 4096 allowed',
    });
    expect(normaliseLicense(long)).toBeUndefined();
    expect(readLicense(`LicenseRef-${'a'.repeat(maxLength - 11)}`).reading).toBe('as-written');
    // Surrounding whitespace does not count.
    expect(readLicense(` ${'L'.repeat(maxLength)}\n`).reading).toBe('verbatim');

    expect(readLicense(terms(maxOperators + 2))).toEqual({
      reading: 'over-limit',
      problem: '257 operators (AND, OR, WITH), more than the 256 allowed',
    });
    expect(readLicense(terms(maxOperators + 1, 'or')).reading).toBe('as-written');
    expect(readLicense(nested(maxDepth + 1))).toEqual({
      reading: 'over-limit',
      problem: 'parentheses nested 33 deep, more than the 32 allowed',
    });
    expect(normaliseLicense(nested(maxDepth))).toEqual({ expression: 'MIT', verbatim: false });
  });

  it('names no ids for a stored expression beyond them', () => {
    expect(licenseIdsOf(terms(maxOperators + 2))).toEqual([]);
    expect(licenseIdsOf(terms(maxOperators + 1))).toHaveLength(maxOperators + 1);
  });

  it('hands spdx-correct single short names only, never a whole long text', () => {
    // Texts that neither parse nor case-correct: the old code gave each whole to spdx-correct,
    // which rewrites and re-parses it about 1,000 times (17 s for 64 KB of spaces).
    const texts = [
      `${terms(200)} AND junk`,
      `a${' '.repeat(maxLength - 2)}b`,
      'L'.repeat(maxLength),
      'Apache License, Version 2.0 '.repeat(100),
    ];
    for (const text of texts) expect(readLicense(text).reading).toBe('verbatim');
    expect(corrections.inputs).toEqual([]);
    // A licence name is still corrected, and is all spdx-correct sees.
    expect(normaliseLicense(' Apache License, Version 2.0 ')?.expression).toBe('Apache-2.0'); // not yet cached
    expect(corrections.inputs).toEqual(['Apache License, Version 2.0']);
  });
});
