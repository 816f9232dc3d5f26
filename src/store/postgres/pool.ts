// The store's pool of connections (pg.Pool) and the sessions it lends. A session is one
// checked-out client, watched while it is out: pg emits 'error' on a client whose connection
// dies, and an 'error' event with no listener ends the process. When its connection died (or a
// statement said so), the client goes back with the error and the pool destroys it instead of
// handing a dead connection to the next caller.
import pg from 'pg';
import {
  clientConfig,
  connectionGone,
  countOf,
  readCursor,
  rowsOf,
  valuesOf,
  type PoolSettings,
  type Queryable,
  type Session,
  type Statement,
} from './driver.js';
import { Listener } from './listen.js';

class WatchedSession implements Session {
  lost: Error | undefined;
  private readonly onError = (err: Error): void => {
    this.lost ??= err;
  };
  private readonly onEnd = (): void => {
    this.lost ??= new Error('Connection terminated');
  };

  constructor(private readonly client: pg.PoolClient) {
    client.on('error', this.onError);
    client.on('end', this.onEnd);
  }

  rows<T extends object>(s: Statement): Promise<T[]> {
    return rowsOf<T>(this.client, s);
  }
  values<T extends unknown[]>(s: Statement): Promise<T[]> {
    return valuesOf<T>(this.client, s);
  }
  run(s: Statement): Promise<number> {
    return countOf(this.client, s);
  }
  cursor<T extends unknown[]>(s: Statement, batch: number, each: (rows: T[]) => void): Promise<void> {
    return readCursor(this.client, s, batch, each);
  }

  /** Back to the pool; when broken, the pool destroys it (its own listener takes over errors). */
  release(broken: Error | undefined): void {
    this.client.off('error', this.onError);
    this.client.off('end', this.onEnd);
    this.client.release(this.lost ?? broken);
  }

  /** Ends the connection under whoever holds it: the store is closing and has waited long enough. */
  kill(): void {
    this.client.end().catch(() => undefined);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export class Db implements Queryable {
  private readonly pool: pg.Pool;
  private readonly config: pg.ClientConfig;
  private readonly held = new Set<WatchedSession>();
  /** Every session asked for and not finished, checked out or still waiting for a connection. */
  private readonly running = new Set<Promise<unknown>>();
  private readonly listeners = new Set<Listener>();

  constructor(url: string, settings: PoolSettings) {
    const config = (this.config = clientConfig(url, settings));
    this.pool = new pg.Pool({
      ...config,
      // Bounds connecting only (each client has it, see clientConfig); waiting for a free one is not.
      connectionTimeoutMillis: 0,
      Client: class extends pg.Client {
        constructor() {
          super(config);
        }
      },
      max: settings.max,
      idleTimeoutMillis: settings.idleTimeoutMs,
    });
    // An idle client whose connection died: the pool has already removed it.
    this.pool.on('error', () => undefined);
  }

  /**
   * Runs `work` on one checked-out connection. The connection goes back to the pool afterwards,
   * or is destroyed when it died or when `work` failed with a connection error (or marked it).
   */
  async session<T>(work: (s: Session, spoil: (err: Error) => void) => Promise<T>): Promise<T> {
    const running = this.checkedOut(work);
    this.running.add(running);
    try {
      return await running;
    } finally {
      this.running.delete(running);
    }
  }

  private async checkedOut<T>(work: (s: Session, spoil: (err: Error) => void) => Promise<T>): Promise<T> {
    const session = new WatchedSession(await this.pool.connect());
    this.held.add(session);
    let broken: Error | undefined;
    try {
      return await work(session, (err) => (broken ??= err));
    } catch (err) {
      if (connectionGone(err)) broken ??= err as Error;
      throw err;
    } finally {
      this.held.delete(session);
      session.release(broken);
    }
  }

  rows<T extends object = Record<string, unknown>>(s: Statement): Promise<T[]> {
    return this.session((c) => c.rows<T>(s));
  }
  values<T extends unknown[] = unknown[]>(s: Statement): Promise<T[]> {
    return this.session((c) => c.values<T>(s));
  }
  run(s: Statement): Promise<number> {
    return this.session((c) => c.run(s));
  }

  /**
   * LISTEN on `channel` on a connection of its own (not the pool's), re-established after it dies;
   * `onListen` is told after each LISTEN, the first and each after a reconnect (notifications
   * may have been missed meanwhile). Resolves once listening; returns the way to stop.
   */
  async listen(channel: string, onNotify: () => void, onListen: () => void): Promise<() => Promise<void>> {
    const listener = new Listener(this.config, channel, onNotify, onListen);
    await listener.start();
    this.listeners.add(listener);
    return async () => {
      this.listeners.delete(listener);
      await listener.stop();
    };
  }

  /**
   * Closes every connection. What was asked for before finishes first (a NOTIFY sent after a
   * commit, say, still waiting for a connection); after `timeoutMs`, the connections still in
   * use are ended under their holders.
   */
  async end(timeoutMs: number): Promise<void> {
    await Promise.all([...this.listeners].map((l) => l.stop()));
    this.listeners.clear();
    const settled = Promise.allSettled([...this.running]).then(() => true);
    if (!(await Promise.race([settled, sleep(timeoutMs).then(() => false)]))) {
      for (const session of this.held) session.kill();
      await Promise.race([settled, sleep(1_000)]);
    }
    await Promise.race([this.pool.end().catch(() => undefined), sleep(1_000)]);
  }
}
