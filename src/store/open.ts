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

export async function openStore(location: string, options: StoreOptions = defaults): Promise<GraphStore> {
  if (isPostgresLocation(location)) return PostgresStore.open(location, options);
  return SqliteStore.open(location);
}
