// Projects and builds on PostgreSQL (the contract: ../projects-contract.ts), on a fresh database.
import { afterAll } from 'vitest';
import { PostgresStore } from '../../../src/store/postgres/pg-store.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/server.js';
import { projectsContract } from '../projects-contract.js';

const dbs: TestDatabase[] = [];
afterAll(async () => {
  for (const db of dbs) await db.drop();
});

projectsContract(async () => {
  const db = await createTestDatabase();
  dbs.push(db);
  return PostgresStore.open(db.url);
});
