// `supplygraph migrate` applies the one migration list (../schema/migrations.ts) to a database;
// every other command only checks the version (a server never runs against a schema it does not know).
import { randomUUID } from 'node:crypto';
import { POSTGRES_DIALECT } from '../schema/dialect.js';
import { MIGRATIONS, SCHEMA_VERSION } from '../schema/migrations.js';
import { missingColumns } from '../schema/missing-columns.js';
import { NodeKind } from '../../model/kinds.js';
import { applicableRenames, changedPurlKeys, PURL_NODE_KINDS, type PurlRekeyReport } from '../purl-rekey.js';
import type { Db } from './connection.js';
import { sql, statement, type Queryable } from './driver.js';
import { packInclusions } from './inclusions.js';
import { pgStatement } from './projects.js';
import {
  BACKFILL_CHUNK,
  backfillStatements,
  recordedBuildsSql,
  sbomSubjectsSql,
  type SbomSubjectRow,
} from '../build-backfill.js';
import { inTransaction } from './transaction.js';
import { nodeHash } from './write.js';

export { MIGRATIONS };
export const PG_SCHEMA_VERSION = SCHEMA_VERSION;

const VERSION_TABLE = 'sg_schema_migrations';

/** Raised when the database's schema is not the one this build needs; never retried. */
export class SchemaVersionError extends Error {
  constructor(
    readonly found: number,
    readonly needed: number,
  ) {
    super(
      found === 0
        ? `the database has no supplygraph schema (version 0); this build needs schema version ${needed}: run "supplygraph init --store <url>" first`
        : found < needed
          ? `the database schema is version ${found}; this build needs version ${needed}: run "supplygraph migrate --store <url>"`
          : `the database schema is version ${found}, newer than this build knows (it needs version ${needed}); upgrade supplygraph`,
    );
  }
}

/** The schema version the database is at (0: none). */
export async function schemaVersion(db: Queryable): Promise<number> {
  // to_regclass is PostgreSQL/YugabyteDB/Citus; information_schema works on CockroachDB as well.
  const [exists] = await db.rows<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_name = ${VERSION_TABLE}`);
  if (!exists || exists.n === 0) return 0;
  const [row] = await db.rows<{ v: number | null }>(statement(`SELECT max(version)::int AS v FROM ${VERSION_TABLE}`));
  return row?.v ?? 0;
}

/** ALTER statements for columns of fields added to a fact schema since the database was migrated. */
async function columnsToAdd(db: Queryable): Promise<string[]> {
  const rows = await db.rows<{ table_name: string; column_name: string }>(sql`
    SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`);
  const byTable = new Map<string, Set<string>>();
  for (const r of rows) {
    let columns = byTable.get(r.table_name);
    if (!columns) byTable.set(r.table_name, (columns = new Set()));
    columns.add(r.column_name);
  }
  return missingColumns(POSTGRES_DIALECT, (table) => byTable.get(table) ?? new Set());
}

export async function checkSchema(db: Queryable): Promise<void> {
  const found = await schemaVersion(db);
  if (found !== PG_SCHEMA_VERSION) throw new SchemaVersionError(found, PG_SCHEMA_VERSION);
  if ((await columnsToAdd(db)).length) {
    throw new Error('the database lacks columns of fields this build stores: run "supplygraph migrate --store <url>"');
  }
}

export interface MigrationReport {
  from: number;
  to: number;
  applied: { version: number; description: string }[];
}

/**
 * Applies the missing steps, each in its own transaction together with its row in the version
 * table: two concurrent migrators cannot both apply a step (the second one's insert of the
 * same version fails and its DDL rolls back with it).
 */
export async function applyMigrations(db: Db): Promise<MigrationReport> {
  await db.run(
    statement(`CREATE TABLE IF NOT EXISTS ${VERSION_TABLE} (
    version INTEGER PRIMARY KEY,
    description TEXT NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`),
  );
  const from = await schemaVersion(db);
  if (from > PG_SCHEMA_VERSION) throw new SchemaVersionError(from, PG_SCHEMA_VERSION);
  const applied: MigrationReport['applied'] = [];
  let rekeyed: PurlRekeyReport | undefined;
  for (const step of MIGRATIONS) {
    if (step.version <= from) continue;
    await inTransaction(db, async (tx) => {
      await tx.run(
        statement(`INSERT INTO ${VERSION_TABLE} (version, description) VALUES ($1, $2)`, [
          step.version,
          step.description,
        ]),
      );
      for (const text of step.statements(POSTGRES_DIALECT)) await tx.run(statement(text));
      if (step.rekeyPurls) rekeyed = await rekeyPurls(tx);
      if (step.packInclusions) await packInclusions(tx);
      if (step.backfillBuilds) await backfillPgBuilds(tx);
      if (step.version === 1) await tx.run(sql`INSERT INTO sg_meta (key, value) VALUES ('store_id', ${randomUUID()})`);
    });
    applied.push({ version: step.version, description: step.description + (rekeyed ? rekeyedNote(rekeyed) : '') });
    rekeyed = undefined;
  }
  const added = await columnsToAdd(db);
  if (added.length) {
    await inTransaction(db, async (tx) => {
      for (const text of added) await tx.run(statement(text));
    });
    applied.push({ version: PG_SCHEMA_VERSION, description: `columns of new fields: ${added.length}` });
  }
  return { from, to: PG_SCHEMA_VERSION, applied };
}

/** Step 12 (../build-backfill.ts): a build for every SBOM stored before. */
async function backfillPgBuilds(tx: Queryable): Promise<void> {
  const recorded = await tx.rows<{ doc: number }>(pgStatement(recordedBuildsSql(POSTGRES_DIALECT)));
  const done = new Set(recorded.map((r) => Number(r.doc)));
  for (let last = 0; ;) {
    const rows = await tx.rows<SbomSubjectRow>(pgStatement(sbomSubjectsSql(POSTGRES_DIALECT, last)));
    for (const s of backfillStatements(POSTGRES_DIALECT, rows, done)) await tx.run(pgStatement(s));
    if (rows.length < BACKFILL_CHUNK) return;
    last = Number(rows[rows.length - 1].id);
  }
}

function rekeyedNote(r: PurlRekeyReport): string {
  return `: ${r.rekeyed} re-keyed, ${r.invalid} kept as stored (invalid by ECMA-427), ${r.taken} kept (their new form is taken)`;
}

const REKEY_CHUNK = 10_000;

const hashOf = (kind: number, key: string): string => nodeHash({ kind: kind as NodeKind, key, attr: null });

/** Step 9 (../purl-rekey.ts): each stored purl in its ECMA-427 canonical form, documents' subjects too. */
async function rekeyPurls(tx: Queryable): Promise<PurlRekeyReport> {
  const report: PurlRekeyReport = { rekeyed: 0, invalid: 0, taken: 0 };
  const nodes: { id: number; kind: number; key: string }[] = [];
  for (let last = 0; ;) {
    const rows = await tx.rows<{ id: number; kind: number; key: string }>(sql`
      SELECT id::int AS id, kind::int AS kind, key FROM sg_nodes
      WHERE kind = ANY(${PURL_NODE_KINDS}::int[]) AND id > ${last} ORDER BY id LIMIT ${REKEY_CHUNK}`);
    nodes.push(...rows);
    if (rows.length < REKEY_CHUNK) break;
    last = rows[rows.length - 1].id;
  }
  const changes = changedPurlKeys(nodes, report);
  const hashes = changes.map((c) => hashOf(c.kind, c.to));
  const taken = new Set<string>();
  for (let i = 0; i < hashes.length; i += REKEY_CHUNK) {
    const rows = await tx.rows<{ key_hash: string }>(sql`
      SELECT key_hash FROM sg_nodes WHERE key_hash = ANY(${hashes.slice(i, i + REKEY_CHUNK)}::text[])`);
    for (const r of rows) taken.add(r.key_hash);
  }
  const renames = applicableRenames(changes, (kind, key) => taken.has(hashOf(kind, key)), report);
  for (const r of renames) {
    await tx.run(sql`UPDATE sg_nodes SET key = ${r.to}, key_hash = ${hashOf(r.kind, r.to)} WHERE id = ${r.id}`);
    if (r.kind === NodeKind.Package) {
      await tx.run(sql`UPDATE sg_documents SET subject = ${r.to} WHERE subject = ${r.from}`);
    }
  }
  return report;
}
