import { PostgresStore } from './postgres/pg-store.js';
import { SqliteStore } from './sqlite/sqlite-store.js';
export function isPostgresLocation(location) {
    return /^postgres(ql)?:\/\//i.test(location);
}
/**
 * Options for stores opened without explicit ones (the CLI sets them from its flags once, so
 * that commands which open stores deep inside, like `serve`, use them too).
 */
let defaults = {};
export function setStoreDefaults(options) {
    defaults = { ...options };
}
export async function openStore(location, options = defaults) {
    if (isPostgresLocation(location))
        return PostgresStore.open(location, options);
    return SqliteStore.open(location);
}
