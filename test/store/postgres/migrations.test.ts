// Schema versions: `migrate` applies them (once, idempotently); serve and ingest refuse a
// database whose schema they do not know and say which version they found and which they need.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { MIGRATIONS, PG_SCHEMA_VERSION } from '../../../src/store/postgres/migrations.js';
import { dependsOn } from '../../helpers/predicates.js';
import { createTestDatabase, tempDir, type TestDatabase } from '../../helpers/server.js';
import { cli, freePort } from './processes.js';

const dbs: TestDatabase[] = [];
let work: string;
beforeAll(() => {
  work = tempDir('sg-pg-mig-');
  writeFileSync(join(work, 'doc.json'), JSON.stringify({ isDependency: [dependsOn('pkg:npm/a@1', 'pkg:npm/b@1')] }));
});
afterAll(async () => {
  for (const db of dbs) await db.drop();
});

async function fresh(migrate: boolean): Promise<TestDatabase> {
  const db = await createTestDatabase({ migrate });
  dbs.push(db);
  return db;
}

describe('schema migrations', () => {
  it('an unmigrated database is refused with the versions and the fix, then migrate applies the schema once', async () => {
    const db = await fresh(false);
    const refused = await cli(['ingest', '--store', db.url, join(work, 'doc.json')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `schema (version 0); this build needs schema version ${PG_SCHEMA_VERSION}: run "supplygraph migrate`,
    );

    const first = await cli(['migrate', '--store', db.url, '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({
      from: 0,
      to: PG_SCHEMA_VERSION,
      applied: MIGRATIONS.map((m) => ({ version: m.version })),
    });
    const again = await cli(['migrate', '--store', db.url]);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/already; nothing to do/);

    const ingest = await cli(['ingest', '--store', db.url, '--json', join(work, 'doc.json')]);
    expect(ingest.code, ingest.stderr).toBe(0);
    expect(JSON.parse(ingest.stdout)).toMatchObject({ stored: 1 });
  });

  it('two migrators at once leave one schema', async () => {
    const db = await fresh(false);
    const results = await Promise.all([cli(['migrate', '--store', db.url]), cli(['migrate', '--store', db.url])]);
    expect(results.some((r) => r.code === 0)).toBe(true);
    const sql = postgres(db.url, { max: 1, onnotice: () => undefined });
    try {
      expect(await sql`SELECT version FROM sg_schema_migrations ORDER BY version`).toEqual(
        MIGRATIONS.map((m) => ({ version: m.version })),
      );
    } finally {
      await sql.end();
    }
  });

  it('serve refuses a schema newer than it knows, saying which version it found and which it needs', async () => {
    const db = await fresh(true);
    const sql = postgres(db.url, { max: 1, onnotice: () => undefined });
    try {
      await sql`INSERT INTO sg_schema_migrations (version, description) VALUES (999, 'from the future')`;
    } finally {
      await sql.end();
    }
    const r = await cli(['serve', '--store', db.url, '--port', String(await freePort()), '--log-level', 'silent']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `schema is version 999, newer than this build knows (it needs version ${PG_SCHEMA_VERSION}); upgrade supplygraph`,
    );
  });
});
