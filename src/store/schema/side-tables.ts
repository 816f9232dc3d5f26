// The tables beside the graph that later migration steps add: plain rows the writer or an
// import keeps, never part of a load (projects and builds, KEV and EPSS, feeds).
import type { Dialect } from './dialect.js';

/**
 * Step 12 (docs/adr/0014): a build per stored SBOM and per project the count and latest of its
 * builds, kept by the writer (../project-rows.ts). Idempotent, as steps 10 and 11.
 */
export function projectsAndBuilds(d: Dialect): string[] {
  const [builds, projects] = [d.table('builds'), d.table('projects')];
  return [
    `CREATE TABLE IF NOT EXISTS ${builds} (doc ${d.ref} PRIMARY KEY, project TEXT, subject ${d.ref} NOT NULL,
       version TEXT, vcs_commit TEXT, branch TEXT, build_url TEXT, built_at TEXT NOT NULL)`,
    `CREATE INDEX IF NOT EXISTS ${builds}_project ON ${builds} (project, built_at, doc)`,
    `CREATE TABLE IF NOT EXISTS ${projects} (name TEXT PRIMARY KEY, builds INTEGER NOT NULL,
       latest_doc ${d.ref}, latest_built_at TEXT, created_at TEXT NOT NULL)`,
    `CREATE INDEX IF NOT EXISTS ${projects}_latest ON ${projects} (latest_built_at, name)`,
    `CREATE TABLE IF NOT EXISTS ${d.table('project_labels')} (project TEXT NOT NULL, key TEXT NOT NULL,
       value TEXT NOT NULL, PRIMARY KEY (project, key))`,
  ];
}

/** Step 14 (docs/adr/0015): exploitation data beside the graph, a kind replaced at a time. */
export function exploitationTables(d: Dialect): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${d.table('kev_entries')} (cve TEXT PRIMARY KEY, date_added TEXT NOT NULL, due_date TEXT,
       ransomware INTEGER, vendor_project TEXT, product TEXT, vulnerability_name TEXT)`,
    `CREATE TABLE IF NOT EXISTS ${d.table('epss_scores')} (cve TEXT PRIMARY KEY, score DOUBLE PRECISION NOT NULL,
       percentile DOUBLE PRECISION NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${d.table('exploitation_sources')} (kind TEXT PRIMARY KEY, source TEXT NOT NULL,
       version TEXT, dated TEXT NOT NULL, imported_at TEXT NOT NULL, entries INTEGER NOT NULL)`,
  ];
}

/** Step 15: feeds, each sync of them, and the records an OSV archive feed has taken. */
export function feedTables(d: Dialect): string[] {
  const [feeds, syncs, records] = [d.table('feeds'), d.table('feed_syncs'), d.table('feed_records')];
  return [
    `CREATE TABLE IF NOT EXISTS ${feeds} (name TEXT PRIMARY KEY, kind TEXT NOT NULL, source TEXT NOT NULL,
       interval_seconds INTEGER NOT NULL, created_at TEXT NOT NULL, etag TEXT, last_modified TEXT,
       next_sync_at TEXT NOT NULL, failures INTEGER NOT NULL, last_sync TEXT, lease_owner TEXT, lease_until TEXT)`,
    `CREATE TABLE IF NOT EXISTS ${syncs} (feed TEXT NOT NULL, started_at TEXT NOT NULL, millis INTEGER NOT NULL,
       status TEXT NOT NULL, changes TEXT NOT NULL, error TEXT)`,
    `CREATE INDEX IF NOT EXISTS ${syncs}_feed ON ${syncs} (feed, started_at)`,
    `CREATE TABLE IF NOT EXISTS ${records} (feed TEXT NOT NULL, id TEXT NOT NULL, modified TEXT NOT NULL,
       digest TEXT NOT NULL, PRIMARY KEY (feed, id))`,
  ];
}
