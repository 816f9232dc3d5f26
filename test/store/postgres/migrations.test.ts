// Schema versions: `migrate` applies them (once, idempotently); serve and ingest refuse a
// database whose schema they do not know and say which version they found and which they need.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, MIGRATIONS, PG_SCHEMA_VERSION } from '../../../src/store/postgres/migrations.js';
import { PostgresStore } from '../../../src/store/postgres/pg-store.js';
import { sql as template } from '../../../src/store/postgres/driver.js';
import { POSTGRES_DIALECT } from '../../../src/store/schema/dialect.js';
import { dependsOn } from '../../helpers/predicates.js';
import { createTestDatabase, tempDir, withDatabase, type TestDatabase } from '../../helpers/server.js';
import { cli, freePort } from './processes.js';
import { expectMigratedKeepsDataAndStoresLicences, ingestBefore, undoStep7 } from '../licence-migration.js';
import { expectJudgedRows, ingestProvenance, signatureRowsSql, undoStep8 } from '../signature-migration.js';
import { ingestRekeyDoc, KEPT, OLD_TO_NEW } from '../purl-rekey-migration.js';
import { expectSetsRepacked, ingestSboms, SETS_SQL, undoStep10 } from '../inclusion-migration.js';
import { expectBuildsBackfilled, ingestBuilds, undoStep12 } from '../build-migration.js';
import { advisoryNames, EXPECTED_NAMES, ingestAdvisories, NAMES_SQL, undoStep16 } from '../advisory-names-migration.js';
import type { InclusionSet } from '../../../src/store/inclusion-sets.js';

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
      `schema (version 0); this build needs schema version ${PG_SCHEMA_VERSION}: run "supplygraph init`,
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
    await withDatabase(db.url, async (sql) => {
      expect(await sql`SELECT version FROM sg_schema_migrations ORDER BY version`).toEqual(
        MIGRATIONS.map((m) => ({ version: m.version })),
      );
    });
  });

  it('steps 3 and 4 give documents stored at version 2 an empty skip list; new documents keep theirs', async () => {
    const db = await fresh(false);
    await withDatabase(db.url, async (sql) => {
      // A database as version 2 left it, with one document.
      await sql`CREATE TABLE sg_schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`;
      for (const step of MIGRATIONS.filter((m) => m.version <= 2)) {
        for (const statement of step.statements(POSTGRES_DIALECT)) await sql.unsafe(statement);
        await sql`INSERT INTO sg_schema_migrations (version, description) VALUES (${step.version}, ${step.description})`;
      }
      await sql`INSERT INTO sg_meta (key, value) VALUES ('store_id', 'old-store')`;
      await sql`INSERT INTO sg_documents VALUES (1, 'sha256:1', 'a.json', 'guac-predicates', 'a.json', 'cli', '2024-01-01T00:00:00Z', true, '{"skipped":3}')`;
      await sql`UPDATE sg_log SET last_document = 1`;
    });
    const migrated = await cli(['migrate', '--store', db.url, '--json']);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(JSON.parse(migrated.stdout)).toMatchObject({
      from: 2,
      to: PG_SCHEMA_VERSION,
      applied: MIGRATIONS.filter((m) => m.version > 2).map((m) => ({ version: m.version })),
    });

    const vdr = JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      metadata: { component: { type: 'application', name: 'shop', version: '1.0' } },
      components: [{ type: 'library', name: 'qs', version: '6.7.0', purl: 'pkg:npm/qs@6.7.0', 'bom-ref': 'qs' }],
      vulnerabilities: [{ id: 'CVE-2022-24999', affects: [{ ref: 'qs' }, { ref: 'pkg:npm/ghost@1.0.0' }] }],
    });
    writeFileSync(join(work, 'vdr.json'), vdr);
    const ingest = await cli(['ingest', '--store', db.url, '--json', join(work, 'vdr.json')]);
    expect(ingest.code, ingest.stderr).toBe(0);
    const store = await PostgresStore.open(db.url);
    try {
      expect(await store.documentSkips('sha256:1')).toEqual([]);
      expect(await store.documentSkips(`sha256:${createHash('sha256').update(vdr).digest('hex')}`)).toEqual([
        {
          path: '/vulnerabilities/0/affects/1/ref',
          reason: '"pkg:npm/ghost@1.0.0" names no component of this BOM: not recorded, and not added to the SBOM',
        },
      ]);
    } finally {
      await store.close();
    }
  });

  it('step 7 adds the licence table to a version-6 database, keeps its data, then stores licences', async () => {
    const db = await fresh(true);
    const open = () => PostgresStore.open(db.url);
    const before = await ingestBefore(db.url, open);
    await withDatabase(db.url, async (sql) => {
      for (const statement of undoStep7('sg_')) await sql.unsafe(statement);
      await sql`DELETE FROM sg_schema_migrations WHERE version >= 7`;
    });
    await expect(open()).rejects.toThrow(/version 6.*run "supplygraph migrate/);
    const report = await withDatabase(db.url, (sql) => applyMigrations(sql.db));
    expect(report).toMatchObject({
      from: 6,
      to: PG_SCHEMA_VERSION,
      applied: [
        { version: 7 },
        { version: 8 },
        { version: 9 },
        { version: 10 },
        { version: 11 },
        { version: 12 },
        { version: 13 },
        { version: 14 },
        { version: 15 },
        { version: 16 },
      ],
    });
    await expectMigratedKeepsDataAndStoresLicences(db.url, open, before);
  });

  it('step 8 adds the signature columns to a version-7 database and judges the provenance stored before by its wrapper', async () => {
    const db = await fresh(true);
    await ingestProvenance(db.url);
    await withDatabase(db.url, async (sql) => {
      for (const statement of undoStep8('sg_')) await sql.unsafe(statement);
      await sql`DELETE FROM sg_schema_migrations WHERE version >= 8`;
    });
    await expect(PostgresStore.open(db.url)).rejects.toThrow(/version 7.*run "supplygraph migrate/);
    const report = await withDatabase(db.url, (sql) => applyMigrations(sql.db));
    expect(report).toMatchObject({
      from: 7,
      to: PG_SCHEMA_VERSION,
      applied: [8, 9, 10, 11, 12, 13, 14, 15, 16].map((version) => ({ version })),
    });
    const rows = await withDatabase(db.url, (sql) => sql.unsafe(signatureRowsSql('sg_')));
    expectJudgedRows(rows as unknown as never[]);
    await (await PostgresStore.open(db.url)).close();
  });

  it('step 9 re-keys stored purls and document subjects to their ECMA-427 canonical form', async () => {
    const db = await fresh(true);
    await ingestRekeyDoc(db.url);
    await withDatabase(db.url, async (sql) => {
      const hash = (key: string): string => createHash('sha256').update(`1\u0000${key}`).digest('hex');
      for (const [old, now] of OLD_TO_NEW) {
        const moved = await sql.db.run(
          template`UPDATE sg_nodes SET key = ${old}, key_hash = ${hash(old)} WHERE kind = 1 AND key = ${now}`,
        );
        expect(moved, now).toBe(1);
        await sql`UPDATE sg_documents SET subject = ${old} WHERE subject = ${now}`;
      }
      let id = (await sql<{ n: number }[]>`SELECT max(id)::int AS n FROM sg_nodes`)[0].n;
      for (const kept of KEPT) {
        await sql`INSERT INTO sg_nodes (id, kind, key, key_hash) VALUES (${++id}, 1, ${kept}, ${hash(kept)})`;
      }
      await sql`UPDATE sg_log SET last_node = ${id} WHERE id = 1`;
      for (const statement of undoStep16('sg_')) await sql.unsafe(statement);
      await sql`DELETE FROM sg_schema_migrations WHERE version >= 9`;
    });
    await expect(PostgresStore.open(db.url)).rejects.toThrow(/version 8.*run "supplygraph migrate/);
    const report = await withDatabase(db.url, (sql) => applyMigrations(sql.db));
    expect(report.applied).toEqual([
      {
        version: 9,
        description: expect.stringMatching(
          /: 3 re-keyed, 1 kept as stored \(invalid by ECMA-427\), 1 kept \(their new form is taken\)$/,
        ),
      },
      { version: 10, description: expect.any(String) },
      { version: 11, description: expect.any(String) },
      { version: 12, description: expect.any(String) },
      { version: 13, description: expect.any(String) },
      { version: 14, description: expect.any(String) },
      { version: 15, description: expect.any(String) },
      { version: 16, description: expect.any(String) },
    ]);
    await withDatabase(db.url, async (sql) => {
      const keys = (await sql<{ key: string }[]>`SELECT key FROM sg_nodes WHERE kind = 1`).map((r) => r.key);
      for (const [old, now] of OLD_TO_NEW) {
        expect(keys).toContain(now);
        expect(keys).not.toContain(old);
      }
      for (const kept of KEPT) expect(keys).toContain(kept);
      const subjects = (await sql<{ subject: string }[]>`SELECT subject FROM sg_documents`).map((r) => r.subject);
      expect(subjects).toEqual(['pkg:generic/app@1.0%2Bbuild']);
    });
    await (await PostgresStore.open(db.url)).close();
  });

  it('steps 10 and 11 pack the per-component inclusion rows into one set per document, and drop them', async () => {
    const db = await fresh(true);
    const open = () => PostgresStore.open(db.url);
    const before = await ingestSboms(db.url, open);
    const sets = await withDatabase(db.url, async (sql) => {
      const stored = (await sql.unsafe(SETS_SQL('sg_'))) as unknown as InclusionSet[];
      for (const statement of undoStep10('sg_', stored)) await sql.unsafe(statement);
      await sql`DELETE FROM sg_schema_migrations WHERE version >= 10`;
      return stored;
    });
    await expect(open()).rejects.toThrow(/version 9.*run "supplygraph migrate/);
    const report = await withDatabase(db.url, (sql) => applyMigrations(sql.db));
    expect(report).toMatchObject({
      from: 9,
      applied: [10, 11, 12, 13, 14, 15, 16].map((version) => ({ version })),
    });
    await expectSetsRepacked(open, before);
    await withDatabase(db.url, async (sql) => {
      const docs = ((await sql.unsafe(SETS_SQL('sg_'))) as unknown as InclusionSet[]).map((s) => Number(s.doc));
      expect(docs).toEqual(sets.map((s) => Number(s.doc)));
      expect((await sql`SELECT to_regclass('sg_sbom_includes')::text AS t`)[0].t).toBeNull();
    });
  });

  it('step 12 records a build for every SBOM stored before projects existed, as the writer would have', async () => {
    const db = await fresh(true);
    const open = () => PostgresStore.open(db.url);
    const before = await ingestBuilds(db.url, open);
    await withDatabase(db.url, async (sql) => {
      for (const statement of undoStep12('sg_')) await sql.unsafe(statement);
      await sql`DELETE FROM sg_schema_migrations WHERE version >= 12`;
    });
    await expect(open()).rejects.toThrow(/version 11.*run "supplygraph migrate/);
    const report = await withDatabase(db.url, (sql) => applyMigrations(sql.db));
    expect(report).toMatchObject({ from: 11, applied: [12, 13, 14, 15, 16].map((version) => ({ version })) });
    await expectBuildsBackfilled(open, before);
  });

  it("step 16 records each advisory's distinct package names from its affected entries, as the writer does", async () => {
    const db = await fresh(true);
    await ingestAdvisories(db.url);
    await withDatabase(db.url, async (sql) => {
      expect(advisoryNames(await sql.unsafe<{ id: string; names: unknown }[]>(NAMES_SQL('sg_')))).toEqual(
        EXPECTED_NAMES,
      );
      for (const statement of undoStep16('sg_')) await sql.unsafe(statement);
      await sql`DELETE FROM sg_schema_migrations WHERE version >= 16`;
    });
    const report = await withDatabase(db.url, (sql) => applyMigrations(sql.db));
    expect(report).toMatchObject({ from: 15, applied: [{ version: 16 }] });
    await withDatabase(db.url, async (sql) => {
      expect(advisoryNames(await sql.unsafe<{ id: string; names: unknown }[]>(NAMES_SQL('sg_')))).toEqual(
        EXPECTED_NAMES,
      );
    });
  });

  it('migrate adds the column of a field the schemas have and the database lacks; until then the store is refused', async () => {
    const db = await fresh(true);
    await withDatabase(db.url, async (sql) => {
      await sql`ALTER TABLE sg_vuln_metadata DROP COLUMN "references"`;
    });
    await expect(PostgresStore.open(db.url)).rejects.toThrow(/lacks columns .* run "supplygraph migrate/);
    const migrated = await cli(['migrate', '--store', db.url, '--json']);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(JSON.parse(migrated.stdout)).toMatchObject({ applied: [{ description: 'columns of new fields: 1' }] });
    const store = await PostgresStore.open(db.url);
    await store.close();
  });

  it('serve refuses a schema newer than it knows, saying which version it found and which it needs', async () => {
    const db = await fresh(true);
    await withDatabase(db.url, async (sql) => {
      await sql`INSERT INTO sg_schema_migrations (version, description) VALUES (999, 'from the future')`;
    });
    const r = await cli(['serve', '--store', db.url, '--port', String(await freePort()), '--log-level', 'silent']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `schema is version 999, newer than this build knows (it needs version ${PG_SCHEMA_VERSION}); upgrade supplygraph`,
    );
  });
});
