// The embedded store applies the one migration list (../schema/migrations.ts) on open, all
// missing steps in one IMMEDIATE transaction (and the columns of fields added to a schema since);
// the version is SQLite's user_version.
import { randomUUID } from 'node:crypto';
import { SQLITE_DIALECT } from '../schema/dialect.js';
import { missingColumns, MIGRATIONS, SCHEMA_VERSION } from '../schema/migrations.js';
export const SQLITE_SCHEMA_VERSION = SCHEMA_VERSION;
export function migrate(db) {
    const current = db.pragma('user_version', { simple: true });
    if (current > SCHEMA_VERSION) {
        throw new Error(`the store's schema is version ${current}, newer than this build knows (${SCHEMA_VERSION}); upgrade supplygraph`);
    }
    const columnsOf = (table) => new Set(db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table));
    if (current === SCHEMA_VERSION && missingColumns(SQLITE_DIALECT, columnsOf).length === 0)
        return;
    db.transaction(() => {
        for (const step of MIGRATIONS) {
            if (step.version <= current)
                continue;
            for (const statement of step.statements(SQLITE_DIALECT))
                db.exec(statement);
        }
        for (const statement of missingColumns(SQLITE_DIALECT, columnsOf))
            db.exec(statement);
        db.prepare(`INSERT OR IGNORE INTO meta (key, value) VALUES ('store_id', ?)`).run(randomUUID());
        db.pragma(`user_version = ${SCHEMA_VERSION}`);
    }).immediate();
}
