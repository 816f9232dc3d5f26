// Feeds on PostgreSQL (the contract: ../feeds-contract.ts), each test on a fresh database.
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../../src/store/postgres/pg-store.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/server.js';
import { feedsContract } from '../feeds-contract.js';

const dbs: TestDatabase[] = [];
afterAll(async () => {
  for (const db of dbs) await db.drop();
});

feedsContract(async () => {
  const db = await createTestDatabase();
  dbs.push(db);
  return PostgresStore.open(db.url);
});

describe('a feed claimed by replicas at once', () => {
  it('goes to exactly one of them', async () => {
    const db = await createTestDatabase();
    dbs.push(db);
    const [a, b] = [await PostgresStore.open(db.url), await PostgresStore.open(db.url)];
    try {
      const now = '2026-11-28T00:00:00.000Z';
      const until = '2026-11-28T01:00:00.000Z';
      await a.feeds.putFeed(
        { name: 'kev', kind: 'kev', source: 'https://example.com/kev.json', intervalSeconds: 3600 },
        now,
      );
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).feeds.claimFeed(now, `replica-${i % 2}-${i}`, until)),
      );
      expect(claims.filter((c) => c !== undefined).map((c) => c?.name)).toEqual(['kev']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
