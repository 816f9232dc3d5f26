// Migration step 8 (provenance signatures) on either backend: a store as schema 7 left it is
// built from a store of this build by undoing step 8 (dropping the two columns it adds), which
// is exactly a schema-7 store: those columns are the only difference between the two schemas.
import { expect } from 'vitest';
import { FIXTURES } from '../helpers/corpus.js';
import { ingestInto } from '../helpers/server.js';
import { undoStep16 } from './advisory-names-migration.js';

/** Provenance in three wrappers: a bare statement, a DSSE envelope, a Sigstore bundle. */
export const PROVENANCE = {
  statement: 'slsa-provenance-azure-devops-kubectl-v1.28.1-statement-v0.2.json',
  dsse: 'slsa-provenance-tekton-chains-kaniko-image-dsse-v0.2.json',
  bundle: 'slsa-provenance-slsa-github-generator-container-based-v2.1.0-bundle-v1.json',
} as const;

/** The SQL that undoes step 8 (and 16, which a store at 7 runs again), for a dialect's table names ("" or "sg_"). */
export function undoStep8(prefix: string): string[] {
  return [
    ...undoStep16(prefix),
    `ALTER TABLE ${prefix}has_slsa DROP COLUMN "signature"`,
    `ALTER TABLE ${prefix}has_slsa DROP COLUMN "signed_by"`,
  ];
}

/** The (document name, signature, signed_by) of every has_slsa row, distinct and sorted. */
export function signatureRowsSql(prefix: string): string {
  return `SELECT DISTINCT d.name, s."signature" AS signature, s."signed_by" AS signed_by
    FROM ${prefix}has_slsa s JOIN ${prefix}documents d ON d.id = s.doc ORDER BY d.name, signature`;
}

export async function ingestProvenance(location: string): Promise<void> {
  const docs = Object.fromEntries(Object.values(PROVENANCE).map((f) => [f, FIXTURES.text(f)]));
  for (const r of await ingestInto(location, docs)) expect(r.status, r.error).toBe('stored');
}

/** What step 8 makes of rows stored before: signed wrappers unverified, the bare statement unsigned. */
export function expectJudgedRows(rows: readonly { name: string; signature: unknown; signed_by: unknown }[]): void {
  expect(rows.map((r) => ({ ...r }))).toEqual(
    [
      { name: PROVENANCE.statement, signature: 'unsigned', signed_by: null },
      { name: PROVENANCE.bundle, signature: 'unverified', signed_by: null },
      { name: PROVENANCE.dsse, signature: 'unverified', signed_by: null },
    ].sort((a, b) => (a.name < b.name ? -1 : 1)),
  );
}
