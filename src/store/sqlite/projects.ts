// The embedded store's projects and builds (schema step 12, ../project-rows.ts): the writer's
// statements run here inside its transaction; moves and labels in IMMEDIATE transactions of
// their own (serialised with every writer, as a delete is). Policies and verdicts (step 13) too.
import type { Database, Statement } from 'better-sqlite3';
import type { BuildRecord } from '../../model/build.js';
import {
  buildByDigestSql,
  buildFromRow,
  buildOfDigestSql,
  buildOfVersionSql,
  deleteBuildSql,
  ensureProjectSql,
  labelsByProject,
  labelSql,
  latestBuildsSql,
  moveBuildSql,
  projectBuildsSql,
  projectFromRow,
  projectLabelsSql,
  projectListSql,
  recordBuildSql,
  recountSql,
  unassignedCountSql,
  type BuildRowValues,
  type ProjectRowValues,
} from '../project-rows.js';
import { SQLITE_DIALECT as D, type SqlStatement } from '../schema/dialect.js';
import type {
  BuildQuery,
  PolicyStore,
  ProjectCatalogue,
  ProjectQuery,
  StoredBuild,
  StoredPolicy,
  StoredProject,
  StoredVerdict,
} from '../types.js';
import type { Policy } from '../../model/policy.js';
import {
  deletePolicySql,
  listPoliciesSql,
  policyFromRow,
  policyNamedSql,
  putPolicySql,
  recordVerdictSql,
  verdictFromRow,
  verdictsOfSql,
  type PolicyRowValues,
  type VerdictRowValues,
} from '../policy-rows.js';

/** Statements by text, prepared once: the builders give a few distinct texts, used again and again. */
export class PreparedStatements {
  private readonly cache = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  private prepared(text: string): Statement {
    let s = this.cache.get(text);
    if (!s) this.cache.set(text, (s = this.db.prepare(text)));
    return s;
  }

  run(statements: readonly SqlStatement[]): void {
    for (const s of statements) this.prepared(s.text).run(...s.params);
  }

  all<T>(s: SqlStatement): T[] {
    return this.prepared(s.text).all(...s.params) as T[];
  }

  get<T>(s: SqlStatement): T | undefined {
    return this.prepared(s.text).get(...s.params) as T | undefined;
  }
}

/** The writer's part: a stored SBOM's build, in the document's transaction. */
export function insertSqliteBuild(sql: PreparedStatements, doc: number, subject: number, b: BuildRecord, at: string) {
  sql.run(recordBuildSql(D, doc, subject, b, at));
}

/** A delete's part: the document's build goes and its project is recounted (in the delete's transaction). */
export function deleteSqliteBuild(sql: PreparedStatements, doc: number): void {
  const removed = sql.all<{ project: string | null }>(deleteBuildSql(D, doc));
  for (const { project } of removed) if (project !== null) sql.run(recountSql(D, project));
}

export class SqliteProjects implements ProjectCatalogue {
  private readonly sql: PreparedStatements;

  constructor(private readonly db: Database) {
    this.sql = new PreparedStatements(db);
  }

  listProjects(query: ProjectQuery): Promise<{ projects: StoredProject[]; total: number; unassigned: number }> {
    const { page, count } = projectListSql(D, query);
    const read = this.db.transaction(() => ({
      projects: this.withLabels(this.sql.all<ProjectRowValues>(page)),
      total: this.sql.get<{ n: number }>(count)!.n,
      unassigned: this.sql.get<{ n: number }>(unassignedCountSql(D))!.n,
    }));
    return Promise.resolve(read.deferred());
  }

  latestBuilds(query: Pick<ProjectQuery, 'namePrefix' | 'labels' | 'names'>): Promise<StoredProject[]> {
    const read = this.db.transaction(() => this.withLabels(this.sql.all<ProjectRowValues>(latestBuildsSql(D, query))));
    return Promise.resolve(read.deferred());
  }

  async getProject(name: string): Promise<StoredProject | undefined> {
    return (await this.latestBuilds({ names: [name] }))[0];
  }

  projectBuilds(name: string, query: BuildQuery): Promise<StoredBuild[]> {
    return Promise.resolve(this.sql.all<BuildRowValues>(projectBuildsSql(D, name, query)).map(buildFromRow));
  }

  getBuild(digest: string): Promise<{ project: string | null; build: StoredBuild } | undefined> {
    const row = this.sql.get<BuildRowValues & { project: string | null }>(buildOfDigestSql(D, digest));
    return Promise.resolve(row ? { project: row.project, build: buildFromRow(row) } : undefined);
  }

  buildOfVersion(project: string, version: string): Promise<StoredBuild | undefined> {
    const row = this.sql.get<BuildRowValues>(buildOfVersionSql(D, project, version));
    return Promise.resolve(row ? buildFromRow(row) : undefined);
  }

  moveBuild(digest: string, project: string, at: string): Promise<'moved' | 'not-found' | 'not-a-build'> {
    const move = this.db.transaction((): 'moved' | 'not-found' | 'not-a-build' => {
      const build = this.sql.get<{ doc: number; project: string | null }>(buildByDigestSql(D, digest));
      if (!build)
        return this.sql.get({ text: 'SELECT 1 FROM documents WHERE digest = ?', params: [digest] })
          ? 'not-a-build'
          : 'not-found';
      if (build.project === project) return 'moved';
      this.sql.run([ensureProjectSql(D, project, at), moveBuildSql(D, build.doc, project), ...recountSql(D, project)]);
      if (build.project !== null) this.sql.run(recountSql(D, build.project));
      return 'moved';
    });
    return Promise.resolve(move.immediate());
  }

  setProjectLabels(name: string, labels: Readonly<Record<string, string | null>>): Promise<boolean> {
    const set = this.db.transaction((): boolean => {
      if (!this.sql.get({ text: 'SELECT 1 FROM projects WHERE name = ?', params: [name] })) return false;
      this.sql.run(labelSql(D, name, labels));
      return true;
    });
    return Promise.resolve(set.immediate());
  }

  private withLabels(rows: readonly ProjectRowValues[]): StoredProject[] {
    const labels = labelsByProject(
      this.sql.all(
        projectLabelsSql(
          D,
          rows.map((r) => r.name),
        ),
      ),
    );
    return rows.map((r) => projectFromRow(r, labels.get(r.name) ?? {}));
  }
}

/** The embedded store's policies and verdicts (../policy-rows.ts). */
export class SqlitePolicies implements PolicyStore {
  private readonly sql: PreparedStatements;

  constructor(db: Database) {
    this.sql = new PreparedStatements(db);
  }

  listPolicies(): Promise<StoredPolicy[]> {
    return Promise.resolve(this.sql.all<PolicyRowValues>(listPoliciesSql(D)).map(policyFromRow));
  }

  putPolicy(policy: Policy, at: string): Promise<'created' | 'updated'> {
    const existed = this.sql.get(policyNamedSql(D, policy.name)) !== undefined;
    this.sql.run([putPolicySql(D, policy, at)]);
    return Promise.resolve(existed ? 'updated' : 'created');
  }

  deletePolicy(name: string): Promise<boolean> {
    return Promise.resolve(this.sql.all(deletePolicySql(D, name)).length > 0);
  }

  recordVerdict(verdict: StoredVerdict): Promise<void> {
    this.sql.run([recordVerdictSql(D, verdict)]);
    return Promise.resolve();
  }

  listVerdicts(digest: string, limit: number): Promise<StoredVerdict[]> {
    return Promise.resolve(this.sql.all<VerdictRowValues>(verdictsOfSql(D, digest, limit)).map(verdictFromRow));
  }
}
