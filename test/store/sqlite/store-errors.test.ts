// SQLite's own failures are StoreErrors at the store's boundary, as PostgreSQL's are, so the API
// answers a failing embedded store 502 like a failing database (docs/errors.md); an error that
// is not the store failing (a bug) is not disguised as one and answers 500.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStore } from '../../../src/store/open.js';
import { SqliteStoreError } from '../../../src/store/sqlite/store-errors.js';
import { SQLITE_FILE_NAME } from '../../../src/store/sqlite/sqlite-store.js';
import { StoreError } from '../../../src/store/types.js';
import { startTestServer, tempDir, TEST_BACKEND, type TestServer } from '../../helpers/server.js';
import { createTestToken } from '../../helpers/tokens.js';

describe.runIf(TEST_BACKEND === 'sqlite')('SQLite failures are store errors', () => {
  it('a table damaged by another process fails the call with a SqliteStoreError naming SQLite', async () => {
    const dir = tempDir('sg-sqlite-errors-');
    const store = await openStore(dir);
    try {
      const other = new Database(join(dir, SQLITE_FILE_NAME));
      other.exec('DROP TABLE audit');
      other.close();
      const failure = await store.listAudit({ limit: 1 }).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(StoreError);
      expect(failure).toBeInstanceOf(SqliteStoreError);
      expect(failure).toMatchObject({ code: 'SQLITE_ERROR', message: expect.stringMatching(/^SQLite: no such table/) });
      expect((failure as Error).cause).toBeInstanceOf(Database.SqliteError);
    } finally {
      await store.close();
    }
  });

  describe('over HTTP', () => {
    let t: TestServer;
    let admin: Record<string, string>;
    beforeAll(async () => {
      t = await startTestServer({}, undefined, { access: { readAccess: 'token' } });
      admin = (await createTestToken(t.storeDir, 'admin')).headers;
    });
    afterAll(async () => {
      await t?.close();
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('answers 502 when SQLite fails, and 500 for an error that is not the store failing', async () => {
      const store = t.server.service.store;
      vi.spyOn(store, 'listAudit').mockRejectedValueOnce(
        new Database.SqliteError('database disk image is malformed', 'SQLITE_CORRUPT'),
      );
      const failing = await t.get('/v0/audit', admin);
      expect(failing.status).toBe(502);
      expect(failing.body).toMatchObject({ code: 'SG_BACKEND_UNAVAILABLE' });

      vi.spyOn(store, 'listAudit').mockRejectedValueOnce(new TypeError('a bug'));
      const bug = await t.get('/v0/audit', admin);
      expect(bug.status).toBe(500);
    });
  });
});
