// A PostgreSQL store written by release 7204861 (schema 3): the server refuses it until
// `supplygraph migrate` has run; then it loads the same graph as a fresh ingest of the same
// documents, with the dependency evidence and document summaries as typed columns.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, PG_SCHEMA_VERSION } from '../../../src/store/postgres/migrations.js';
import { PostgresStore } from '../../../src/store/postgres/pg-store.js';
import { createTestDatabase, withDatabase, type TestDatabase } from '../../helpers/server.js';
import { expectSameGraph, ingestExamples, RELEASE_STORES, summariesAsOfRelease } from '../release-store.js';
import { cli } from './processes.js';

/** Evidence and summaries by document name, to compare stores whose ids may differ. */
function typedRows(url: string): Promise<{ evidence: unknown[]; documents: unknown[] }> {
  return withDatabase(url, async (sql) => ({
    evidence: [
      ...(await sql`SELECT d.name, e.idx, e.type, e.version_range, e.justification, e.origin, e.collector
        FROM sg_dependency_evidence e JOIN sg_documents d ON d.id = e.doc ORDER BY d.name, e.idx`),
    ],
    documents: [
      ...(await sql`SELECT name, format, package_count, artifact_count, dependency_count, skip_count, skipped
        FROM sg_documents ORDER BY name`),
    ],
  }));
}

describe('PostgreSQL store written by release 7204861 → typed schema', () => {
  let migrated: TestDatabase;
  let fresh: TestDatabase;
  beforeAll(async () => {
    migrated = await createTestDatabase({ migrate: false });
    const dump = readFileSync(join(RELEASE_STORES, 'postgres.sql'), 'utf8');
    await withDatabase(migrated.url, (sql) => sql.unsafe(dump));
    fresh = await createTestDatabase();
    await ingestExamples(fresh.url);
  }, 60_000);
  afterAll(async () => {
    await migrated?.drop();
    await fresh?.drop();
  });

  it('is refused before migrate, then loads the graph a fresh ingest loads', async () => {
    await expect(PostgresStore.open(migrated.url)).rejects.toThrow(
      `the database schema is version 3; this build needs version ${PG_SCHEMA_VERSION}`,
    );
    const r = await cli(['migrate', '--store', migrated.url, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      from: 3,
      to: PG_SCHEMA_VERSION,
      applied: MIGRATIONS.filter((m) => m.version > 3).map((m) => ({ version: m.version })),
    });

    await expectSameGraph(await PostgresStore.open(migrated.url), await PostgresStore.open(fresh.url));
    const tables = await withDatabase(
      migrated.url,
      (sql) => sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`,
    );
    expect(tables.map((t) => t.table_name)).not.toContain('sg_facts');
  });

  it('keeps dependency evidence and document summaries as typed columns', async () => {
    const old = await typedRows(migrated.url);
    expect(old.evidence.length).toBeGreaterThan(0);
    expect(old.evidence).toContainEqual(expect.objectContaining({ type: 'DIRECT' }));
    const now = await typedRows(fresh.url);
    expect(old.evidence).toEqual(now.evidence);
    expect(summariesAsOfRelease(old.documents)).toEqual(summariesAsOfRelease(now.documents));
  });
});
