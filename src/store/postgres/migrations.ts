// Versioned schema of the PostgreSQL store. `supplygraph migrate` applies the steps; every other
// command only checks the version (a server never runs against a schema it does not know).
// Never edit a shipped step: append one. The SQL stays within what Citus, YugabyteDB and
// CockroachDB accept: plain tables, B-tree primary keys and unique constraints, no triggers,
// sequences, extensions, advisory locks or expression indexes.
import { randomUUID } from 'node:crypto';
import type { Sql } from './connection.js';

export interface MigrationStep {
  version: number;
  description: string;
  statements: readonly string[];
}

export const MIGRATIONS: readonly MigrationStep[] = [
  {
    version: 1,
    description: 'documents keyed by digest, interned nodes, append-only facts, the commit log row',
    statements: [
      `CREATE TABLE sg_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
      // One row. Writers lock it (SELECT … FOR UPDATE) for their short commit section and take
      // their ids from it, so ids grow in commit order and are dense: a loader that has read up to
      // id N can never later see a smaller id appear (the index service's cursor scheme).
      `CREATE TABLE sg_log (
         id INTEGER PRIMARY KEY,
         last_node BIGINT NOT NULL,
         last_fact BIGINT NOT NULL,
         last_document BIGINT NOT NULL
       )`,
      `INSERT INTO sg_log (id, last_node, last_fact, last_document) VALUES (1, 0, 0, 0)`,
      `CREATE TABLE sg_documents (
         id BIGINT PRIMARY KEY,
         digest TEXT NOT NULL UNIQUE,
         name TEXT NOT NULL,
         format TEXT NOT NULL,
         origin TEXT NOT NULL,
         collector TEXT NOT NULL,
         ingested_at TEXT NOT NULL,
         frequency_eligible BOOLEAN NOT NULL,
         summary TEXT NOT NULL
       )`,
      // key_hash (sha256 of kind and key, hex) carries the uniqueness: a B-tree entry is limited
      // to about 2.7 kB and a purl or URL key can be longer than that.
      `CREATE TABLE sg_nodes (
         id BIGINT PRIMARY KEY,
         kind SMALLINT NOT NULL,
         key TEXT NOT NULL,
         attr TEXT,
         key_hash TEXT NOT NULL UNIQUE
       )`,
      // No foreign key to sg_documents: the document row is written in the same transaction, and
      // a per-row RI check costs ingest time (and needs co-location on Citus).
      `CREATE TABLE sg_facts (
         id BIGINT PRIMARY KEY,
         doc BIGINT NOT NULL,
         kind SMALLINT NOT NULL,
         a BIGINT NOT NULL,
         b BIGINT,
         data TEXT
       )`,
    ],
  },
  {
    version: 2,
    description: 'dependency facts apart: per-document evidence and the distinct edges the index loads',
    statements: [
      `CREATE TABLE sg_dependency_sets (
         doc BIGINT PRIMARY KEY,
         edges BYTEA NOT NULL,
         data TEXT NOT NULL
       )`,
      // Ids come from sg_log.last_edge under the commit lock (commit order, gaps allowed).
      `CREATE TABLE sg_dependency_edges (
         id BIGINT PRIMARY KEY,
         a BIGINT NOT NULL,
         b BIGINT NOT NULL,
         ranked BOOLEAN NOT NULL,
         UNIQUE (a, b, ranked)
       )`,
      `ALTER TABLE sg_log ADD COLUMN last_edge BIGINT NOT NULL DEFAULT 0`,
      // Schema 1 kept dependency facts as kind-3 rows of sg_facts: fold their edges in.
      `INSERT INTO sg_dependency_edges (id, a, b, ranked)
         SELECT row_number() OVER (ORDER BY min(f.id)), f.a, f.b, d.frequency_eligible
         FROM sg_facts f JOIN sg_documents d ON d.id = f.doc WHERE f.kind = 3
         GROUP BY f.a, f.b, d.frequency_eligible`,
      `UPDATE sg_log SET last_edge = (SELECT count(*) FROM sg_dependency_edges) WHERE id = 1`,
    ],
  },
  {
    version: 3,
    description: 'what ingest left out of each document ([{path, reason}] as JSON)',
    // Documents stored before kept only the count (in summary), so theirs is empty.
    statements: [`ALTER TABLE sg_documents ADD COLUMN skipped TEXT NOT NULL DEFAULT '[]'`],
  },
];

export const PG_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

const VERSION_TABLE = 'sg_schema_migrations';

/** Raised when the database's schema is not the one this build needs; never retried. */
export class SchemaVersionError extends Error {
  constructor(
    readonly found: number,
    readonly needed: number,
  ) {
    super(
      found === 0
        ? `the database has no supplygraph schema (version 0); this build needs schema version ${needed}: run "supplygraph migrate --store <url>" first`
        : found < needed
          ? `the database schema is version ${found}; this build needs version ${needed}: run "supplygraph migrate --store <url>"`
          : `the database schema is version ${found}, newer than this build knows (it needs version ${needed}); upgrade supplygraph`,
    );
  }
}

/** The schema version the database is at (0: none). */
export async function schemaVersion(sql: Sql): Promise<number> {
  // to_regclass is PostgreSQL/YugabyteDB/Citus; information_schema works on CockroachDB as well.
  const [exists] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_name = ${VERSION_TABLE}`;
  if (!exists || exists.n === 0) return 0;
  const [row] = await sql<{ v: number | null }[]>`SELECT max(version)::int AS v FROM ${sql(VERSION_TABLE)}`;
  return row?.v ?? 0;
}

export async function checkSchema(sql: Sql): Promise<void> {
  const found = await schemaVersion(sql);
  if (found !== PG_SCHEMA_VERSION) throw new SchemaVersionError(found, PG_SCHEMA_VERSION);
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
export async function applyMigrations(sql: Sql): Promise<MigrationReport> {
  await sql.unsafe(`CREATE TABLE IF NOT EXISTS ${VERSION_TABLE} (
    version INTEGER PRIMARY KEY,
    description TEXT NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`);
  const from = await schemaVersion(sql);
  if (from > PG_SCHEMA_VERSION) throw new SchemaVersionError(from, PG_SCHEMA_VERSION);
  const applied: MigrationReport['applied'] = [];
  for (const step of MIGRATIONS) {
    if (step.version <= from) continue;
    await sql.begin(async (tx) => {
      await tx`INSERT INTO ${tx(VERSION_TABLE)} (version, description) VALUES (${step.version}, ${step.description})`;
      for (const statement of step.statements) await tx.unsafe(statement);
      if (step.version === 1) await tx`INSERT INTO sg_meta (key, value) VALUES ('store_id', ${randomUUID()})`;
    });
    applied.push({ version: step.version, description: step.description });
  }
  return { from, to: PG_SCHEMA_VERSION, applied };
}
