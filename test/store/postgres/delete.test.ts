// Deleting a document from PostgreSQL (the contract: ../delete-contract.ts), on fresh databases.
import { afterAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../helpers/server.js';
import { deleteContract } from '../delete-contract.js';

const dbs: TestDatabase[] = [];
afterAll(async () => {
  for (const db of dbs) await db.drop();
});

deleteContract(async () => {
  const db = await createTestDatabase();
  dbs.push(db);
  return db.url;
});
