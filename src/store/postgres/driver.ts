// What the PostgreSQL store needs of its driver (node-postgres, `pg`), and nothing more:
// statements with $n parameters (the `sql` tag numbers them, so no value is ever spliced into
// the text), rows as objects or arrays, a cursor, and one checked-out connection whose death is
// noticed. pg reports a connection that dies as an 'error' event on its Client (or, while it is
// idle, on the Pool); an event nobody listens to ends the process, so every client and the pool
// get a listener here, and a client whose connection died goes back with the error, which makes
// the pool destroy it rather than hand it out again (docs/adr/0012-postgresql-driver.md).
import pg from 'pg';
import Cursor from 'pg-cursor';

/** A statement and its parameters ($1 … $n in the text). */
export interface Statement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** A statement from a template: each interpolated value becomes a parameter, never text. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Statement {
  let text = strings[0];
  for (let i = 1; i < strings.length; i++) text += `$${i}${strings[i]}`;
  return { text, values };
}

/** A statement whose text is built from our own identifiers, with $n parameters for values. */
export function statement(text: string, values: readonly unknown[] = []): Statement {
  return { text, values };
}

export interface Queryable {
  /** The rows, as objects keyed by column name. */
  rows<T extends object = Record<string, unknown>>(s: Statement): Promise<T[]>;
  /** The rows, as arrays in column order. */
  values<T extends unknown[] = unknown[]>(s: Statement): Promise<T[]>;
  /** How many rows the statement inserted, updated or deleted. */
  run(s: Statement): Promise<number>;
}

/** One checked-out connection: statements run in order on the same session. */
export interface Session extends Queryable {
  /** Streams the result `batch` rows (as arrays) at a time; memory stays bounded by the batch. */
  cursor<T extends unknown[]>(s: Statement, batch: number, each: (rows: T[]) => void): Promise<void>;
  /** The error the connection died of while checked out, if it did. */
  readonly lost: Error | undefined;
}

/** Connection failures pg reports without a code (its own messages). */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * Whether `err` is a failure of the connection itself, not of the server: a socket error
 * (ECONNREFUSED, ECONNRESET, EPIPE…, which carry a `syscall`) or one of pg's messages for a
 * connection that closed, timed out or never opened (which carry no code at all).
 */
export function connectionFailed(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof pg.DatabaseError) return false;
  if (typeof (err as { syscall?: unknown }).syscall === 'string') return true;
  return CONNECTION_MESSAGES.some((m) => err.message.startsWith(m));
}

/**
 * Whether the session is gone after `err`: the connection failed, or the server sent a FATAL or
 * PANIC (it ends the session: pg hands it to the statement running, then the socket closes).
 */
export function connectionGone(err: unknown): boolean {
  if (err instanceof pg.DatabaseError) return err.severity === 'FATAL' || err.severity === 'PANIC';
  return connectionFailed(err);
}

type Client = pg.ClientBase;

export function rowsOf<T>(client: Client, s: Statement): Promise<T[]> {
  return client.query({ text: s.text, values: [...s.values] }).then((r) => r.rows as T[]);
}

export function valuesOf<T>(client: Client, s: Statement): Promise<T[]> {
  return client.query({ text: s.text, values: [...s.values], rowMode: 'array' }).then((r) => r.rows as T[]);
}

export function countOf(client: Client, s: Statement): Promise<number> {
  return client.query({ text: s.text, values: [...s.values] }).then((r) => r.rowCount ?? 0);
}

/**
 * A promise that rejects when `client`'s connection dies, and the way to stop watching. pg-cursor
 * alone may never settle a read then: once the result is complete it closes its portal and
 * waits for ReadyForQuery, and a connection that ends in between leaves the read pending.
 */
function whileAlive(client: Client): { gone: Promise<never>; stop: () => void } {
  let onError: (err: Error) => void = () => undefined;
  const onEnd = (): void => onError(new Error('Connection terminated unexpectedly'));
  const gone = new Promise<never>((_, reject) => {
    onError = reject;
    client.once('error', onError);
    client.once('end', onEnd);
  });
  gone.catch(() => undefined); // raced, never awaited alone
  return {
    gone,
    stop: () => {
      client.off('error', onError);
      client.off('end', onEnd);
    },
  };
}

/**
 * Reads a cursor to its end, `batch` rows at a time. A read that fails has ended the cursor
 * already (pg-cursor syncs the session): there is nothing to close. When `each` throws, the
 * cursor is still open and holds the session: it is closed, unless the connection ends first.
 */
export async function readCursor<T>(
  client: Client,
  s: Statement,
  batch: number,
  each: (rows: T[]) => void,
): Promise<void> {
  const cursor = client.query(new Cursor<T>(s.text, [...s.values], { rowMode: 'array' }));
  const alive = whileAlive(client);
  try {
    for (;;) {
      const rows = await Promise.race([cursor.read(batch), alive.gone]);
      if (rows.length === 0) return;
      try {
        each(rows);
      } catch (err) {
        await Promise.race([cursor.close().catch(() => undefined), alive.gone.catch(() => undefined)]);
        throw err;
      }
    }
  } finally {
    alive.stop();
  }
}

/** What the store sets on a pool (connection.ts maps the operators' options onto it). */
export interface PoolSettings {
  max: number;
  connectTimeoutMs: number;
  idleTimeoutMs: number;
  statementTimeoutMs: number;
  applicationName: string;
}

/**
 * Type parsers of one pool (pg.types, the global ones, stay as they are for anything else in the
 * process): BIGINT (OID 20) as a number, since ids stay far below 2^53; the others as pg's.
 * Results come in text format only (nothing here asks for binary).
 */
function typeParser(oid: number): (value: string) => unknown {
  return oid === 20 ? Number : (pg.types.getTypeParser(oid, 'text') as (value: string) => unknown);
}
const TYPES: pg.CustomTypesConfig = { getTypeParser: typeParser };

/**
 * Client options for every connection of a pool (the pool's own and LISTEN's). The connect
 * timeout is the client's (TCP and authentication), not the pool's: a request waits for a free
 * connection as long as it takes, as it always did; only connecting is bounded.
 */
export function clientConfig(url: string, s: PoolSettings): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: s.connectTimeoutMs,
    application_name: s.applicationName,
    ...(s.statementTimeoutMs > 0 ? { statement_timeout: s.statementTimeoutMs } : {}),
    types: TYPES,
  };
}
