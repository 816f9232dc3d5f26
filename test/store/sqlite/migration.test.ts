// A store written by schema 1 (dependency facts as kind-3 fact rows) opens under the current
// schema with its edges folded into the edge table, and loads the same graph; its documents get
// an empty skip list (schema 3).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SQLITE_SCHEMA_VERSION } from '../../../src/store/sqlite/schema.js';
import { SQLITE_FILE_NAME, SqliteStore } from '../../../src/store/sqlite/sqlite-store.js';
import { EMPTY_CURSOR, type LoadSink } from '../../../src/store/types.js';
import { tempDir } from '../../helpers/server.js';
import { expectMigratedKeepsDataAndStoresLicences, ingestBefore, undoStep7 } from '../licence-migration.js';
import { expectJudgedRows, ingestProvenance, signatureRowsSql, undoStep8 } from '../signature-migration.js';
import { ingestRekeyDoc, KEPT, OLD_TO_NEW } from '../purl-rekey-migration.js';
import { expectSetsRepacked, ingestSboms, SETS_SQL, undoStep10 } from '../inclusion-migration.js';
import type { InclusionSet } from '../../../src/store/inclusion-sets.js';
import { expectBuildsBackfilled, ingestBuilds, undoStep12 } from '../build-migration.js';
import { advisoryNames, EXPECTED_NAMES, ingestAdvisories, NAMES_SQL, undoStep16 } from '../advisory-names-migration.js';

describe('embedded store schema 1 → current', () => {
  it('folds kind-3 dependency facts into the distinct edge table', async () => {
    const dir = tempDir();
    const db = new Database(join(dir, SQLITE_FILE_NAME));
    db.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE documents (id INTEGER PRIMARY KEY, digest TEXT NOT NULL UNIQUE, name TEXT NOT NULL, format TEXT NOT NULL,
        origin TEXT NOT NULL, collector TEXT NOT NULL, ingested_at TEXT NOT NULL, frequency_eligible INTEGER NOT NULL, summary TEXT NOT NULL);
      CREATE TABLE nodes (id INTEGER PRIMARY KEY, kind INTEGER NOT NULL, key TEXT NOT NULL, attr TEXT, UNIQUE (kind, key));
      CREATE TABLE facts (id INTEGER PRIMARY KEY, doc INTEGER NOT NULL REFERENCES documents (id), kind INTEGER NOT NULL, a INTEGER NOT NULL, b INTEGER, data TEXT);
      INSERT INTO meta VALUES ('store_id', 'old-store');
      INSERT INTO documents VALUES (1, 'sha256:1', 'a.json', 'guac-predicates', 'a.json', 'cli', '2024-01-01T00:00:00Z', 1, '{}');
      INSERT INTO documents VALUES (2, 'sha256:2', 'b.json', 'guac-predicates', 'b.json', 'cli', '2024-01-01T00:00:00Z', 1, '{}');
      INSERT INTO nodes VALUES (1, 1, 'pkg:npm/a@1', NULL), (2, 1, 'pkg:npm/b@1', NULL);
      INSERT INTO facts VALUES (1, 1, 3, 1, 2, NULL), (2, 2, 3, 1, 2, NULL);
      PRAGMA user_version = 1;`);
    db.close();
    const store = SqliteStore.open(dir);
    try {
      const edges: [number, number, boolean][] = [];
      let facts = 0;
      const sink: LoadSink = {
        node: () => undefined,
        document: () => undefined,
        link: () => {
          facts++;
        },
        record: () => {
          facts++;
        },
        dependencyEdge: (a, b, r) => {
          edges.push([a, b, r]);
        },
      };
      await store.load(EMPTY_CURSOR, sink);
      expect(edges).toEqual([[1, 2, true]]);
      expect(facts).toBe(0);
      expect(await store.stats()).toMatchObject({ documents: 2, dependencyEdges: 1 });
      // Step 3: documents stored before kept no skip list; theirs reads as empty.
      expect(await store.documentSkips('sha256:1')).toEqual([]);
      expect(await store.documentSkips('sha256:none')).toBeUndefined();
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('embedded store schema 6 → 7', () => {
  it('adds the licence table on open, keeps the data, then stores licences', async () => {
    const dir = tempDir();
    const open = () => Promise.resolve(SqliteStore.open(dir));
    try {
      const before = await ingestBefore(dir, open);
      const db = new Database(join(dir, SQLITE_FILE_NAME));
      for (const statement of undoStep7('')) db.exec(statement);
      db.pragma('user_version = 6');
      db.close();
      await expectMigratedKeepsDataAndStoresLicences(dir, open, before);
      const migrated = new Database(join(dir, SQLITE_FILE_NAME), { readonly: true });
      expect(migrated.pragma('user_version', { simple: true })).toBe(SQLITE_SCHEMA_VERSION);
      expect(migrated.prepare(`SELECT name FROM sqlite_master WHERE name = 'has_license'`).pluck().get()).toBe(
        'has_license',
      );
      migrated.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('embedded store schema 7 → 8', () => {
  it('adds the signature columns on open and judges the provenance stored before by its wrapper', async () => {
    const dir = tempDir();
    try {
      await ingestProvenance(dir);
      const db = new Database(join(dir, SQLITE_FILE_NAME));
      for (const statement of undoStep8('')) db.exec(statement);
      db.pragma('user_version = 7');
      expect(() => db.prepare(signatureRowsSql('')).all()).toThrow(/no such column/);
      db.close();
      await SqliteStore.open(dir).close();
      const migrated = new Database(join(dir, SQLITE_FILE_NAME), { readonly: true });
      try {
        expect(migrated.pragma('user_version', { simple: true })).toBe(SQLITE_SCHEMA_VERSION);
        expectJudgedRows(migrated.prepare(signatureRowsSql('')).all() as never[]);
      } finally {
        migrated.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('embedded store columns', () => {
  it('adds the column of a field its schema has and the store lacks, on open', async () => {
    const dir = tempDir();
    try {
      await SqliteStore.open(dir).close();
      // A store written before the field existed: the column is not there.
      const db = new Database(join(dir, SQLITE_FILE_NAME));
      db.exec('ALTER TABLE vuln_metadata DROP COLUMN "references"');
      const columns = (): string[] =>
        db.prepare(`SELECT name FROM pragma_table_info('vuln_metadata')`).pluck().all() as string[];
      expect(columns()).not.toContain('references');
      db.close();
      await SqliteStore.open(dir).close();
      const reopened = new Database(join(dir, SQLITE_FILE_NAME), { readonly: true });
      expect(reopened.prepare(`SELECT name FROM pragma_table_info('vuln_metadata')`).pluck().all()).toContain(
        'references',
      );
      reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('embedded store schema 8 → 9', () => {
  it('re-keys stored purls and document subjects to their ECMA-427 canonical form on open', async () => {
    const dir = tempDir();
    try {
      await ingestRekeyDoc(dir);
      const db = new Database(join(dir, SQLITE_FILE_NAME));
      // Back to the keys the release before wrote, plus a key that no longer parses.
      for (const [old, now] of OLD_TO_NEW) {
        expect(db.prepare('UPDATE nodes SET key = ? WHERE kind = 1 AND key = ?').run(old, now).changes, now).toBe(1);
        db.prepare('UPDATE documents SET subject = ? WHERE subject = ?').run(old, now);
      }
      db.prepare(`INSERT INTO nodes (kind, key) VALUES (1, ?)`).run(KEPT[0]);
      db.prepare(`INSERT INTO nodes (kind, key) VALUES (1, ?)`).run(KEPT[1]);
      for (const statement of undoStep16('')) db.exec(statement);
      db.pragma('user_version = 8');
      db.close();
      await SqliteStore.open(dir).close();
      const migrated = new Database(join(dir, SQLITE_FILE_NAME), { readonly: true });
      try {
        expect(migrated.pragma('user_version', { simple: true })).toBe(SQLITE_SCHEMA_VERSION);
        const keys = migrated.prepare('SELECT key FROM nodes WHERE kind = 1').pluck().all();
        for (const [old, now] of OLD_TO_NEW) {
          expect(keys).toContain(now);
          expect(keys).not.toContain(old);
        }
        for (const kept of KEPT) expect(keys).toContain(kept);
        expect(migrated.prepare('SELECT subject FROM documents').pluck().all()).toEqual([
          'pkg:generic/app@1.0%2Bbuild',
        ]);
      } finally {
        migrated.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('embedded store schema 9 → 11', () => {
  it('packs the per-component inclusion rows into one set per document on open, and drops them', async () => {
    const dir = tempDir();
    try {
      const open = () => Promise.resolve(SqliteStore.open(dir));
      const before = await ingestSboms(dir, open);
      const db = new Database(join(dir, SQLITE_FILE_NAME));
      const sets = db.prepare(SETS_SQL('')).all() as InclusionSet[];
      for (const statement of undoStep10('', sets)) db.exec(statement);
      db.pragma('user_version = 9');
      expect(db.prepare('SELECT count(*) FROM sbom_includes').pluck().get()).toBeGreaterThan(10);
      db.close();
      await expectSetsRepacked(open, before);
      const migrated = new Database(join(dir, SQLITE_FILE_NAME), { readonly: true });
      try {
        expect(migrated.pragma('user_version', { simple: true })).toBe(SQLITE_SCHEMA_VERSION);
        // One set per document again (a subject is no member of its own set now: the same pairs).
        const docs = (migrated.prepare(SETS_SQL('')).all() as InclusionSet[]).map((s) => s.doc);
        expect(docs).toEqual(sets.map((s) => s.doc));
        const tables = migrated.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all();
        expect(tables).not.toContain('sbom_includes');
      } finally {
        migrated.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('embedded store schema 11 → 12', () => {
  it('records a build for every SBOM stored before projects existed, as the writer would have', async () => {
    const dir = tempDir();
    try {
      const open = () => Promise.resolve(SqliteStore.open(dir));
      const before = await ingestBuilds(dir, open);
      const db = new Database(join(dir, SQLITE_FILE_NAME));
      for (const statement of undoStep12('')) db.exec(statement);
      db.pragma('user_version = 11');
      db.close();
      await expectBuildsBackfilled(open, before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('embedded store schema 15 → 16', () => {
  it("records each advisory's distinct package names from its affected entries, as the writer does", async () => {
    const dir = tempDir();
    try {
      await ingestAdvisories(dir);
      const db = new Database(join(dir, SQLITE_FILE_NAME));
      expect(advisoryNames(db.prepare(NAMES_SQL('')).all() as never[])).toEqual(EXPECTED_NAMES);
      for (const statement of undoStep16('')) db.exec(statement);
      db.pragma('user_version = 15');
      db.close();
      await SqliteStore.open(dir).close();
      const migrated = new Database(join(dir, SQLITE_FILE_NAME), { readonly: true });
      try {
        expect(migrated.pragma('user_version', { simple: true })).toBe(SQLITE_SCHEMA_VERSION);
        expect(advisoryNames(migrated.prepare(NAMES_SQL('')).all() as never[])).toEqual(EXPECTED_NAMES);
      } finally {
        migrated.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
