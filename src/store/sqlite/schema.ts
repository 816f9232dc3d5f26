// Versioned schema of the embedded store, applied on open. Never edit a shipped step: add one.
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';

const STEPS: readonly string[] = [
  // 1: documents keyed by digest; interned nodes; append-only facts that remember their document.
  `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE documents (
     id INTEGER PRIMARY KEY,
     digest TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL,
     format TEXT NOT NULL,
     origin TEXT NOT NULL,
     collector TEXT NOT NULL,
     ingested_at TEXT NOT NULL,
     frequency_eligible INTEGER NOT NULL,
     summary TEXT NOT NULL
   );
   CREATE TABLE nodes (
     id INTEGER PRIMARY KEY,
     kind INTEGER NOT NULL,
     key TEXT NOT NULL,
     attr TEXT,
     UNIQUE (kind, key)
   );
   CREATE TABLE facts (
     id INTEGER PRIMARY KEY,
     doc INTEGER NOT NULL REFERENCES documents (id),
     kind INTEGER NOT NULL,
     a INTEGER NOT NULL,
     b INTEGER,
     data TEXT
   );`,
  // 2: dependency facts apart from the other facts. Per document, the evidence (packed node-id
  // triples); across documents, the distinct edges the index loads, so that an edge restated by
  // thousands of SBOMs is read once at start-up. Earlier kind-3 fact rows are folded in.
  `CREATE TABLE dependency_sets (
     doc INTEGER PRIMARY KEY REFERENCES documents (id),
     edges BLOB NOT NULL,
     data TEXT NOT NULL
   );
   CREATE TABLE dependency_edges (
     id INTEGER PRIMARY KEY,
     a INTEGER NOT NULL,
     b INTEGER NOT NULL,
     ranked INTEGER NOT NULL,
     UNIQUE (a, b, ranked)
   );
   INSERT OR IGNORE INTO dependency_edges (a, b, ranked)
     SELECT f.a, f.b, d.frequency_eligible FROM facts f JOIN documents d ON d.id = f.doc WHERE f.kind = 3 ORDER BY f.id;`,
  // 3: what ingest left out of each document, [{path, reason}…] as JSON. Documents stored before
  // kept only the count (in summary), so theirs is empty.
  `ALTER TABLE documents ADD COLUMN skipped TEXT NOT NULL DEFAULT '[]';`,
];

export const SQLITE_SCHEMA_VERSION = STEPS.length;

export function migrate(db: Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > STEPS.length) {
    throw new Error(
      `the store's schema is version ${current}, newer than this build knows (${STEPS.length}); upgrade supplygraph`,
    );
  }
  if (current === STEPS.length) return;
  db.transaction(() => {
    for (let v = current; v < STEPS.length; v++) db.exec(STEPS[v]);
    db.prepare(`INSERT OR IGNORE INTO meta (key, value) VALUES ('store_id', ?)`).run(randomUUID());
    db.pragma(`user_version = ${STEPS.length}`);
  }).immediate();
}
