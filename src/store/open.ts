// Picks the store implementation from the --store location: a postgres:// or postgresql://
// URL selects PostgreSQL, anything else is a directory for the embedded store.
import type { PostgresOptions } from './postgres/connection.js';
import { PostgresStore } from './postgres/pg-store.js';
import { SqliteStore } from './sqlite/sqlite-store.js';
import type { GraphStore } from './types.js';

export type StoreOptions = Partial<PostgresOptions>;

export function isPostgresLocation(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/**
 * Options for stores opened without explicit ones (the CLI sets them from its flags once, so
 * that commands which open stores deep inside, like `serve`, use them too).
 */
let defaults: StoreOptions = {};

export function setStoreDefaults(options: StoreOptions): void {
  defaults = { ...options };
}

/** Where each store opened here lives: another thread (the upload worker) opens its own connection to it. */
const locations = new WeakMap<GraphStore, { location: string; options: StoreOptions }>();

export async function openStore(location: string, options: StoreOptions = defaults): Promise<GraphStore> {
  const store = isPostgresLocation(location) ? await PostgresStore.open(location, options) : SqliteStore.open(location);
  // The logger is a function: it cannot cross to another thread, and a worker logs nothing.
  const plain = { ...options };
  delete plain.logger;
  locations.set(store, { location, options: plain });
  return store;
}

/** The location and options `store` was opened with by openStore, or undefined for a store made otherwise. */
export function storeLocationOf(store: GraphStore): { location: string; options: StoreOptions } | undefined {
  return locations.get(store);
}
