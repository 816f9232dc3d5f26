// Checks made before any expensive work (opening a store, loading the index), so that a bad
// option or a missing store ends the command at once with one line naming the problem.
import { existsSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { isPostgresLocation, openStore } from '../store/open.js';
import type { GraphStore } from '../store/types.js';
import { SQLITE_FILE_NAME } from '../store/sqlite/sqlite-store.js';

/**
 * Commands other than init and ingest (serve, stats, token…) never create a store: an embedded
 * store must exist already, so a mistyped --store is refused rather than served empty. A
 * PostgreSQL store is never created by opening it (the database must exist and carry the
 * schema, which `init` or `migrate` applies), so only the embedded store is checked here.
 */
export function requireExistingStore(location: string): void {
  if (isPostgresLocation(location)) return;
  const dir = resolve(location);
  const file = join(dir, SQLITE_FILE_NAME);
  if (existsSync(file)) return;
  const why = !existsSync(dir)
    ? `${dir} does not exist`
    : !statSync(dir).isDirectory()
      ? `${dir} is not a directory`
      : `${dir} has no ${SQLITE_FILE_NAME}`;
  throw new Error(
    `no store at --store ${location} (${why}); "supplygraph init --store ${location}" creates an empty one`,
  );
}

/**
 * Binds the port once and lets it go, so that a port in use or a host that is not ours is
 * reported before the index loads (which can take minutes), not after. The real listen
 * happens after the load; losing the port in between still fails, only later.
 */
export function probeListen(host: string, port: number): Promise<void> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      const reason =
        err.code === 'EADDRINUSE'
          ? `--port ${port}: ${where} is already in use`
          : err.code === 'EACCES'
            ? `--port ${port}: not allowed to listen on ${where} (ports below 1024 need privileges)`
            : err.code === 'EADDRNOTAVAIL'
              ? `--host ${host}: not an address of this machine`
              : err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN'
                ? `--host ${host}: cannot be resolved`
                : `cannot listen on ${where}: ${err.message}`;
      fail(new Error(reason));
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => done()));
  });
}

/** Runs `work` on the existing store at `location` (requireExistingStore), closing it after. */
export async function withStore<T>(location: string, work: (store: GraphStore) => Promise<T>): Promise<T> {
  requireExistingStore(location);
  const store = await openStore(location);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}
