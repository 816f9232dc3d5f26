// The PostgreSQL store: the same GraphStore contract as the embedded store, on a database that
// several API processes and ingest jobs share. Writes: write.ts; loads: load.ts; schema:
// migrations.ts. Committed writes are announced with NOTIFY so that servers refresh at once.
import type { AdvisoryRows, ExploitationStore, FeedStore } from '../types.js';
import type { SkippedItem } from '../../model/facts.js';
import {
  TokenNameTakenError,
  type AuditEvent,
  type AuditQuery,
  type BuildQuery,
  type ProjectQuery,
  type StoredBuild,
  type StoredPolicy,
  type StoredProject,
  type StoredVerdict,
  type DocumentInput,
  type DocumentList,
  type DocumentQuery,
  type EdgeEvidence,
  type EdgeQuery,
  type GraphStore,
  type LoadCursor,
  type LoadPhases,
  type LoadSink,
  type StoreChange,
  type StoreStats,
  type StoredAuditEvent,
  type StoredDocument,
  type TokenRecord,
  type WriteOutcome,
} from '../types.js';
import {
  createPool,
  DEFAULT_POSTGRES_OPTIONS,
  describeTarget,
  storeError,
  withStartupRetry,
  type Db,
  type PostgresOptions,
  type Target,
} from './connection.js';
import { sql, statement } from './driver.js';
import * as admin from './admin.js';
import { documentByDigestSql, documentFromRow, documentListSql, type DocumentRowValues } from '../document-rows.js';
import { POSTGRES_DIALECT } from '../schema/dialect.js';
import type { SlsaRow } from '../../model/stored-facts.js';
import { pgStatement } from './projects.js';
import { slsaRowOf, slsaRowsSql } from '../artifact-provenance.js';
import { advisoryRecordsOf, advisoryRowsSql, DOCS_PER_STATEMENT } from '../advisory-rows.js';
import { deletePgDocument } from './delete.js';
import { loadSince } from './load.js';
import { pgEdgeEvidence } from './edge-evidence.js';
import { pgNodeDocuments } from './inclusions.js';
import { FACT_TABLES } from '../schema/tables.js';
import { applyMigrations, checkSchema, type MigrationReport } from './migrations.js';
import { PgWriteBackend } from './write.js';
import { PgExploitation } from './exploitation.js';
import { PgFeeds } from './feeds.js';
import { guardedMethods } from './guarded.js';
import { PgPolicies, PgProjects } from './projects.js';
import type { Policy } from '../../model/policy.js';
import { inReadSnapshot } from './transaction.js';
import { DocumentWriter } from '../writer.js';

/** NOTIFY channel; notifications are scoped to the database, so one name serves every store. */
export const COMMIT_CHANNEL = 'supplygraph_commit';

const SELECT_1 = statement('SELECT 1');

export class PostgresStore implements GraphStore {
  readonly backend = 'postgres' as const;
  private readonly writer: DocumentWriter;
  private readonly projects: PgProjects;
  private readonly policies: PgPolicies;
  readonly exploitation: ExploitationStore;
  readonly feeds: FeedStore;
  private closed = false;

  private constructor(
    private readonly db: Db,
    private readonly target: Target,
    readonly storeId: string,
  ) {
    this.writer = new DocumentWriter(new PgWriteBackend(db));
    this.projects = new PgProjects(db);
    this.policies = new PgPolicies(db);
    this.exploitation = guardedMethods(new PgExploitation(db), 'keeping KEV and EPSS', (doing, run) =>
      this.guard(doing, run),
    );
    this.feeds = guardedMethods(new PgFeeds(db), 'keeping feeds', (doing, run) => this.guard(doing, run));
  }

  /**
   * Connects (retrying for options.startupWaitMs when the database is not up yet) and checks
   * that the schema is the version this build needs; with `migrate`, applies the missing steps.
   */
  static async open(
    url: string,
    options: Partial<PostgresOptions> = {},
    mode: 'check' | 'migrate' = 'check',
  ): Promise<PostgresStore> {
    const opts = { ...DEFAULT_POSTGRES_OPTIONS, ...options };
    const target = describeTarget(url);
    const db = createPool(url, opts, 'supplygraph');
    try {
      await withStartupRetry(() => db.run(SELECT_1), opts, target);
      if (mode === 'migrate') await applyMigrations(db);
      await checkSchema(db);
      const [row] = await db.rows<{ value: string }>(sql`SELECT value FROM sg_meta WHERE key = 'store_id'`);
      return new PostgresStore(db, target, row.value);
    } catch (err) {
      await db.end(1_000).catch(() => undefined);
      throw storeError(err, target, mode === 'migrate' ? 'migrating' : 'opening the store');
    }
  }

  /** Applies missing migrations; returns what was done. */
  static async migrate(url: string, options: Partial<PostgresOptions> = {}): Promise<MigrationReport> {
    const opts = { ...DEFAULT_POSTGRES_OPTIONS, ...options };
    const target = describeTarget(url);
    const db = createPool(url, { ...opts, poolSize: 1 }, 'supplygraph-migrate');
    try {
      await withStartupRetry(() => db.run(SELECT_1), opts, target);
      return await applyMigrations(db);
    } catch (err) {
      throw storeError(err, target, 'migrating');
    } finally {
      await db.end(5_000).catch(() => undefined);
    }
  }

  private async guard<T>(doing: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      // A contract error the caller tells apart (the token name is taken) passes through as it is.
      if (err instanceof TokenNameTakenError) throw err;
      throw storeError(err, this.target, doing);
    }
  }

  async writeDocument(input: DocumentInput): Promise<WriteOutcome> {
    const outcome = await this.guard('writing a document', () => this.writer.write(input));
    if (outcome.status === 'stored') {
      // After COMMIT and best effort: engines without LISTEN/NOTIFY (CockroachDB) still work,
      // servers then see the document on their next poll.
      this.notify(String(outcome.documentId));
    }
    return outcome;
  }

  async hasDocument(digest: string): Promise<boolean> {
    return this.guard(
      'looking up a document',
      async () => (await this.db.rows(sql`SELECT 1 FROM sg_documents WHERE digest = ${digest}`)).length > 0,
    );
  }

  async documentSkips(digest: string): Promise<SkippedItem[] | undefined> {
    return this.guard('reading a document', async () => {
      const [row] = await this.db.rows<{ skipped: string }>(
        sql`SELECT skipped FROM sg_documents WHERE digest = ${digest}`,
      );
      return row ? (JSON.parse(row.skipped) as SkippedItem[]) : undefined;
    });
  }

  async changesSince(cursor: LoadCursor): Promise<StoreChange> {
    return this.guard('checking for changes', async () => {
      const [log] = await this.db.rows<{ last_document: number; deletions: number }>(sql`
        SELECT last_document, deletions FROM sg_log WHERE id = 1`);
      if (log.deletions !== cursor.deletions) return 'deleted';
      return log.last_document > cursor.document ? 'appended' : 'none';
    });
  }

  // Placeholders until the document, token and audit tables exist (issue 12, store part).
  async listDocuments(query: DocumentQuery): Promise<DocumentList> {
    const { page, count } = documentListSql(POSTGRES_DIALECT, query);
    return this.guard('listing documents', () =>
      inReadSnapshot(this.db, async (tx) => {
        const rows = await tx.rows<DocumentRowValues>(statement(page.text, page.params));
        const [n] = await tx.rows<{ n: number }>(statement(count.text, count.params));
        return { documents: rows.map(documentFromRow), total: Number(n.n) };
      }),
    );
  }

  async getDocument(digest: string): Promise<StoredDocument | undefined> {
    return this.guard('reading a document', async () => {
      const [row] = await this.db.rows<DocumentRowValues>(statement(documentByDigestSql(POSTGRES_DIALECT), [digest]));
      return row ? documentFromRow(row) : undefined;
    });
  }
  async deleteDocument(digest: string): Promise<boolean> {
    const deleted = await this.guard('deleting a document', () => deletePgDocument(this.db, digest));
    // Best effort, as after a write: servers that miss it see the delete on their next poll.
    if (deleted) this.notify('delete');
    return deleted;
  }

  /** NOTIFY of a commit, best effort (its failure is nobody's: listeners poll as well). */
  private notify(payload: string): void {
    this.db.run(sql`SELECT pg_notify(${COMMIT_CHANNEL}, ${payload})`).catch(() => undefined);
  }
  listProjects(query: ProjectQuery): Promise<{ projects: StoredProject[]; total: number; unassigned: number }> {
    return this.guard('listing projects', () => this.projects.listProjects(query));
  }
  latestBuilds(query: Pick<ProjectQuery, 'namePrefix' | 'labels' | 'names'>): Promise<StoredProject[]> {
    return this.guard('reading latest builds', () => this.projects.latestBuilds(query));
  }
  getProject(name: string): Promise<StoredProject | undefined> {
    return this.guard('reading a project', () => this.projects.getProject(name));
  }
  projectBuilds(name: string, query: BuildQuery): Promise<StoredBuild[]> {
    return this.guard('listing builds', () => this.projects.projectBuilds(name, query));
  }
  getBuild(digest: string): Promise<{ project: string | null; build: StoredBuild } | undefined> {
    return this.guard('reading a build', () => this.projects.getBuild(digest));
  }
  buildOfVersion(project: string, version: string): Promise<StoredBuild | undefined> {
    return this.guard('reading a build', () => this.projects.buildOfVersion(project, version));
  }
  moveBuild(digest: string, project: string, at: string): Promise<'moved' | 'not-found' | 'not-a-build'> {
    return this.guard('moving a build', () => this.projects.moveBuild(digest, project, at));
  }
  setProjectLabels(name: string, labels: Readonly<Record<string, string | null>>): Promise<boolean> {
    return this.guard('setting project labels', () => this.projects.setProjectLabels(name, labels));
  }
  listPolicies(): Promise<StoredPolicy[]> {
    return this.guard('listing policies', () => this.policies.listPolicies());
  }
  putPolicy(policy: Policy, at: string): Promise<'created' | 'updated'> {
    return this.guard('writing a policy', () => this.policies.putPolicy(policy, at));
  }
  deletePolicy(name: string): Promise<boolean> {
    return this.guard('deleting a policy', () => this.policies.deletePolicy(name));
  }
  recordVerdict(verdict: StoredVerdict): Promise<void> {
    return this.guard('recording a verdict', () => this.policies.recordVerdict(verdict));
  }
  listVerdicts(digest: string, limit: number): Promise<StoredVerdict[]> {
    return this.guard('listing verdicts', () => this.policies.listVerdicts(digest, limit));
  }
  async createToken(token: TokenRecord): Promise<void> {
    await this.guard('creating a token', () => admin.createToken(this.db, token));
  }
  async listTokens(): Promise<TokenRecord[]> {
    return this.guard('listing tokens', () => admin.listTokens(this.db));
  }
  async findToken(hash: string): Promise<TokenRecord | undefined> {
    return this.guard('looking up a token', () => admin.findToken(this.db, hash));
  }
  async touchToken(name: string, at: string): Promise<void> {
    await this.guard('recording a token use', () => admin.touchToken(this.db, name, at));
  }
  async revokeToken(name: string): Promise<boolean> {
    return this.guard('revoking a token', () => admin.revokeToken(this.db, name));
  }
  async appendAudit(event: AuditEvent): Promise<void> {
    await this.guard('appending to the audit log', () => admin.appendAudit(this.db, event));
  }
  async listAudit(query: AuditQuery): Promise<{ events: StoredAuditEvent[]; total: number }> {
    return this.guard('reading the audit log', () => admin.listAudit(this.db, query));
  }

  async load(since: LoadCursor, sink: LoadSink, phases?: LoadPhases): Promise<LoadCursor> {
    return this.guard('loading the graph', () => loadSince(this.db, since, sink, phases));
  }

  async edgeEvidence(edges: readonly EdgeQuery[]): Promise<(EdgeEvidence | undefined)[]> {
    return this.guard('looking up path evidence', () => pgEdgeEvidence(this.db, edges));
  }

  async nodeDocuments(node: number, subjects: readonly number[]): Promise<number[]> {
    return this.guard('looking up the documents naming a package', () => pgNodeDocuments(this.db, node, subjects));
  }

  async slsaRows(built: readonly number[], material?: number): Promise<SlsaRow[]> {
    const params = material === undefined ? [built] : [built, material];
    const rows = await this.guard('looking up the provenance of an artifact', () =>
      this.db.rows(statement(slsaRowsSql(POSTGRES_DIALECT, material !== undefined), params)),
    );
    return rows.map(slsaRowOf);
  }

  async advisoryRecords(docs: readonly number[]): Promise<AdvisoryRows> {
    const rows: unknown[][] = [];
    for (let i = 0; i < docs.length; i += DOCS_PER_STATEMENT) {
      const s = pgStatement(advisoryRowsSql(POSTGRES_DIALECT, docs.slice(i, i + DOCS_PER_STATEMENT)));
      rows.push(...(await this.guard('reading advisories again', () => this.db.values(s))));
    }
    return advisoryRecordsOf(rows);
  }

  async ping(): Promise<void> {
    await this.guard('ping', () => this.db.run(SELECT_1));
  }

  /**
   * Exact counts from one snapshot. Until a document is deleted ids are dense, so the log row
   * holds them; after one, the rows are counted (a scan per table: for `stats`, not requests).
   */
  async stats(): Promise<StoreStats> {
    return this.guard('reading statistics', () =>
      inReadSnapshot(this.db, async (tx) => {
        const [log] = await tx.rows<{ last_node: number; last_fact: number; last_document: number; deletions: number }>(
          sql`SELECT last_node, last_fact, last_document, deletions FROM sg_log WHERE id = 1`,
        );
        const count = async (table: string): Promise<number> =>
          (await tx.rows<{ n: number }>(statement(`SELECT count(*)::bigint AS n FROM ${table}`)))[0].n;
        // Edge ids may have gaps (conflicts under concurrency): count the rows.
        const dependencyEdges = await count('sg_dependency_edges');
        const [sets] = await tx.rows<{ n: number }>(
          sql`SELECT coalesce(sum(pairs), 0)::bigint AS n FROM sg_inclusion_sets`,
        );
        const inclusions = Number(sets.n);
        if (log.deletions === 0) {
          const facts = Number(log.last_fact) + inclusions;
          return { documents: log.last_document, nodes: log.last_node, facts, dependencyEdges };
        }
        let facts = inclusions;
        for (const t of FACT_TABLES) facts += await count(`sg_${t.name}`);
        return { documents: await count('sg_documents'), nodes: await count('sg_nodes'), facts, dependencyEdges };
      }),
    );
  }

  /**
   * Calls `listener` whenever any process commits a document (LISTEN on a dedicated connection,
   * re-established after a failure), and after each LISTEN, since commits may have been missed
   * while it was down. Returns the unsubscribe.
   */
  async subscribe(listener: () => void): Promise<() => Promise<void>> {
    const unlisten = await this.guard('listening for commits', () =>
      this.db.listen(COMMIT_CHANNEL, () => listener(), listener),
    );
    return async () => {
      await unlisten().catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.db.end(5_000).catch(() => undefined);
  }
}
