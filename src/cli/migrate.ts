// `supplygraph migrate`: brings a PostgreSQL database to the schema this build needs. The
// embedded store migrates itself on open, so for a directory there is nothing to do.
import { isPostgresLocation, type StoreOptions } from '../store/open.js';
import { PostgresStore } from '../store/postgres/pg-store.js';
import { PG_SCHEMA_VERSION } from '../store/postgres/migrations.js';

export async function runMigrate(location: string, options: StoreOptions, json: boolean): Promise<number> {
  if (!isPostgresLocation(location)) {
    const msg = 'the embedded store applies its schema itself when opened; migrate is for postgres:// stores';
    console.log(json ? JSON.stringify({ backend: 'sqlite', message: msg }) : msg);
    return 0;
  }
  const report = await PostgresStore.migrate(location, {
    ...options,
    logger: { warn: (obj, msg) => console.error(`${msg}: ${(obj as { reason?: string }).reason ?? ''}`) },
  });
  if (json) {
    console.log(JSON.stringify({ backend: 'postgres', ...report }));
  } else if (report.applied.length === 0) {
    console.error(`schema is at version ${report.to} already; nothing to do`);
  } else {
    for (const step of report.applied) console.error(`applied migration ${step.version}: ${step.description}`);
    console.error(`schema migrated from version ${report.from} to ${PG_SCHEMA_VERSION}`);
  }
  return 0;
}
