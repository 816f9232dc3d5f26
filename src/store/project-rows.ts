// Projects and builds as both backends write and read them (schema step 12): one SQL builder per
// statement (the dialect gives table names and placeholders) and one row → record mapping. The
// writer records a build in its document's transaction and keeps the project's count and latest
// build current there, so a project list reads projects, never builds.
import type { BuildRecord } from '../model/build.js';
import { SqlParams, type Dialect, type SqlStatement } from './schema/dialect.js';
import type { BuildQuery, ProjectQuery, StoredBuild, StoredProject } from './types.js';

/** The statements that record a stored SBOM's build (the writer runs them after the document's row). */
export function recordBuildSql(d: Dialect, doc: number, subject: number, b: BuildRecord, at: string): SqlStatement[] {
  const p = new SqlParams(d);
  const out = [
    p.statement(
      `INSERT INTO ${d.table('builds')} (doc, project, subject, version, vcs_commit, branch, build_url, built_at)
       VALUES (${[doc, b.project, subject, b.version, b.commit, b.branch, b.buildUrl, b.builtAt].map((v) => p.bind(v)).join(', ')})`,
    ),
  ];
  if (b.project === null) return out;
  out.push(countBuildSql(d, b.project, doc, b.builtAt, at));
  out.push(...labelSql(d, b.project, b.labels));
  return out;
}

/** One more build of `project`: created with it, or counted and made latest when it is newer. */
function countBuildSql(d: Dialect, project: string, doc: number, builtAt: string, at: string): SqlStatement {
  const projects = d.table('projects');
  const p = new SqlParams(d);
  const newer = `(${projects}.latest_doc IS NULL OR excluded.latest_built_at > ${projects}.latest_built_at
    OR (excluded.latest_built_at = ${projects}.latest_built_at AND excluded.latest_doc > ${projects}.latest_doc))`;
  return p.statement(
    `INSERT INTO ${projects} (name, builds, latest_doc, latest_built_at, created_at)
     VALUES (${p.bind(project)}, 1, ${p.bind(doc)}, ${p.bind(builtAt)}, ${p.bind(at)})
     ON CONFLICT (name) DO UPDATE SET builds = ${projects}.builds + 1,
       latest_doc = CASE WHEN ${newer} THEN excluded.latest_doc ELSE ${projects}.latest_doc END,
       latest_built_at = CASE WHEN ${newer} THEN excluded.latest_built_at ELSE ${projects}.latest_built_at END`,
  );
}

/** Labels set on a project (null: removed); a later value of a key replaces the earlier one. */
export function labelSql(d: Dialect, project: string, labels: Readonly<Record<string, string | null>>): SqlStatement[] {
  const table = d.table('project_labels');
  return Object.entries(labels).map(([key, value]) => {
    const p = new SqlParams(d);
    if (value === null) {
      return p.statement(`DELETE FROM ${table} WHERE project = ${p.bind(project)} AND key = ${p.bind(key)}`);
    }
    return p.statement(
      `INSERT INTO ${table} (project, key, value) VALUES (${p.bind(project)}, ${p.bind(key)}, ${p.bind(value)})
       ON CONFLICT (project, key) DO UPDATE SET value = excluded.value`,
    );
  });
}

/** Makes sure a project row exists (a build moved into a new project); recountSql then fills it. */
export function ensureProjectSql(d: Dialect, project: string, at: string): SqlStatement {
  const p = new SqlParams(d);
  return p.statement(
    `INSERT INTO ${d.table('projects')} (name, builds, created_at) VALUES (${p.bind(project)}, 0, ${p.bind(at)})
     ON CONFLICT (name) DO NOTHING`,
  );
}

/**
 * The project's count and latest build from its builds (after one left or joined it); a project
 * left without builds goes, with its labels. Reads the project's builds only (builds_project).
 */
export function recountSql(d: Dialect, project: string): SqlStatement[] {
  const builds = d.table('builds');
  const latest = (column: string, p: SqlParams): string =>
    `(SELECT ${column} FROM ${builds} WHERE project = ${p.bind(project)} ORDER BY built_at DESC, doc DESC LIMIT 1)`;
  const update = new SqlParams(d);
  const text = `UPDATE ${d.table('projects')} SET builds = (SELECT count(*) FROM ${builds} WHERE project = ${update.bind(project)}),
     latest_doc = ${latest('doc', update)}, latest_built_at = ${latest('built_at', update)}
     WHERE name = ${update.bind(project)}`;
  const labels = new SqlParams(d);
  const projects = new SqlParams(d);
  return [
    update.statement(text),
    labels.statement(
      `DELETE FROM ${d.table('project_labels')} WHERE project = ${labels.bind(project)}
       AND NOT EXISTS (SELECT 1 FROM ${builds} WHERE project = ${labels.bind(project)})`,
    ),
    projects.statement(`DELETE FROM ${d.table('projects')} WHERE name = ${projects.bind(project)} AND builds = 0`),
  ];
}

/** The build of a document, by the document's digest: its id and project. */
export function buildByDigestSql(d: Dialect, digest: string): SqlStatement {
  const p = new SqlParams(d);
  return p.statement(
    `SELECT b.doc, b.project FROM ${d.table('builds')} b JOIN ${d.table('documents')} x ON x.id = b.doc
     WHERE x.digest = ${p.bind(digest)}`,
  );
}

/** A build by its document's digest, with its project. */
export function buildOfDigestSql(d: Dialect, digest: string): SqlStatement {
  const p = new SqlParams(d);
  return p.statement(
    `SELECT ${BUILD_COLUMNS}, b.project FROM ${d.table('builds')} b JOIN ${d.table('documents')} x ON x.id = b.doc
     WHERE x.digest = ${p.bind(digest)}`,
  );
}

/** The newest build of a project with a version. */
export function buildOfVersionSql(d: Dialect, project: string, version: string): SqlStatement {
  const p = new SqlParams(d);
  return p.statement(
    `SELECT ${BUILD_COLUMNS}, b.project FROM ${d.table('builds')} b JOIN ${d.table('documents')} x ON x.id = b.doc
     WHERE b.project = ${p.bind(project)} AND b.version = ${p.bind(version)}
     ORDER BY b.built_at DESC, b.doc DESC LIMIT 1`,
  );
}

/** Moves a build (by document id) to a project. */
export function moveBuildSql(d: Dialect, doc: number, project: string): SqlStatement {
  const p = new SqlParams(d);
  return p.statement(`UPDATE ${d.table('builds')} SET project = ${p.bind(project)} WHERE doc = ${p.bind(doc)}`);
}

/** Removes a document's build (its delete); the project's, if any, is recounted after. */
export function deleteBuildSql(d: Dialect, doc: number): SqlStatement {
  const p = new SqlParams(d);
  return p.statement(`DELETE FROM ${d.table('builds')} WHERE doc = ${p.bind(doc)} RETURNING project`);
}

const BUILD_COLUMNS = `b.doc, b.subject, b.version, b.vcs_commit, b.branch, b.build_url, b.built_at, x.digest,
  x.subject AS subject_text, x.ingested_at`;
const PROJECT_COLUMNS = `p.name, p.builds, p.created_at, ${BUILD_COLUMNS}`;

export interface ProjectRowValues extends BuildRowValues {
  name: string;
  builds: number;
  created_at: string;
}

/** One page of projects (keyset after the cursor's key), with the filters' total. */
export function projectListSql(d: Dialect, q: ProjectQuery): { page: SqlStatement; count: SqlStatement } {
  const p = new SqlParams(d);
  const filters = projectFilters(d, q, p);
  const where = (extra: string[]): string => (extra.length ? ` WHERE ${extra.join(' AND ')}` : '');
  const count = p.statement(`SELECT count(*) AS n FROM ${d.table('projects')} p${where(filters)}`);
  const after = q.after;
  if (after && q.sort === 'name') filters.push(`p.name > ${p.bind(after.name)}`);
  if (after && q.sort === 'lastBuild') {
    const built = p.bind(after.latestBuiltAt);
    filters.push(
      `(p.latest_built_at < ${built} OR (p.latest_built_at = ${p.bind(after.latestBuiltAt)} AND p.name > ${p.bind(after.name)}))`,
    );
  }
  const order = q.sort === 'name' ? 'p.name' : 'p.latest_built_at DESC, p.name';
  const page = p.statement(
    `SELECT ${PROJECT_COLUMNS} FROM ${d.table('projects')} p ${latestJoins(d)}${where(filters)}
     ORDER BY ${order} LIMIT ${p.bind(q.limit)}`,
  );
  return { page, count };
}

/** Every project the filters keep, with its latest build, by name: what portfolio answers start from. */
export function latestBuildsSql(d: Dialect, q: Pick<ProjectQuery, 'namePrefix' | 'labels' | 'names'>): SqlStatement {
  const p = new SqlParams(d);
  const filters = projectFilters(d, q, p);
  return p.statement(
    `SELECT ${PROJECT_COLUMNS} FROM ${d.table('projects')} p ${latestJoins(d)}
     ${filters.length ? `WHERE ${filters.join(' AND ')}` : ''} ORDER BY p.name`,
  );
}

function latestJoins(d: Dialect): string {
  return `LEFT JOIN ${d.table('builds')} b ON b.doc = p.latest_doc LEFT JOIN ${d.table('documents')} x ON x.id = p.latest_doc`;
}

function projectFilters(d: Dialect, q: Pick<ProjectQuery, 'namePrefix' | 'labels' | 'names'>, p: SqlParams): string[] {
  const filters: string[] = [];
  if (q.namePrefix) {
    // A range, not LIKE: the primary key's order serves it, and no character is a wildcard.
    filters.push(`p.name >= ${p.bind(q.namePrefix)} AND p.name < ${p.bind(q.namePrefix + '\uffff')}`);
  }
  if (q.names) filters.push(`p.name IN (${q.names.map((n) => p.bind(n)).join(', ') || 'NULL'})`);
  for (const [key, value] of q.labels ?? []) {
    filters.push(`EXISTS (SELECT 1 FROM ${d.table('project_labels')} l WHERE l.project = p.name
      AND l.key = ${p.bind(key)} AND l.value = ${p.bind(value)})`);
  }
  return filters;
}

/** The labels of the projects named. */
export function projectLabelsSql(d: Dialect, names: readonly string[]): SqlStatement {
  const p = new SqlParams(d);
  return p.statement(
    `SELECT project, key, value FROM ${d.table('project_labels')}
     WHERE project IN (${names.map((n) => p.bind(n)).join(', ') || 'NULL'}) ORDER BY project, key`,
  );
}

/** Builds without a project: how many. */
export function unassignedCountSql(d: Dialect): SqlStatement {
  return { text: `SELECT count(*) AS n FROM ${d.table('builds')} WHERE project IS NULL`, params: [] };
}

/** A build's columns; all null for a project's latest build when the project has none. */
export interface BuildRowValues {
  doc: number | null;
  subject: number | null;
  version: string | null;
  vcs_commit: string | null;
  branch: string | null;
  build_url: string | null;
  built_at: string | null;
  digest: string | null;
  subject_text: string | null;
  ingested_at: string | null;
}

/** A project's builds, newest first (keyset on built_at, doc). */
export function projectBuildsSql(d: Dialect, project: string, q: BuildQuery): SqlStatement {
  const p = new SqlParams(d);
  const filters = [`b.project = ${p.bind(project)}`];
  if (q.before) {
    filters.push(`(b.built_at < ${p.bind(q.before.builtAt)} OR (b.built_at = ${p.bind(q.before.builtAt)}
      AND b.doc < ${p.bind(q.before.doc)}))`);
  }
  return p.statement(
    `SELECT ${BUILD_COLUMNS} FROM ${d.table('builds')} b JOIN ${d.table('documents')} x ON x.id = b.doc
     WHERE ${filters.join(' AND ')} ORDER BY b.built_at DESC, b.doc DESC LIMIT ${p.bind(q.limit)}`,
  );
}

export function buildFromRow(r: BuildRowValues): StoredBuild {
  return {
    document: Number(r.doc),
    digest: r.digest ?? '',
    subject: r.subject_text,
    subjectNode: Number(r.subject),
    version: r.version,
    commit: r.vcs_commit,
    branch: r.branch,
    buildUrl: r.build_url,
    builtAt: r.built_at ?? '',
    ingestedAt: r.ingested_at ?? '',
  };
}

export function projectFromRow(r: ProjectRowValues, labels: Readonly<Record<string, string>>): StoredProject {
  return {
    name: r.name,
    builds: Number(r.builds),
    createdAt: r.created_at,
    labels,
    latest: r.doc === null ? null : buildFromRow(r),
  };
}

/** Label rows grouped by project. */
export function labelsByProject(
  rows: readonly { project: string; key: string; value: string }[],
): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const r of rows) {
    let labels = out.get(r.project);
    if (!labels) out.set(r.project, (labels = {}));
    labels[r.key] = r.value;
  }
  return out;
}

/** The page's next cursor key, from its last project. */
export function projectKey(p: StoredProject): { name: string; latestBuiltAt: string } {
  return { name: p.name, latestBuiltAt: p.latest?.builtAt ?? '' };
}
