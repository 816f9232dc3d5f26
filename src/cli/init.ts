// `supplygraph init`: creates an empty store, so that a new deployment can make its first token
// (and start its server) before anything is ingested. It is the one command besides `ingest`
// that creates a store: `serve`, `stats`, `token`, `documents` and `audit` still refuse a store
// that is not there, so a mistyped --store never silently starts an empty service.
// Run on an existing store it changes nothing but the schema version (docs/api.md, "Start empty").
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describeTarget } from '../store/postgres/connection.js';
import { isPostgresLocation, type StoreOptions } from '../store/open.js';
import { PostgresStore } from '../store/postgres/pg-store.js';
import { SQLITE_FILE_NAME, SqliteStore } from '../store/sqlite/sqlite-store.js';

/** What init did: `created` a new empty store, `migrated` an older one, or nothing (`exists`). */
export interface InitOutcome {
  backend: 'sqlite' | 'postgres';
  outcome: 'created' | 'exists' | 'migrated';
  /** The directory, or the database as host:port/name (never a password). */
  store: string;
  schemaVersion?: number;
  /** Documents the store held (0 for one just created). */
  documents: number;
}

/** The embedded store: the directory (and its parents) and an empty supplygraph.sqlite in it. */
async function initSqlite(location: string): Promise<InitOutcome> {
  const dir = resolve(location);
  if (existsSync(dir) && !statSync(dir).isDirectory())
    throw new Error(`--store ${location}: ${dir} is not a directory`);
  const existed = existsSync(join(dir, SQLITE_FILE_NAME));
  // Opening creates the file and applies the schema (an existing store's missing steps too).
  const store = SqliteStore.open(dir);
  try {
    const { documents } = await store.stats();
    return { backend: 'sqlite', outcome: existed ? 'exists' : 'created', store: dir, documents };
  } finally {
    await store.close();
  }
}

/**
 * PostgreSQL: the schema in a database that exists already (as `migrate`). The database itself
 * is never created: a mistyped name fails with "database … does not exist".
 */
async function initPostgres(url: string, options: StoreOptions): Promise<InitOutcome> {
  const report = await PostgresStore.migrate(url, options);
  const store = await PostgresStore.open(url, { ...options, poolSize: 1 });
  try {
    const { documents } = await store.stats();
    const outcome = report.from === 0 ? 'created' : report.applied.length === 0 ? 'exists' : 'migrated';
    return { backend: 'postgres', outcome, store: describeTarget(url).display, schemaVersion: report.to, documents };
  } finally {
    await store.close();
  }
}

function describe(o: InitOutcome, location: string): string {
  // The URL is not repeated: it may carry a password.
  const where = o.backend === 'postgres' ? '<url>' : location;
  const next = `next: supplygraph token create --store ${where} --name ci --scope ingest`;
  if (o.outcome === 'created') return `created an empty store at ${o.store}; ${next}`;
  const held = `${o.documents} document${o.documents === 1 ? '' : 's'}`;
  if (o.outcome === 'migrated')
    return `a store is at ${o.store} already (${held}); its schema was migrated to version ${o.schemaVersion}`;
  return `a store is at ${o.store} already (${held}); nothing to do`;
}

export async function runInit(location: string, options: StoreOptions, json: boolean): Promise<number> {
  if (location === '') throw new Error('--store must name a directory or a postgres:// URL');
  const outcome = isPostgresLocation(location) ? await initPostgres(location, options) : await initSqlite(location);
  if (json) console.log(JSON.stringify(outcome));
  else console.error(describe(outcome, location));
  return 0;
}
