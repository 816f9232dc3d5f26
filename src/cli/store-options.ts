// The PostgreSQL settings of a command as the store takes them (the embedded store ignores them).
import { DEFAULTS, type SettingValues } from '../config/settings.js';
import type { StoreOptions } from '../store/open.js';

type PgSettings = Partial<
  Pick<SettingValues, 'pgPoolSize' | 'pgConnectTimeout' | 'pgStatementTimeout' | 'pgStartupWait'>
>;

/**
 * A command without --pg-startup-wait (ingest, stats, token…) fails at once while the database
 * is down; serve, init and migrate wait, as their setting says.
 */
export function storeOptionsOf(settings: PgSettings): StoreOptions {
  return {
    poolSize: settings.pgPoolSize ?? DEFAULTS.pgPoolSize,
    connectTimeoutSeconds: settings.pgConnectTimeout ?? DEFAULTS.pgConnectTimeout,
    statementTimeoutMs: settings.pgStatementTimeout ?? DEFAULTS.pgStatementTimeout,
    startupWaitMs: settings.pgStartupWait ?? 0,
  };
}
