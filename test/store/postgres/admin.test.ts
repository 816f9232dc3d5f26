// Tokens and audit log on PostgreSQL (the contract: ../admin-contract.ts), each test on a fresh
// database; two stores on one database (two replicas) see each other's tokens at once.
import { afterAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../src/model/tokens.js';
import { PostgresStore } from '../../../src/store/postgres/pg-store.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/server.js';
import { adminContract } from '../admin-contract.js';

const dbs: TestDatabase[] = [];
afterAll(async () => {
  for (const db of dbs) await db.drop();
});

async function fresh(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  dbs.push(db);
  return db;
}

adminContract(async () => PostgresStore.open((await fresh()).url));

describe('tokens across replicas', () => {
  it('a token created by one process is found by another, and gone there once revoked', async () => {
    const db = await fresh();
    const [a, b] = [await PostgresStore.open(db.url), await PostgresStore.open(db.url)];
    try {
      const hash = hashToken('sgt_shared');
      await a.createToken({ name: 'ci', scope: 'ingest', hash, createdAt: 'now', expiresAt: null, lastUsedAt: null });
      expect((await b.findToken(hash))?.name).toBe('ci');
      expect(await b.revokeToken('ci')).toBe(true);
      expect(await a.findToken(hash)).toBeUndefined();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
