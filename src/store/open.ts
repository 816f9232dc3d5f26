// Picks the store implementation from the --store location.
import { SqliteStore } from './sqlite/sqlite-store.js';
import type { GraphStore } from './types.js';

export async function openStore(location: string): Promise<GraphStore> {
  if (/^postgres(ql)?:\/\//i.test(location)) {
    throw new Error('the PostgreSQL store is not available in this build; use a directory for the embedded store');
  }
  return SqliteStore.open(location);
}
