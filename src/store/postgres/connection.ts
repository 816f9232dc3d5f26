// Connection handling for the PostgreSQL store: the pool, the options operators can set, errors
// rewritten so that no message ever carries the connection string's password (or any SQL), and
// the start-up wait for a database that is not up yet.
import { StoreError } from '../types.js';
import { DEFAULTS } from '../../config/settings.js';
import { connectionFailed } from './driver.js';
import { Db } from './pool.js';

export type { Db };

export interface PostgresOptions {
  /** Connections in this process's pool (each API process and each ingest job has its own). */
  poolSize: number;
  /** Seconds to wait for a TCP connection and authentication. */
  connectTimeoutSeconds: number;
  /** Server-side statement_timeout in ms for ordinary statements (0: none). */
  statementTimeoutMs: number;
  /** How long to keep retrying, with backoff, when the database does not answer on open (0: fail at once). */
  startupWaitMs: number;
  /** Told about each failed start-up attempt. */
  logger?: { warn(obj: object, msg: string): void };
}

export const DEFAULT_POSTGRES_OPTIONS: PostgresOptions = {
  poolSize: DEFAULTS.pgPoolSize,
  connectTimeoutSeconds: DEFAULTS.pgConnectTimeout,
  statementTimeoutMs: DEFAULTS.pgStatementTimeout,
  // Opened in code (tests, the upload worker), the store fails at once; serve waits (--pg-startup-wait).
  startupWaitMs: 0,
};

/** A store failure whose message is safe to print: no password, no SQL text. */
export class PostgresStoreError extends StoreError {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'PostgresStoreError';
  }
}

export interface Target {
  /** user@host:port/database, never the password. */
  display: string;
  /** Strings that must never appear in a message (the password, the full URL). */
  secrets: string[];
}

export function describeTarget(url: string): Target {
  const secrets = [url];
  try {
    const u = new URL(url);
    if (u.password) secrets.push(u.password, decodeURIComponent(u.password));
    const user = u.username ? `${decodeURIComponent(u.username)}@` : '';
    return { display: `${user}${u.hostname}:${u.port || '5432'}${u.pathname}`, secrets };
  } catch {
    return { display: '(unparseable URL)', secrets };
  }
}

export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of [...secrets, process.env.PGPASSWORD ?? ''].filter((x) => x.length >= 3))
    out = out.split(s).join('***');
  // Any other URL with credentials that slipped into a message.
  return out.replace(/(postgres(?:ql)?:\/\/[^:@/\s]*:)[^@\s]*@/gi, '$1***@');
}

// Connection-level failures worth retrying: refused/reset/unreachable sockets, SQLSTATE class
// 08 (connection exception), 57P0x (admin shutdown, crash shutdown, cannot connect now) and
// 53300 (too many connections). pg's own connection errors have no code: storeError tells them
// by connectionFailed (driver.ts).
const RETRYABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // 55000 at connect time: the database is not accepting connections (maintenance).
  '55000',
]);

export function isRetryable(code: string | undefined): boolean {
  return code !== undefined && (RETRYABLE_CODES.has(code) || code.startsWith('08'));
}

/** Rewrites any driver or server error into a PostgresStoreError that says what failed. */
export function storeError(err: unknown, target: Target, doing: string): PostgresStoreError {
  if (err instanceof PostgresStoreError) return err;
  const e = err as { code?: string; errno?: string; message?: string; errors?: { message?: string }[] };
  const code = typeof e.code === 'string' ? e.code : typeof e.errno === 'string' ? e.errno : undefined;
  // A host name that resolves to several addresses fails with an AggregateError: its message is empty.
  const message = e.message || e.errors?.[0]?.message || String(err);
  // Server messages name objects, never statements; the driver's name host:port. Neither is
  // trusted with secrets: scrub() removes the password and URL wherever they appear.
  const reason = scrub(message, target.secrets).slice(0, 300);
  return new PostgresStoreError(
    `PostgreSQL ${target.display}: ${doing} failed: ${reason}${code && !reason.includes(code) ? ` (${code})` : ''}`,
    isRetryable(code) || connectionFailed(err),
    code,
  );
}

/**
 * The pool of one store (or command). Notices are not listened to, so they are dropped; BIGINT
 * ids come back as numbers (driver.ts); idle connections close after a minute.
 */
export function createPool(url: string, options: PostgresOptions, applicationName: string): Db {
  return new Db(url, {
    max: options.poolSize,
    connectTimeoutMs: options.connectTimeoutSeconds * 1000,
    idleTimeoutMs: 60_000,
    statementTimeoutMs: options.statementTimeoutMs,
    applicationName,
  });
}

/**
 * Runs `attempt` until it succeeds, a non-retryable error happens or `waitMs` has passed,
 * with exponential backoff (250 ms doubling to 5 s), logging each failure.
 */
export async function withStartupRetry<T>(
  attempt: () => Promise<T>,
  options: PostgresOptions,
  target: Target,
): Promise<T> {
  const deadline = Date.now() + options.startupWaitMs;
  let delay = 250;
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (err) {
      const failure = storeError(err, target, 'connecting');
      const remaining = deadline - Date.now();
      if (!failure.retryable || remaining <= 0) throw failure;
      const wait = Math.min(delay, remaining);
      options.logger?.warn(
        { attempt: tries, retryInMs: wait, reason: failure.message },
        'database not reachable yet; retrying',
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
      delay = Math.min(delay * 2, 5_000);
    }
  }
}
