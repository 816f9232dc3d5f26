// Migration step 16 on either backend: a store as schema 15 left it is made from a store of this
// build by dropping the advisories' names column; migrated, each advisory must name the distinct
// (ecosystem, name) pairs of its affected entries, as the writer records them.
import { expect } from 'vitest';
import { ingestInto } from '../helpers/server.js';

const affected = (ecosystem: string, name: string, fixed: string) => ({
  package: { ecosystem, name },
  ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed }] }],
});

/** Two advisories: one naming a package twice and another package, one naming none. */
const RECORDS = {
  'GHSA-aaaa-bbbb-cccc.json': {
    id: 'GHSA-aaaa-bbbb-cccc',
    modified: '2024-01-01T00:00:00Z',
    affected: [
      affected('npm', 'left-pad', '1.0.1'),
      affected('PyPI', 'requests', '2.0.0'),
      affected('npm', 'left-pad', '2.0.1'),
    ],
  },
  'GHSA-dddd-eeee-ffff.json': { id: 'GHSA-dddd-eeee-ffff', modified: '2024-01-01T00:00:00Z', affected: [] },
};

/** Each advisory's id and its names, sorted (the order of names carries no meaning). */
export type AdvisoryNames = [string, [string, string][]][];

/** The SQL that selects (vulnerability key, names) per advisory row, for a dialect's table names. */
export const NAMES_SQL = (prefix: string): string =>
  `SELECT n.key AS id, a."names" AS names FROM ${prefix}advisory a JOIN ${prefix}nodes n ON n.id = a.a ORDER BY n.key`;

/** The rows NAMES_SQL selects, names parsed (SQLite gives text) and sorted. */
export function advisoryNames(rows: readonly { id: string; names: unknown }[]): AdvisoryNames {
  return rows.map(({ id, names }) => {
    const pairs = (typeof names === 'string' ? JSON.parse(names) : names) as [string, string][];
    return [id, [...pairs].sort((x, y) => `${x[0]} ${x[1]}`.localeCompare(`${y[0]} ${y[1]}`))];
  });
}

export const EXPECTED_NAMES: AdvisoryNames = [
  [
    'GHSA-aaaa-bbbb-cccc',
    [
      ['npm', 'left-pad'],
      ['PyPI', 'requests'],
    ],
  ],
  ['GHSA-dddd-eeee-ffff', []],
];

export async function ingestAdvisories(location: string): Promise<void> {
  const results = await ingestInto(
    location,
    Object.fromEntries(Object.entries(RECORDS).map(([name, r]) => [name, JSON.stringify(r)])),
  );
  expect(results.map((r) => r.status)).toEqual(['stored', 'stored']);
}

/** The SQL that undoes step 16, for a dialect's table names ("" or "sg_"). */
export function undoStep16(prefix: string): string[] {
  return [`ALTER TABLE ${prefix}advisory DROP COLUMN "names"`];
}
