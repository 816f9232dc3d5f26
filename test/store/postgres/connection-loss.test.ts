// A transaction whose connection dies under it (the backend terminated while a statement runs,
// as when PostgreSQL stops or restarts) rejects with the connection error, and the process goes
// on: the driver's own sql.begin then sent ROLLBACK on the dropped socket and ended the process
// from a setImmediate (TypeError "reading 'write'"), which vitest reports as an uncaught error.
// A statement error on a live connection is rolled back and the connection given back.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, DEFAULT_POSTGRES_OPTIONS, type Sql } from '../../../src/store/postgres/connection.js';
import { connectionGone, inTransaction } from '../../../src/store/postgres/transaction.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/server.js';

let db: TestDatabase;
let admin: Sql;

beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
  admin = createPool(db.url, { ...DEFAULT_POSTGRES_OPTIONS, poolSize: 1 }, 'sg-test-admin');
  await admin`CREATE TABLE probe (x integer PRIMARY KEY)`;
});
afterAll(async () => {
  await admin?.end({ timeout: 1 });
  await db?.drop();
});

describe('inTransaction', () => {
  it('rejects with the connection error when the backend dies mid-statement, and the pool carries on', async () => {
    const sql = createPool(db.url, { ...DEFAULT_POSTGRES_OPTIONS, poolSize: 2 }, 'sg-test-loss');
    try {
      const errors: unknown[] = [];
      for (let i = 0; i < 8; i++) {
        const attempt = inTransaction(sql, async (tx) => {
          const [{ pid }] = await tx<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
          await tx`INSERT INTO probe (x) VALUES (${i})`;
          const slow = tx`SELECT pg_sleep(10)`;
          await admin`SELECT pg_terminate_backend(${pid})`;
          await slow;
        });
        errors.push(
          await attempt.then(
            () => undefined,
            (err: unknown) => err,
          ),
        );
      }
      // Each failed with the connection's error; or, once a slot has reconnected, with the FATAL of
      // the session that died there, which the driver hands to the next statement on that slot.
      expect(errors.filter((e) => !(connectionGone(e) || (e as { code?: string })?.code === '57P01'))).toEqual([]);
      expect(errors.filter((e) => connectionGone(e)).length).toBeGreaterThan(0);
      // Nothing of the dead transactions was committed, and the pool works again (each slot may
      // hand out such a stale FATAL once first).
      let n: number | undefined;
      for (let tries = 0; n === undefined && tries < 3; tries++) {
        n = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM probe`.then(
          (rows) => rows[0].n,
          () => undefined,
        );
      }
      expect(n).toBe(0);
    } finally {
      await sql.end({ timeout: 1 });
    }
  }, 60_000);

  it('rolls back on a statement error and gives the connection back to the pool', async () => {
    const sql = createPool(db.url, { ...DEFAULT_POSTGRES_OPTIONS, poolSize: 1 }, 'sg-test-rollback');
    try {
      const failed = inTransaction(sql, async (tx) => {
        await tx`INSERT INTO probe (x) VALUES (100)`;
        await tx`INSERT INTO probe (x) VALUES (100)`; // duplicate key: 23505
      });
      await expect(failed).rejects.toMatchObject({ code: '23505' });
      // One connection in the pool: this answers only if the failed transaction gave it back.
      const [{ n }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM probe WHERE x = 100`;
      expect(n).toBe(0);
      await inTransaction(sql, (tx) => tx`INSERT INTO probe (x) VALUES (101)`);
      expect((await sql`SELECT x FROM probe WHERE x = 101`).length).toBe(1);
    } finally {
      await sql`DELETE FROM probe`;
      await sql.end({ timeout: 1 });
    }
  });
});

describe('connectionGone', () => {
  it('is true for socket and driver connection errors, false for server and programming errors', () => {
    expect(connectionGone(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' }))).toBe(
      true,
    );
    expect(connectionGone(Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' }))).toBe(
      true,
    );
    const fatal = new postgres.PostgresError({ message: 'terminating', severity: 'FATAL', code: '57P01' } as never);
    expect(connectionGone(fatal)).toBe(false);
    expect(connectionGone(new TypeError('x is undefined'))).toBe(false);
    expect(connectionGone(undefined)).toBe(false);
  });
});
