// Transactions that survive the connection dying under them. The driver's sql.begin sends COMMIT
// or ROLLBACK itself when the callback ends; when the connection died under the transaction, it
// still sends ROLLBACK on it, and the driver (postgres 3.4.x, every release so far) then writes to
// the socket it has already dropped, from a setImmediate: the TypeError "reading 'write'" ends the
// process (porsager/postgres issues 1066 and 1154). sql.reserve() is no way out: a reservation
// that fails to connect (the database is down) leaves its request queued, and the next connection
// to open is handed to it and lost to the pool. So sql.begin is kept, but COMMIT and ROLLBACK are
// sent here, and only while the connection is alive; the callback then never settles, so the
// driver sends nothing more. The driver gives the connection back to the pool by itself once the
// server says the session is idle again (after COMMIT or ROLLBACK); a connection that died is
// reconnected on its next use, and the server has rolled its transaction back.
// (docs/reliability.md, "PostgreSQL stopped and restarted under load")
import postgres from 'postgres';
import type { Sql } from './connection.js';

/** The driver's own errors for a connection that closed, ended or never opened. */
const CONNECTION_GONE = new Set(['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECTION_ENDED', 'CONNECT_TIMEOUT']);

/**
 * Whether `err` means the connection is gone: a socket error (ECONNRESET, EPIPE…) or one of the
 * driver's connection errors. Not a server error, whatever its severity: a FATAL ends the
 * session without the ReadyForQuery that would deliver it, so the driver rejects the query with
 * CONNECTION_CLOSED; one that does arrive comes from a live session (the driver hands a FATAL of
 * a session that died to the next query after it reconnects). Nor an error of the caller's code.
 */
export function connectionGone(err: unknown): boolean {
  if (err instanceof postgres.PostgresError) return false;
  const e = err as { code?: unknown; syscall?: unknown } | null;
  return typeof e?.syscall === 'string' || (typeof e?.code === 'string' && CONNECTION_GONE.has(e.code));
}

/**
 * Runs `work` in one transaction (`BEGIN <mode>` … COMMIT); on an error it is rolled back, unless
 * the connection is gone (the server then rolls it back). `work` runs queries on `tx` only (an
 * error of another connection would be taken for this one's) and awaits nothing else (a pause
 * would let the connection close unseen before its next query).
 */
export function inTransaction<T>(sql: Sql, work: (tx: Sql) => Promise<T>, mode = ''): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const begun = sql.begin(mode, async (tx) => {
      let committing = false;
      try {
        const result = await work(tx as unknown as Sql);
        committing = true;
        await tx.unsafe('COMMIT');
        resolve(result);
      } catch (err) {
        reject(err);
        // A failed COMMIT ended the transaction already (and the connection is back in the pool).
        if (!committing && !connectionGone(err)) await tx.unsafe('ROLLBACK').catch(() => undefined);
      }
      // Never settles (a fresh promise each time, so nothing holds on to it): see the top.
      return new Promise<never>(() => undefined);
    });
    // BEGIN failed, or the connection closed under the transaction (the driver rejects then).
    begun.catch(reject);
  });
}

/** A read-only transaction that sees one snapshot throughout (see inTransaction). */
export function inReadSnapshot<T>(sql: Sql, work: (tx: Sql) => Promise<T>): Promise<T> {
  return inTransaction(sql, work, 'ISOLATION LEVEL REPEATABLE READ READ ONLY');
}
