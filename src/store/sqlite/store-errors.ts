// SQLite's own failures (a locked, damaged or unreadable database, a full disk) become
// StoreErrors at the store's boundary, as PostgreSQL's do (postgres/connection.ts), so the API
// answers a failing store the same on both backends: 502, or 507 for a full disk
// (docs/errors.md). Anything else thrown inside the store, a bug, passes through unchanged.
import Database from 'better-sqlite3';
import { StoreError } from '../types.js';

/** A failure SQLite reported; `code` is its result code (SQLITE_BUSY, SQLITE_FULL, …). */
export class SqliteStoreError extends StoreError {
  constructor(
    message: string,
    readonly code: string,
    options: { cause: unknown },
  ) {
    super(message, options);
    this.name = 'SqliteStoreError';
  }
}

function asStoreError(err: unknown): unknown {
  return err instanceof Database.SqliteError
    ? new SqliteStoreError(`SQLite: ${err.message}`, err.code, { cause: err })
    : err;
}

/**
 * `store`, with every method's SQLite failure (thrown, or a rejected promise) turned into a
 * SqliteStoreError. The methods still run on the store itself, so its private state is untouched.
 */
export function withStoreErrors<T extends object>(store: T): T {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || property === 'constructor') return value;
      return (...args: unknown[]): unknown => {
        try {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          return result instanceof Promise ? result.catch((err: unknown) => Promise.reject(asStoreError(err))) : result;
        } catch (err) {
          throw asStoreError(err);
        }
      };
    },
  });
}
