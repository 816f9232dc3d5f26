// The SLSA provenance rows of artifacts, for /v0/artifact/{digest}/info: has_slsa holds one row
// per (statement, material), keyed by the built artifact `a` with the (a, b) index of migration
// step 6, so both lookups here go through it: by the built artifacts, and (for the statements
// listing an artifact as a material) by the built artifacts the index names with that material.
// No index by `b` alone: one on a fact table slows every ingest (see package-documents.ts).
// Both backends run these statements; only the table names and the parameters differ.
import type { Dialect } from './schema/dialect.js';
import type { SlsaRow } from '../model/stored-facts.js';

const COLUMNS =
  'doc, a AS built, b AS material, "builder" AS builder, "build_type" AS "buildType", ' +
  '"slsa_version" AS "slsaVersion", "started_on" AS "startedOn", "finished_on" AS "finishedOn", ' +
  '"signature" AS signature, "signed_by" AS "signedBy"';

/**
 * The rows whose built artifact is one of a list, the most recently stored document first (then
 * in stored order). Parameters: the artifacts (SQLite: a JSON array text; PostgreSQL: a bigint
 * array), then, with `byMaterial`, the material the rows must name.
 */
export function slsaRowsSql(d: Dialect, byMaterial: boolean): string {
  const pg = d.name === 'postgres';
  const built = pg ? 'a = ANY($1::bigint[])' : 'a IN (SELECT value FROM json_each(?))';
  const material = byMaterial ? ` AND b = ${pg ? '$2' : '?'}` : '';
  return `SELECT ${COLUMNS} FROM ${d.table('has_slsa')} WHERE ${built}${material} ORDER BY doc DESC, id`;
}

/** A row as a driver returns it (PostgreSQL bigints may come as text). */
export function slsaRowOf(r: Record<string, unknown>): SlsaRow {
  // Text columns come back as strings from both drivers; anything else is no value.
  const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  return {
    doc: Number(r.doc),
    built: Number(r.built),
    material: r.material === null || r.material === undefined ? null : Number(r.material),
    builder: text(r.builder),
    buildType: text(r.buildType),
    slsaVersion: text(r.slsaVersion),
    startedOn: text(r.startedOn),
    finishedOn: text(r.finishedOn),
    signature:
      r.signature === 'verified' || r.signature === 'unverified' || r.signature === 'unsigned' ? r.signature : null,
    signedBy: text(r.signedBy),
  };
}
