// A store written by release 7204861 (schema 3) opens under the typed schema without
// re-ingesting: it loads the same graph as a fresh ingest of the same documents, and keeps the
// dependency evidence and document summaries it had in JSON as typed columns.
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME, SqliteStore } from '../../../src/store/sqlite/sqlite-store.js';
import { SQLITE_SCHEMA_VERSION } from '../../../src/store/sqlite/schema.js';
import { tempDir } from '../../helpers/server.js';
import { expectSameGraph, ingestExamples, RELEASE_STORES, summariesAsOfRelease } from '../release-store.js';

/** Evidence and summaries by document name, to compare stores whose ids may differ. */
function typedRows(dir: string): { evidence: unknown[]; documents: unknown[] } {
  const db = new Database(join(dir, SQLITE_FILE_NAME), { readonly: true });
  try {
    return {
      evidence: db
        .prepare(
          `SELECT d.name, e.idx, e.type, e.version_range, e.justification, e.origin, e.collector
           FROM dependency_evidence e JOIN documents d ON d.id = e.doc ORDER BY d.name, e.idx`,
        )
        .all(),
      documents: db
        .prepare(
          'SELECT name, format, package_count, artifact_count, dependency_count, skip_count, skipped FROM documents ORDER BY name',
        )
        .all(),
    };
  } finally {
    db.close();
  }
}

describe('embedded store written by release 7204861 → typed schema', () => {
  let migrated: string;
  let fresh: string;
  beforeAll(async () => {
    migrated = tempDir('sg-release-');
    copyFileSync(join(RELEASE_STORES, 'sqlite', SQLITE_FILE_NAME), join(migrated, SQLITE_FILE_NAME));
    fresh = tempDir('sg-fresh-');
    await ingestExamples(fresh);
  }, 60_000);
  afterAll(() => {
    for (const dir of [migrated, fresh]) rmSync(dir, { recursive: true, force: true });
  });

  it('migrates on open and loads the graph a fresh ingest loads', async () => {
    const before = new Database(join(migrated, SQLITE_FILE_NAME), { readonly: true });
    expect(before.pragma('user_version', { simple: true })).toBe(3);
    before.close();
    await expectSameGraph(SqliteStore.open(migrated), SqliteStore.open(fresh));
    const db = new Database(join(migrated, SQLITE_FILE_NAME), { readonly: true });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SQLITE_SCHEMA_VERSION);
      const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all();
      expect(tables).not.toContain('facts');
    } finally {
      db.close();
    }
  });

  it('keeps dependency evidence and document summaries as typed columns', () => {
    const old = typedRows(migrated);
    expect(old.evidence.length).toBeGreaterThan(0);
    expect(old.evidence).toContainEqual(expect.objectContaining({ type: 'DIRECT' }));
    const now = typedRows(fresh);
    expect(old.evidence).toEqual(now.evidence);
    expect(summariesAsOfRelease(old.documents)).toEqual(summariesAsOfRelease(now.documents));
  });

  it('step 5 gives each document with an SBOM the subject a fresh ingest gives it, and no sender', async () => {
    const [old, now] = [SqliteStore.open(migrated), SqliteStore.open(fresh)];
    try {
      const subjects = async (store: SqliteStore): Promise<Map<string, string | null>> =>
        new Map((await store.listDocuments({ limit: 1000 })).documents.map((d) => [d.name, d.subject]));
      const [before, after] = [await subjects(old), await subjects(now)];
      const backfilled = [...before].filter(([, subject]) => subject !== null);
      expect(backfilled.length).toBeGreaterThan(0);
      for (const [name, subject] of backfilled) expect(subject).toBe(after.get(name));
      expect((await old.listDocuments({ limit: 1000 })).documents.every((d) => d.ingestedBy === null)).toBe(true);
    } finally {
      await Promise.all([old.close(), now.close()]);
    }
  });
});
