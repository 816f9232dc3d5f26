// The embedded store applies the one migration list (../schema/migrations.ts) on open, all
// missing steps in one IMMEDIATE transaction (and the columns of fields added to a schema since);
// the version is SQLite's user_version.
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { NodeKind } from '../../model/kinds.js';
import { SQLITE_DIALECT } from '../schema/dialect.js';
import { MIGRATIONS, SCHEMA_VERSION } from '../schema/migrations.js';
import { missingColumns } from '../schema/missing-columns.js';
import { packInclusions } from './inclusions.js';
import { PreparedStatements } from './projects.js';
import {
  BACKFILL_CHUNK,
  backfillStatements,
  recordedBuildsSql,
  sbomSubjectsSql,
  type SbomSubjectRow,
} from '../build-backfill.js';
import { applicableRenames, changedPurlKeys, PURL_NODE_KINDS, type PurlRekeyReport } from '../purl-rekey.js';

export const SQLITE_SCHEMA_VERSION = SCHEMA_VERSION;

export function migrate(db: Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > SCHEMA_VERSION) {
    throw new Error(
      `the store's schema is version ${current}, newer than this build knows (${SCHEMA_VERSION}); upgrade supplygraph`,
    );
  }
  const columnsOf = (table: string): ReadonlySet<string> =>
    new Set(db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]);
  if (current === SCHEMA_VERSION && missingColumns(SQLITE_DIALECT, columnsOf).length === 0) return;
  db.transaction(() => {
    for (const step of MIGRATIONS) {
      if (step.version <= current) continue;
      for (const statement of step.statements(SQLITE_DIALECT)) db.exec(statement);
      if (step.rekeyPurls) rekeyPurls(db);
      if (step.packInclusions) packInclusions(db);
      if (step.backfillBuilds) backfillSqliteBuilds(db);
    }
    for (const statement of missingColumns(SQLITE_DIALECT, columnsOf)) db.exec(statement);
    db.prepare(`INSERT OR IGNORE INTO meta (key, value) VALUES ('store_id', ?)`).run(randomUUID());
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

/** Step 12 (../build-backfill.ts): a build for every SBOM stored before. */
function backfillSqliteBuilds(db: Database): void {
  const sql = new PreparedStatements(db);
  const done = new Set(sql.all<{ doc: number }>(recordedBuildsSql(SQLITE_DIALECT)).map((r) => r.doc));
  for (let last = 0; ;) {
    const rows = sql.all<SbomSubjectRow>(sbomSubjectsSql(SQLITE_DIALECT, last));
    sql.run(backfillStatements(SQLITE_DIALECT, rows, done));
    if (rows.length < BACKFILL_CHUNK) return;
    last = rows[rows.length - 1].id;
  }
}

/** Step 9 (../purl-rekey.ts): each stored purl in its ECMA-427 canonical form, documents' subjects too. */
function rekeyPurls(db: Database): PurlRekeyReport {
  const report: PurlRekeyReport = { rekeyed: 0, invalid: 0, taken: 0 };
  const nodes = db
    .prepare(`SELECT id, kind, key FROM nodes WHERE kind IN (${PURL_NODE_KINDS.join(', ')}) ORDER BY id`)
    .all() as { id: number; kind: number; key: string }[];
  const exists = db.prepare('SELECT 1 FROM nodes WHERE kind = ? AND key = ?').pluck();
  const renames = applicableRenames(
    changedPurlKeys(nodes, report),
    (kind, key) => exists.get(kind, key) !== undefined,
    report,
  );
  const renameNode = db.prepare('UPDATE nodes SET key = ? WHERE id = ?');
  const renameSubject = db.prepare('UPDATE documents SET subject = ? WHERE subject = ?');
  for (const r of renames) {
    renameNode.run(r.to, r.id);
    if (r.kind === NodeKind.Package) renameSubject.run(r.to, r.from);
  }
  return report;
}
