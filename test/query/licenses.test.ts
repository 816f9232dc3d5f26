// The licence filter and counts over a hand-made index: which query matches which stated
// expressions, and how /analysis/licenses counts packages with several, or none.
import { describe, expect, it } from 'vitest';
import { GraphIndex } from '../../src/index/graph-index.js';
import { LoadBatch } from '../../src/index/load-batch.js';
import { FactKind, NodeKind } from '../../src/model/kinds.js';
import type { LicenseKind } from '../../src/model/facts.js';
import { InvalidInputError } from '../../src/query/errors.js';
import {
  filterByLicense,
  licenseCounts,
  matchesLicense,
  parseLicenseFilter,
  type LicenseFilter,
} from '../../src/query/licenses.js';
import type { LicenseRecord } from '../../src/index/licenses.js';

const rec = (expression: string, verbatim = false, kind: LicenseKind = 'declared', doc = 1): LicenseRecord => ({
  expression,
  kind,
  verbatim,
  doc,
});
const matches = (query: string, ...records: LicenseRecord[]): boolean =>
  matchesLicense(records, parseLicenseFilter(query));

describe('parseLicenseFilter', () => {
  it('normalises the query as ingest normalises a licence field', () => {
    expect(parseLicenseFilter('apache-2.0')).toEqual({
      unknown: false,
      expression: 'Apache-2.0',
      verbatim: false,
      id: 'Apache-2.0',
    });
    expect(parseLicenseFilter('Apache 2.0')).toMatchObject({ expression: 'Apache-2.0', id: 'Apache-2.0' });
    expect(parseLicenseFilter('MIT OR Apache-2.0')).toEqual({
      unknown: false,
      expression: 'MIT OR Apache-2.0',
      verbatim: false,
    });
  });

  it('takes "unknown" in any case, and the SPDX words for no licence, as the packages without one', () => {
    for (const q of ['unknown', 'Unknown', ' UNKNOWN ', 'NOASSERTION', 'NONE']) {
      expect(parseLicenseFilter(q)).toEqual({ unknown: true });
    }
  });

  it('refuses an empty query', () => {
    expect(() => parseLicenseFilter('  ')).toThrow(InvalidInputError);
  });

  it('refuses a query beyond the licence limits, naming the parameter and the limit', () => {
    const refusal = (query: string): InvalidInputError => {
      try {
        parseLicenseFilter(query);
      } catch (err) {
        if (err instanceof InvalidInputError) return err;
        throw err;
      }
      throw new Error(`${query.slice(0, 20)}… was accepted`);
    };
    const long = refusal('L'.repeat(64 * 1024));
    expect(long.parameter).toBe('license');
    expect(long.code).toBe('SG_INVALID_PARAMETER');
    expect(long.message).toMatch(
      /^invalid license: 65536 characters, more than the 4096 allowed; .*at most 4096 characters/,
    );
    expect(refusal(Array(258).fill('MIT').join(' OR ')).message).toMatch(/257 operators .*more than the 256 allowed/);
    expect(refusal(`${'('.repeat(33)}MIT${')'.repeat(33)}`).message).toMatch(
      /nested 33 deep, more than the 32 allowed/,
    );
    // At the limits, a query is read as before.
    expect(parseLicenseFilter(Array(257).fill('MIT').join(' OR '))).toMatchObject({ verbatim: false });
  });

  it('keeps a text that is no SPDX expression, flagged verbatim', () => {
    expect(parseLicenseFilter('Some Custom Licence')).toEqual({
      unknown: false,
      expression: 'Some Custom Licence',
      verbatim: true,
    });
  });
});

describe('matchesLicense', () => {
  it('matches an equal expression, declared or concluded', () => {
    expect(matches('MIT', rec('MIT'))).toBe(true);
    expect(matches('MIT', rec('MIT', false, 'concluded'))).toBe(true);
    expect(matches('mit', rec('MIT'))).toBe(true);
    expect(matches('MIT', rec('ISC'))).toBe(false);
    expect(matches('MIT OR Apache-2.0', rec('MIT OR Apache-2.0'))).toBe(true);
  });

  it('a single licence id also matches the expressions naming it, a compound query only its equal', () => {
    expect(matches('MIT', rec('MIT OR Apache-2.0'))).toBe(true);
    expect(matches('Apache-2.0', rec('MIT AND (BSD-3-Clause OR Apache-2.0)'))).toBe(true);
    expect(matches('GPL-2.0-only', rec('GPL-2.0-only WITH Classpath-exception-2.0'))).toBe(true);
    expect(matches('MIT OR Apache-2.0', rec('MIT'))).toBe(false);
    expect(matches('MIT OR Apache-2.0', rec('Apache-2.0 OR MIT'))).toBe(false);
    // GPL-3.0-only is not GPL-3.0-or-later, nor the other way round.
    expect(matches('GPL-3.0-only', rec('GPL-3.0-or-later'))).toBe(false);
  });

  it('compares verbatim texts ignoring case, and never looks inside them for ids', () => {
    expect(matches('some custom licence', rec('Some Custom Licence', true))).toBe(true);
    expect(matches('Some Custom Licence', rec('Other Licence', true))).toBe(false);
    expect(matches('MIT', rec('MIT-like custom terms', true))).toBe(false);
  });

  it('unknown: exactly the packages with no statement at all', () => {
    const unknown: LicenseFilter = { unknown: true };
    expect(matchesLicense([], unknown)).toBe(true);
    expect(matchesLicense([rec('Custom', true)], unknown)).toBe(false);
    expect(matchesLicense([rec('MIT')], unknown)).toBe(false);
    expect(matchesLicense([], parseLicenseFilter('MIT'))).toBe(false);
  });
});

/** app → a, b, c, d; licences: a MIT (declared) and Apache-2.0 (concluded), b "MIT OR Apache-2.0" in two documents, c none, d verbatim. */
function graph(): GraphIndex {
  const batch = new LoadBatch();
  const purls = ['pkg:npm/app@1', 'pkg:npm/a@1', 'pkg:npm/b@1', 'pkg:npm/c@1', 'pkg:npm/d@1'];
  purls.forEach((purl, i) => batch.node(i + 1, NodeKind.Package, purl, null));
  for (const doc of [1, 2]) batch.document({ id: doc, digest: `sha256:${doc}`, origin: '', collector: '' });
  for (const to of [2, 3, 4, 5]) batch.dependencyEdge(1, to, true);
  const license = (a: number, expression: string, kind: LicenseKind, doc: number, verbatim = false) =>
    batch.record({ kind: FactKind.HasLicense, a, b: 0, doc, fields: { expression, kind, verbatim } });
  license(2, 'MIT', 'declared', 1);
  license(2, 'Apache-2.0', 'concluded', 1);
  license(3, 'MIT OR Apache-2.0', 'declared', 1);
  license(3, 'MIT OR Apache-2.0', 'concluded', 2);
  license(5, 'Custom terms', 'declared', 2, true);
  const g = new GraphIndex();
  g.apply(batch);
  return g;
}

describe('filterByLicense and licenseCounts over a walk', () => {
  const g = graph();
  const deps = ['pkg:npm/a@1', 'pkg:npm/b@1', 'pkg:npm/c@1', 'pkg:npm/d@1'];

  it('filters the list, keeping its order', () => {
    expect(filterByLicense(g, deps, parseLicenseFilter('MIT'))).toEqual(['pkg:npm/a@1', 'pkg:npm/b@1']);
    expect(filterByLicense(g, deps, parseLicenseFilter('Apache-2.0'))).toEqual(['pkg:npm/a@1', 'pkg:npm/b@1']);
    expect(filterByLicense(g, deps, parseLicenseFilter('MIT OR Apache-2.0'))).toEqual(['pkg:npm/b@1']);
    expect(filterByLicense(g, deps, parseLicenseFilter('unknown'))).toEqual(['pkg:npm/c@1']);
    expect(filterByLicense(g, deps, parseLicenseFilter('custom TERMS'))).toEqual(['pkg:npm/d@1']);
    expect(filterByLicense(g, deps, parseLicenseFilter('ISC'))).toEqual([]);
  });

  it('counts each package once per distinct expression, none as unknown, highest first then by licence', () => {
    // a: MIT, Apache-2.0; b: one expression stated twice; c: unknown; d: its verbatim text.
    expect(licenseCounts(g, deps)).toEqual([
      { License: 'Apache-2.0', Count: 1 },
      { License: 'Custom terms', Count: 1 },
      { License: 'MIT', Count: 1 },
      { License: 'MIT OR Apache-2.0', Count: 1 },
      { License: 'unknown', Count: 1 },
    ]);
    expect(licenseCounts(g, [...deps, 'pkg:npm/app@1'])).toEqual([
      { License: 'unknown', Count: 2 },
      { License: 'Apache-2.0', Count: 1 },
      { License: 'Custom terms', Count: 1 },
      { License: 'MIT', Count: 1 },
      { License: 'MIT OR Apache-2.0', Count: 1 },
    ]);
    expect(licenseCounts(g, [])).toEqual([]);
  });

  it('the count of an expression is the size of the filtered list whenever nothing else names it', () => {
    for (const { License, Count } of licenseCounts(g, deps)) {
      if (License === 'MIT' || License === 'Apache-2.0') continue; // also named inside "MIT OR Apache-2.0"
      expect(filterByLicense(g, deps, parseLicenseFilter(License))).toHaveLength(Count);
    }
  });
});
