// A transaction whose connection dies under it (the backend terminated while a statement runs,
// as when PostgreSQL stops or restarts) rejects with the connection's error, and the process goes
// on. (The former driver sent ROLLBACK on the dropped socket from a setImmediate and could end
// the process with TypeError "reading 'write'"; vitest reports such an error as a failure.)
// A statement error on a live connection is rolled back and the connection given back.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, DEFAULT_POSTGRES_OPTIONS, type Db } from '../../../src/store/postgres/connection.js';
import { sql } from '../../../src/store/postgres/driver.js';
import { connectionGone, inTransaction } from '../../../src/store/postgres/transaction.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/server.js';

let db: TestDatabase;
let admin: Db;

beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
  admin = createPool(db.url, { ...DEFAULT_POSTGRES_OPTIONS, poolSize: 1 }, 'sg-test-admin');
  await admin.run(sql`CREATE TABLE probe (x integer PRIMARY KEY)`);
});
afterAll(async () => {
  await admin?.end(1_000);
  await db?.drop();
});

const count = async (pool: Db): Promise<number> =>
  (await pool.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM probe`))[0].n;

describe('inTransaction', () => {
  it('rejects with the connection error when the backend dies mid-statement, and the pool carries on', async () => {
    const pool = createPool(db.url, { ...DEFAULT_POSTGRES_OPTIONS, poolSize: 2 }, 'sg-test-loss');
    try {
      const errors: unknown[] = [];
      for (let i = 0; i < 8; i++) {
        const attempt = inTransaction(pool, async (tx) => {
          const [{ pid }] = await tx.rows<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
          await tx.run(sql`INSERT INTO probe (x) VALUES (${i})`);
          const slow = tx.run(sql`SELECT pg_sleep(10)`);
          // It fails while the next line runs: awaited below, handled meanwhile.
          slow.catch(() => undefined);
          await admin.run(sql`SELECT pg_terminate_backend(${pid})`);
          await slow;
        });
        errors.push(
          await attempt.then(
            () => undefined,
            (err: unknown) => err,
          ),
        );
      }
      // Each failed with the FATAL the server sent as it ended the session (57P01), or with the
      // connection's own error when the socket closed first.
      expect(errors.filter((e) => !connectionGone(e))).toEqual([]);
      // Nothing of the dead transactions was committed, and the pool works again at once: the
      // dead connections were destroyed, not handed out again.
      expect(await count(pool)).toBe(0);
    } finally {
      await pool.end(1_000);
    }
  }, 60_000);

  it('rolls back on a statement error and gives the connection back to the pool', async () => {
    const pool = createPool(db.url, { ...DEFAULT_POSTGRES_OPTIONS, poolSize: 1 }, 'sg-test-rollback');
    try {
      const [{ pid }] = await pool.rows<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
      const failed = inTransaction(pool, async (tx) => {
        await tx.run(sql`INSERT INTO probe (x) VALUES (100)`);
        await tx.run(sql`INSERT INTO probe (x) VALUES (100)`); // duplicate key: 23505
      });
      await expect(failed).rejects.toMatchObject({ code: '23505' });
      // One connection in the pool, the same one: the failed transaction gave it back, rolled back.
      const [after] = await pool.rows<{ pid: number; n: number }>(
        sql`SELECT pg_backend_pid() AS pid, (SELECT count(*)::int FROM probe WHERE x = 100) AS n`,
      );
      expect(after).toEqual({ pid, n: 0 });
      await inTransaction(pool, (tx) => tx.run(sql`INSERT INTO probe (x) VALUES (101)`));
      expect(await pool.rows(sql`SELECT x FROM probe WHERE x = 101`)).toHaveLength(1);
    } finally {
      await pool.run(sql`DELETE FROM probe`);
      await pool.end(1_000);
    }
  });
});

describe('connectionGone', () => {
  it('is true for socket and connection errors and FATALs, false for other server and programming errors', () => {
    expect(connectionGone(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' }))).toBe(
      true,
    );
    expect(connectionGone(new Error('Connection terminated unexpectedly'))).toBe(true);
    const server = (severity: string, code: string) =>
      Object.assign(new pg.DatabaseError('terminating', 0, 'error'), { severity, code });
    expect(connectionGone(server('FATAL', '57P01'))).toBe(true);
    expect(connectionGone(server('ERROR', '23505'))).toBe(false);
    expect(connectionGone(new TypeError('x is undefined'))).toBe(false);
    expect(connectionGone(undefined)).toBe(false);
  });
});
