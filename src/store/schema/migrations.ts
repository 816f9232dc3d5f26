// The one versioned schema of both backends. SQLite applies it on open, PostgreSQL through
// `supplygraph migrate`. Never edit a shipped step: append one. The PostgreSQL SQL stays within
// what Citus, YugabyteDB and CockroachDB accept: plain tables, B-tree primary keys and unique
// constraints, no triggers, sequences, extensions, advisory locks or expression indexes.
import { quoted } from './columns.js';
import type { Dialect } from './dialect.js';
import { advisoryNames } from './advisory-names.js';
import { exploitationTables, feedTables, projectsAndBuilds } from './side-tables.js';
import {
  columnsAt,
  EVIDENCE_COLUMNS,
  FACT_TABLES,
  SCHEMA_FACT_TABLES,
  SUMMARY_COLUMNS,
  type FactTable,
} from './tables.js';

export interface Migration {
  version: number;
  description: string;
  statements(d: Dialect): string[];
  /** After the statements, the backend re-keys stored purls in code (../purl-rekey.ts). */
  rekeyPurls?: true;
  /** After the statements, the backend packs sbom_includes into inclusion_sets in code (../inclusion-sets.ts). */
  packInclusions?: true;
  /** After the statements, the backend records the builds of stored SBOMs in code (../build-backfill.ts). */
  backfillBuilds?: true;
}

const pg = (d: Dialect): boolean => d.name === 'postgres';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'documents keyed by digest, interned nodes, append-only facts, the commit log row',
    statements: (d) => [
      `CREATE TABLE ${d.table('meta')} (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
      // PostgreSQL: one row. Writers lock it (SELECT … FOR UPDATE) for their short commit section
      // and take their ids from it, so ids grow in commit order and are dense: a loader that has
      // read up to id N can never later see a smaller id appear. SQLite serialises writers itself.
      ...(pg(d)
        ? [
            `CREATE TABLE sg_log (id INTEGER PRIMARY KEY, last_node BIGINT NOT NULL, last_fact BIGINT NOT NULL,
               last_document BIGINT NOT NULL)`,
            `INSERT INTO sg_log (id, last_node, last_fact, last_document) VALUES (1, 0, 0, 0)`,
          ]
        : []),
      `CREATE TABLE ${d.table('documents')} (
         id ${d.id},
         digest TEXT NOT NULL UNIQUE,
         name TEXT NOT NULL,
         format TEXT NOT NULL,
         origin TEXT NOT NULL,
         collector TEXT NOT NULL,
         ingested_at TEXT NOT NULL,
         frequency_eligible ${d.bool} NOT NULL,
         summary TEXT NOT NULL
       )`,
      // PostgreSQL: key_hash (sha256 of kind and key, hex) carries the uniqueness, a B-tree entry
      // is limited to about 2.7 kB and a purl or URL key can be longer than that.
      `CREATE TABLE ${d.table('nodes')} (
         id ${d.id},
         kind ${d.smallint} NOT NULL,
         key TEXT NOT NULL,
         attr TEXT,
         ${pg(d) ? 'key_hash TEXT NOT NULL UNIQUE' : 'UNIQUE (kind, key)'}
       )`,
      `CREATE TABLE ${d.table('facts')} (
         id ${d.id},
         doc ${d.ref} NOT NULL${pg(d) ? '' : ' REFERENCES documents (id)'},
         kind ${d.smallint} NOT NULL,
         a ${d.ref} NOT NULL,
         b ${d.ref},
         data TEXT
       )`,
    ],
  },
  {
    version: 2,
    description: 'dependency facts apart: per-document evidence and the distinct edges the index loads',
    statements: (d) => [
      `CREATE TABLE ${d.table('dependency_sets')} (doc ${d.ref} PRIMARY KEY, edges ${d.blob} NOT NULL, data TEXT NOT NULL)`,
      // PostgreSQL: ids come from sg_log.last_edge under the commit lock (commit order, gaps allowed).
      `CREATE TABLE ${d.table('dependency_edges')} (
         id ${d.id},
         a ${d.ref} NOT NULL,
         b ${d.ref} NOT NULL,
         ranked ${d.bool} NOT NULL,
         UNIQUE (a, b, ranked)
       )`,
      // Schema 1 kept dependency facts as kind-3 fact rows: fold their edges in.
      ...(pg(d)
        ? [
            `ALTER TABLE sg_log ADD COLUMN last_edge BIGINT NOT NULL DEFAULT 0`,
            `INSERT INTO sg_dependency_edges (id, a, b, ranked)
               SELECT row_number() OVER (ORDER BY min(f.id)), f.a, f.b, d.frequency_eligible
               FROM sg_facts f JOIN sg_documents d ON d.id = f.doc WHERE f.kind = 3
               GROUP BY f.a, f.b, d.frequency_eligible`,
            `UPDATE sg_log SET last_edge = (SELECT count(*) FROM sg_dependency_edges) WHERE id = 1`,
          ]
        : [
            `INSERT OR IGNORE INTO dependency_edges (a, b, ranked)
               SELECT f.a, f.b, d.frequency_eligible FROM facts f JOIN documents d ON d.id = f.doc
               WHERE f.kind = 3 ORDER BY f.id`,
          ]),
    ],
  },
  {
    version: 3,
    description: 'what ingest left out of each document ([{path, reason}] as JSON)',
    // Documents stored before kept only the count (in summary), so theirs is empty.
    statements: (d) => [`ALTER TABLE ${d.table('documents')} ADD COLUMN skipped TEXT NOT NULL DEFAULT '[]'`],
  },
  {
    version: 4,
    description: 'typed tables: one per fact kind, dependency evidence and document summary as columns',
    statements: typedTables,
  },
  {
    version: 5,
    description: 'API tokens, the audit log, document subject and sender, the deletion counter',
    statements: sharedServer,
  },
  {
    version: 6,
    description: 'path evidence: the links found by their ends, the first document stating each dependency edge',
    statements: pathEvidence,
  },
  {
    version: 7,
    description: 'licences: the SPDX expression each document declares or concludes for a package',
    statements: (d) => FACT_TABLES.filter((t) => t.since === 7).map((t) => createFactTable(d, t, 7)),
  },
  {
    version: 8,
    description: 'provenance signatures: verified, unverified or unsigned, and who signed',
    statements: provenanceSignatures,
  },
  {
    version: 9,
    description: 'package URLs re-keyed to their ECMA-427 canonical form (docs/api.md, "Package URLs")',
    statements: () => [],
    rekeyPurls: true,
  },
  {
    version: 10,
    description: 'SBOM inclusions packed: one row per document (its subjects and members), not one per component',
    // Idempotent (as step 11): a store whose rows are packed already keeps its sets.
    statements: (d) => [
      `CREATE TABLE IF NOT EXISTS ${d.table('inclusion_sets')} (doc ${d.ref} PRIMARY KEY, subjects ${d.blob} NOT NULL,
         members ${d.blob} NOT NULL, pairs INTEGER NOT NULL)`,
      // The documents with an SBOM of a subject: how an inclusion's documents are found now.
      `CREATE INDEX IF NOT EXISTS ${d.table('has_sbom')}_a ON ${d.table('has_sbom')} (a)`,
    ],
    packInclusions: true,
  },
  {
    version: 11,
    description: 'the per-component inclusion rows step 10 packed, dropped',
    statements: (d) => [`DROP TABLE IF EXISTS ${d.table('sbom_includes')}`],
  },
  {
    version: 12,
    description: 'projects and builds: every stored SBOM is a build of a project (docs/api.md, "Projects and builds")',
    statements: projectsAndBuilds,
    backfillBuilds: true,
  },
  {
    version: 13,
    description: 'policies builds are judged by, and the verdicts given (docs/api.md, "Policies and verdicts")',
    statements: (d) => [
      `CREATE TABLE IF NOT EXISTS ${d.table('policies')} (name TEXT PRIMARY KEY, expression TEXT NOT NULL,
         subject TEXT NOT NULL, action TEXT NOT NULL, scope_kind TEXT NOT NULL, scope_value TEXT,
         created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
      `CREATE TABLE IF NOT EXISTS ${d.table('verdicts')} (digest TEXT, project TEXT, at TEXT NOT NULL,
         verdict TEXT NOT NULL, violations TEXT NOT NULL, by_token TEXT)`,
      `CREATE INDEX IF NOT EXISTS ${d.table('verdicts')}_digest ON ${d.table('verdicts')} (digest, at)`,
    ],
  },
  {
    version: 14,
    description: 'KEV entries and EPSS scores, each kind with its source (docs/api.md, "Exploitation: KEV and EPSS")',
    statements: exploitationTables,
  },
  {
    version: 15,
    description: 'feeds the server keeps current, their syncs and records (docs/api.md, "Feeds")',
    statements: feedTables,
  },
  {
    version: 16,
    description: "advisories' package names apart, so a load can leave their affected entries out (docs/adr/0018)",
    statements: advisoryNames,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

/**
 * Step 4: a table per fact kind with a column per stored field, filled from the JSON of the old
 * facts table (ids kept, so commit order and PostgreSQL's last_fact stay valid); the dependency
 * data of each document into typed evidence rows (the packed triples already point at them by
 * position); the summary into typed columns. Kind-3 fact rows left over from schema 1 are
 * dropped: their edges were folded into dependency_edges by step 2.
 */
function typedTables(d: Dialect): string[] {
  const out: string[] = [];
  const facts = d.table('facts');
  for (const t of SCHEMA_FACT_TABLES) {
    if (t.since !== 4) continue;
    const name = d.table(t.name);
    out.push(createFactTable(d, t, 4));
    const columns = columnsAt(t, 4);
    const names = columns.map((c) => `, ${quoted(c.name)}`).join('');
    const values = columns.map((c) => `, ${d.jsonField('data', c.field, c.type)}`).join('');
    out.push(`INSERT INTO ${name} (id, doc, a, b${names}) SELECT id, doc, a, b${values}
      FROM ${facts} WHERE kind = ${t.kind} ORDER BY id`);
  }
  const evidence = d.table('dependency_evidence');
  const sets = d.table('dependency_sets');
  out.push(`CREATE TABLE ${evidence} (doc ${d.ref} NOT NULL, idx INTEGER NOT NULL
    ${EVIDENCE_COLUMNS.map((c) => `, ${quoted(c.name)} ${d.column(c.type)}`).join('')}, PRIMARY KEY (doc, idx))`);
  const element = d.jsonElements('s.data', 'e');
  out.push(`INSERT INTO ${evidence} (doc, idx${EVIDENCE_COLUMNS.map((c) => `, ${quoted(c.name)}`).join('')})
    SELECT s.doc, ${element.index}${EVIDENCE_COLUMNS.map((c) => `, ${d.jsonField(element.value, c.field, c.type)}`).join('')}
    FROM ${sets} s CROSS JOIN ${element.from}`);
  out.push(`ALTER TABLE ${sets} DROP COLUMN data`);
  const documents = d.table('documents');
  for (const c of SUMMARY_COLUMNS) {
    out.push(`ALTER TABLE ${documents} ADD COLUMN ${quoted(c.name)} ${d.column(c.type)} NOT NULL DEFAULT 0`);
  }
  // Schema-1 documents may have an empty summary ('{}'): their counts stay 0.
  const summaryField: Record<string, string> = {
    packageCount: 'packages',
    artifactCount: 'artifacts',
    dependencyCount: 'dependencies',
    skipCount: 'skipped',
  };
  out.push(
    `UPDATE ${documents} SET ${SUMMARY_COLUMNS.map(
      (c) => `${quoted(c.name)} = coalesce(${d.jsonField('summary', summaryField[c.field], c.type)}, 0)`,
    ).join(', ')}`,
  );
  out.push(`ALTER TABLE ${documents} DROP COLUMN summary`);
  out.push(`DROP TABLE ${facts}`);
  return out;
}

/** A fact table: (id, doc, a, b) and a column per stored field of its kind as of migration `step`. */
function createFactTable(d: Dialect, t: FactTable, step: number): string {
  const columns = columnsAt(t, step)
    .map((c) => `, ${quoted(c.name)} ${d.column(c.type)}`)
    .join('');
  return `CREATE TABLE ${d.table(t.name)} (id ${d.id}, doc ${d.ref} NOT NULL, a ${d.ref} NOT NULL, b ${d.ref}${columns})`;
}

/**
 * Step 5: what a shared server keeps besides the graph. Tokens are kept by hash only. Audit ids:
 * SQLite's rowid; PostgreSQL takes them from a one-row counter table of their own (no sequences,
 * see above) so that an audit record never waits for a document's commit section on sg_log. The
 * deletion counter lives where loaders read their cursor (sg_log, SQLite's meta). Existing
 * documents get the subject of their first SBOM, the first choice of model/document-subject.ts.
 */
function sharedServer(d: Dialect): string[] {
  const documents = d.table('documents');
  return [
    `CREATE TABLE ${d.table('tokens')} (
       name TEXT PRIMARY KEY,
       scope TEXT NOT NULL,
       hash TEXT NOT NULL UNIQUE,
       created_at TEXT NOT NULL,
       expires_at TEXT,
       last_used_at TEXT
     )`,
    `CREATE TABLE ${d.table('audit')} (
       id ${d.id},
       at TEXT NOT NULL,
       token TEXT,
       client TEXT NOT NULL,
       action TEXT NOT NULL,
       digest TEXT,
       result TEXT NOT NULL
     )`,
    ...(pg(d)
      ? [
          `CREATE TABLE sg_audit_counter (id INTEGER PRIMARY KEY, last_id BIGINT NOT NULL)`,
          `INSERT INTO sg_audit_counter (id, last_id) VALUES (1, 0)`,
          `ALTER TABLE sg_log ADD COLUMN deletions BIGINT NOT NULL DEFAULT 0`,
        ]
      : [`INSERT INTO meta (key, value) VALUES ('deletions', '0')`]),
    `ALTER TABLE ${documents} ADD COLUMN subject TEXT`,
    `ALTER TABLE ${documents} ADD COLUMN ingested_by TEXT`,
    `UPDATE ${documents} SET subject = f.key
       FROM (SELECT h.doc, n.key FROM ${d.table('has_sbom')} h JOIN ${d.table('nodes')} n ON n.id = h.a
             WHERE h.id IN (SELECT min(id) FROM ${d.table('has_sbom')} GROUP BY doc)) f
       WHERE f.doc = ${documents}.id`,
  ];
}

/**
 * Step 6: what /v0/path needs to name, per hop, a document that states the edge. The link tables
 * the walks follow get an index on (a, b); each distinct dependency edge remembers the first
 * document that stated it and the position of its evidence there (null for edges stored before,
 * and after that document is deleted: the lookup then searches the documents' packed edges).
 */
function pathEvidence(d: Dialect): string[] {
  const edges = d.table('dependency_edges');
  return [
    ...['sbom_includes', 'has_slsa', 'is_occurrence', 'hash_equal'].map(
      (name) => `CREATE INDEX ${d.table(name)}_ab ON ${d.table(name)} (a, b)`,
    ),
    `ALTER TABLE ${edges} ADD COLUMN doc ${d.ref}`,
    `ALTER TABLE ${edges} ADD COLUMN idx INTEGER`,
  ];
}

/**
 * Step 8: the signature of provenance. Rows stored before were never verified: those of a signed
 * wrapper (a DSSE envelope, Sigstore bundle or npm attestation list: the format name says which)
 * become "unverified", those of a bare statement or an ingest-predicates document "unsigned".
 */
function provenanceSignatures(d: Dialect): string[] {
  const slsa = d.table('has_slsa');
  const added = FACT_TABLES.flatMap((t) =>
    t.columns
      .filter((c) => c.since === 8)
      .map((c) => `ALTER TABLE ${d.table(t.name)} ADD COLUMN ${quoted(c.name)} ${d.column(c.type)}`),
  );
  return [
    ...added,
    `UPDATE ${slsa} SET "signature" = CASE WHEN EXISTS (SELECT 1 FROM ${d.table('documents')} x
       WHERE x.id = ${slsa}.doc AND (x.format LIKE 'slsa-provenance-%-dsse' OR x.format LIKE 'slsa-provenance-%-sigstore-bundle'
         OR x.format LIKE 'slsa-provenance-%-npm-attestations')) THEN 'unverified' ELSE 'unsigned' END`,
  ];
}
