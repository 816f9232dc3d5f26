// `supplygraph migrate` applies the one migration list (../schema/migrations.ts) to a database;
// every other command only checks the version (a server never runs against a schema it does not know).
import { randomUUID } from 'node:crypto';
import { POSTGRES_DIALECT } from '../schema/dialect.js';
import { missingColumns, MIGRATIONS, SCHEMA_VERSION } from '../schema/migrations.js';
export { MIGRATIONS };
export const PG_SCHEMA_VERSION = SCHEMA_VERSION;
const VERSION_TABLE = 'sg_schema_migrations';
/** Raised when the database's schema is not the one this build needs; never retried. */
export class SchemaVersionError extends Error {
    found;
    needed;
    constructor(found, needed) {
        super(found === 0
            ? `the database has no supplygraph schema (version 0); this build needs schema version ${needed}: run "supplygraph migrate --store <url>" first`
            : found < needed
                ? `the database schema is version ${found}; this build needs version ${needed}: run "supplygraph migrate --store <url>"`
                : `the database schema is version ${found}, newer than this build knows (it needs version ${needed}); upgrade supplygraph`);
        this.found = found;
        this.needed = needed;
    }
}
/** The schema version the database is at (0: none). */
export async function schemaVersion(sql) {
    // to_regclass is PostgreSQL/YugabyteDB/Citus; information_schema works on CockroachDB as well.
    const [exists] = await sql `
    SELECT count(*)::int AS n FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_name = ${VERSION_TABLE}`;
    if (!exists || exists.n === 0)
        return 0;
    const [row] = await sql `SELECT max(version)::int AS v FROM ${sql(VERSION_TABLE)}`;
    return row?.v ?? 0;
}
/** ALTER statements for columns of fields added to a fact schema since the database was migrated. */
async function columnsToAdd(sql) {
    const rows = await sql `
    SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`;
    const byTable = new Map();
    for (const r of rows) {
        let columns = byTable.get(r.table_name);
        if (!columns)
            byTable.set(r.table_name, (columns = new Set()));
        columns.add(r.column_name);
    }
    return missingColumns(POSTGRES_DIALECT, (table) => byTable.get(table) ?? new Set());
}
export async function checkSchema(sql) {
    const found = await schemaVersion(sql);
    if (found !== PG_SCHEMA_VERSION)
        throw new SchemaVersionError(found, PG_SCHEMA_VERSION);
    if ((await columnsToAdd(sql)).length) {
        throw new Error('the database lacks columns of fields this build stores: run "supplygraph migrate --store <url>"');
    }
}
/**
 * Applies the missing steps, each in its own transaction together with its row in the version
 * table: two concurrent migrators cannot both apply a step (the second one's insert of the
 * same version fails and its DDL rolls back with it).
 */
export async function applyMigrations(sql) {
    await sql.unsafe(`CREATE TABLE IF NOT EXISTS ${VERSION_TABLE} (
    version INTEGER PRIMARY KEY,
    description TEXT NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`);
    const from = await schemaVersion(sql);
    if (from > PG_SCHEMA_VERSION)
        throw new SchemaVersionError(from, PG_SCHEMA_VERSION);
    const applied = [];
    for (const step of MIGRATIONS) {
        if (step.version <= from)
            continue;
        await sql.begin(async (tx) => {
            await tx `INSERT INTO ${tx(VERSION_TABLE)} (version, description) VALUES (${step.version}, ${step.description})`;
            for (const statement of step.statements(POSTGRES_DIALECT))
                await tx.unsafe(statement);
            if (step.version === 1)
                await tx `INSERT INTO sg_meta (key, value) VALUES ('store_id', ${randomUUID()})`;
        });
        applied.push({ version: step.version, description: step.description });
    }
    const added = await columnsToAdd(sql);
    if (added.length) {
        await sql.begin(async (tx) => {
            for (const statement of added)
                await tx.unsafe(statement);
        });
        applied.push({ version: PG_SCHEMA_VERSION, description: `columns of new fields: ${added.length}` });
    }
    return { from, to: PG_SCHEMA_VERSION, applied };
}
