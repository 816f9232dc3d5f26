// The PostgreSQL store's projects and builds (schema step 12, ../project-rows.ts). Moves and
// label changes take the commit lock writers and deletes take (the sg_log row): a project's
// count and latest build are read from its builds, which must not change meanwhile.
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
  recountSql,
  unassignedCountSql,
  type BuildRowValues,
  type ProjectRowValues,
} from '../project-rows.js';
import { POSTGRES_DIALECT as D, type SqlStatement } from '../schema/dialect.js';
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
import type { Db } from './connection.js';
import { sql, statement, type Queryable, type Statement } from './driver.js';
import { inReadSnapshot, inTransaction } from './transaction.js';

export function pgStatement(s: SqlStatement): Statement {
  return statement(s.text, s.params);
}

/** A delete's part: the document's build goes and its project is recounted (in the delete's transaction). */
export async function deletePgBuild(tx: Queryable, doc: number): Promise<void> {
  const removed = await tx.rows<{ project: string | null }>(pgStatement(deleteBuildSql(D, doc)));
  for (const { project } of removed) if (project !== null) await runAll(tx, recountSql(D, project));
}

async function runAll(tx: Queryable, statements: readonly SqlStatement[]): Promise<void> {
  for (const s of statements) await tx.run(pgStatement(s));
}

/** Counts come back as bigint text from PostgreSQL. */
const count = (rows: { n: number | string }[]): number => Number(rows[0].n);

export class PgProjects implements ProjectCatalogue {
  constructor(private readonly db: Db) {}

  listProjects(query: ProjectQuery): Promise<{ projects: StoredProject[]; total: number; unassigned: number }> {
    const { page, count: total } = projectListSql(D, query);
    return inReadSnapshot(this.db, async (tx) => ({
      projects: await withLabels(tx, await tx.rows<ProjectRowValues>(pgStatement(page))),
      total: count(await tx.rows(pgStatement(total))),
      unassigned: count(await tx.rows(pgStatement(unassignedCountSql(D)))),
    }));
  }

  latestBuilds(query: Pick<ProjectQuery, 'namePrefix' | 'labels' | 'names'>): Promise<StoredProject[]> {
    return inReadSnapshot(this.db, async (tx) =>
      withLabels(tx, await tx.rows<ProjectRowValues>(pgStatement(latestBuildsSql(D, query)))),
    );
  }

  async getProject(name: string): Promise<StoredProject | undefined> {
    return (await this.latestBuilds({ names: [name] }))[0];
  }

  async projectBuilds(name: string, query: BuildQuery): Promise<StoredBuild[]> {
    const rows = await this.db.rows<BuildRowValues>(pgStatement(projectBuildsSql(D, name, query)));
    return rows.map(buildFromRow);
  }

  async getBuild(digest: string): Promise<{ project: string | null; build: StoredBuild } | undefined> {
    const [row] = await this.db.rows<BuildRowValues & { project: string | null }>(
      pgStatement(buildOfDigestSql(D, digest)),
    );
    return row ? { project: row.project, build: buildFromRow(row) } : undefined;
  }

  async buildOfVersion(project: string, version: string): Promise<StoredBuild | undefined> {
    const [row] = await this.db.rows<BuildRowValues>(pgStatement(buildOfVersionSql(D, project, version)));
    return row ? buildFromRow(row) : undefined;
  }

  moveBuild(digest: string, project: string, at: string): Promise<'moved' | 'not-found' | 'not-a-build'> {
    return inTransaction(this.db, async (tx) => {
      await tx.run(sql`SELECT deletions FROM sg_log WHERE id = 1 FOR UPDATE`);
      const [build] = await tx.rows<{ doc: number; project: string | null }>(pgStatement(buildByDigestSql(D, digest)));
      if (!build) {
        const [stored] = await tx.rows(sql`SELECT 1 FROM sg_documents WHERE digest = ${digest}`);
        return stored ? 'not-a-build' : 'not-found';
      }
      if (build.project === project) return 'moved';
      await runAll(tx, [ensureProjectSql(D, project, at), moveBuildSql(D, Number(build.doc), project)]);
      await runAll(tx, recountSql(D, project));
      if (build.project !== null) await runAll(tx, recountSql(D, build.project));
      return 'moved';
    });
  }

  setProjectLabels(name: string, labels: Readonly<Record<string, string | null>>): Promise<boolean> {
    return inTransaction(this.db, async (tx) => {
      await tx.run(sql`SELECT deletions FROM sg_log WHERE id = 1 FOR UPDATE`);
      const [found] = await tx.rows(sql`SELECT 1 FROM sg_projects WHERE name = ${name}`);
      if (!found) return false;
      await runAll(tx, labelSql(D, name, labels));
      return true;
    });
  }
}

async function withLabels(tx: Queryable, rows: readonly ProjectRowValues[]): Promise<StoredProject[]> {
  const labelRows = await tx.rows<{ project: string; key: string; value: string }>(
    pgStatement(
      projectLabelsSql(
        D,
        rows.map((r) => r.name),
      ),
    ),
  );
  const labels = labelsByProject(labelRows);
  return rows.map((r) => projectFromRow(r, labels.get(r.name) ?? {}));
}

/** The PostgreSQL store's policies and verdicts (../policy-rows.ts): single statements. */
export class PgPolicies implements PolicyStore {
  constructor(private readonly db: Db) {}

  async listPolicies(): Promise<StoredPolicy[]> {
    return (await this.db.rows<PolicyRowValues>(pgStatement(listPoliciesSql(D)))).map(policyFromRow);
  }

  async putPolicy(policy: Policy, at: string): Promise<'created' | 'updated'> {
    return inTransaction(this.db, async (tx) => {
      const existed = (await tx.rows(pgStatement(policyNamedSql(D, policy.name)))).length > 0;
      await tx.run(pgStatement(putPolicySql(D, policy, at)));
      return existed ? 'updated' : 'created';
    });
  }

  async deletePolicy(name: string): Promise<boolean> {
    return (await this.db.rows(pgStatement(deletePolicySql(D, name)))).length > 0;
  }

  async recordVerdict(verdict: StoredVerdict): Promise<void> {
    await this.db.run(pgStatement(recordVerdictSql(D, verdict)));
  }

  async listVerdicts(digest: string, limit: number): Promise<StoredVerdict[]> {
    return (await this.db.rows<VerdictRowValues>(pgStatement(verdictsOfSql(D, digest, limit)))).map(verdictFromRow);
  }
}
