// Transactions on one checked-out connection: BEGIN <mode> … COMMIT, ROLLBACK on an error while
// the connection lives. When the connection died under the transaction (PostgreSQL stopped or
// restarted, the backend was terminated), the server has rolled it back already: nothing more is
// sent on it, the caller gets the connection's error, and the client is destroyed, not pooled.
// (docs/reliability.md, "PostgreSQL stopped and restarted under load")
import type { Db } from './connection.js';
import { connectionGone, statement, type Session } from './driver.js';

export { connectionGone };

const COMMIT = statement('COMMIT');
const ROLLBACK = statement('ROLLBACK');

/**
 * Runs `work` in one transaction (`BEGIN <mode>` … COMMIT); on an error it is rolled back, unless
 * the connection is gone. `work` runs its statements on `tx` one after another (awaiting each).
 */
export function inTransaction<T>(db: Db, work: (tx: Session) => Promise<T>, mode = ''): Promise<T> {
  return db.session(async (tx, spoil) => {
    await tx.run(statement(mode ? `BEGIN ${mode}` : 'BEGIN'));
    let committing = false;
    try {
      const result = await work(tx);
      committing = true;
      await tx.run(COMMIT);
      return result;
    } catch (err) {
      // A failed COMMIT has ended the transaction already.
      if (!committing && !tx.lost && !connectionGone(err)) {
        // A ROLLBACK that fails leaves the session in a state nobody knows: it is not pooled again.
        await tx.run(ROLLBACK).catch(spoil);
      }
      throw err;
    }
  });
}

/** A read-only transaction that sees one snapshot throughout (see inTransaction). */
export function inReadSnapshot<T>(db: Db, work: (tx: Session) => Promise<T>): Promise<T> {
  return inTransaction(db, work, 'ISOLATION LEVEL REPEATABLE READ READ ONLY');
}
