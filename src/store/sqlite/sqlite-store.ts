// The embedded store: one SQLite file in WAL mode, so a CLI ingest can write while a server
// reads. Writes go through the one writer (write.ts: one IMMEDIATE transaction per document).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { AdvisoryRows, ExploitationStore, FeedStore } from '../types.js';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SkippedItem } from '../../model/facts.js';
import { documentByDigestSql, documentFromRow, documentListSql, type DocumentRowValues } from '../document-rows.js';
import type { LoadPhases } from '../load-phases.js';
import { FACT_TABLES } from '../schema/tables.js';
import { SQLITE_DIALECT } from '../schema/dialect.js';
import type { SlsaRow } from '../../model/stored-facts.js';
import type {
  BuildQuery,
  ProjectQuery,
  StoredPolicy,
  StoredVerdict,
  StoredBuild,
  StoredProject,
  AuditEvent,
  AuditQuery,
  DocumentInput,
  DocumentList,
  DocumentQuery,
  EdgeEvidence,
  EdgeQuery,
  GraphStore,
  LoadCursor,
  LoadSink,
  StoreChange,
  StoreStats,
  StoredAuditEvent,
  StoredDocument,
  TokenRecord,
  WriteOutcome,
} from '../types.js';
import { DocumentWriter } from '../writer.js';
import { SqliteAdminTables } from './admin.js';
import { SqliteEvidence } from './evidence.js';
import { SqliteExploitation } from './exploitation.js';
import { SqliteFeeds } from './feeds.js';
import { SqlitePolicies, SqliteProjects } from './projects.js';
import type { Policy } from '../../model/policy.js';
import { withStoreErrors } from './store-errors.js';
import { deleteSqliteDocument } from './delete.js';
import { migrate } from './schema.js';
import { SqliteWriteBackend } from './write.js';
import { loadInSlices } from './load.js';

export const SQLITE_FILE_NAME = 'supplygraph.sqlite';

export class SqliteStore implements GraphStore {
  readonly backend = 'sqlite' as const;
  readonly storeId: string;
  private readonly db: SqliteDatabase;
  private readonly writer: DocumentWriter | undefined;
  private readonly admin: SqliteAdminTables;
  private readonly evidence: SqliteEvidence;
  private readonly projects: SqliteProjects;
  private readonly policies: SqlitePolicies;
  readonly exploitation: ExploitationStore;
  readonly feeds: FeedStore;
  private readonly stmt: {
    findDocument: Statement<[string], { id: number }>;
    documentSkips: Statement<[string], { skipped: string }>;
    changes: Statement<[], { document: number; deletions: number }>;
    getDocument: Statement<[string], DocumentRowValues>;
  };

  private constructor(
    readonly path: string,
    readonly: boolean,
  ) {
    this.db = new Database(path, { readonly, fileMustExist: readonly });
    this.db.pragma('busy_timeout = 30000');
    if (!readonly) {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      migrate(this.db);
    }
    this.db.pragma('cache_size = -65536');
    this.storeId = (this.db.prepare(`SELECT value FROM meta WHERE key = 'store_id'`).get() as { value: string }).value;
    this.stmt = {
      findDocument: this.db.prepare('SELECT id FROM documents WHERE digest = ?'),
      documentSkips: this.db.prepare('SELECT skipped FROM documents WHERE digest = ?'),
      changes: this.db.prepare(`SELECT coalesce((SELECT max(id) FROM documents), 0) AS document,
        (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'deletions') AS deletions`),
      getDocument: this.db.prepare(documentByDigestSql(SQLITE_DIALECT)),
    };
    this.admin = new SqliteAdminTables(this.db);
    this.evidence = new SqliteEvidence(this.db);
    this.projects = new SqliteProjects(this.db);
    this.policies = new SqlitePolicies(this.db);
    this.exploitation = withStoreErrors(new SqliteExploitation(this.db));
    this.feeds = withStoreErrors(new SqliteFeeds(this.db));
    this.writer = readonly ? undefined : new DocumentWriter(new SqliteWriteBackend(this.db));
  }

  /** Opens (creating when needed) the store in directory `dir`; SQLite's failures are StoreErrors. */
  static open(dir: string): SqliteStore {
    mkdirSync(dir, { recursive: true });
    return withStoreErrors(new SqliteStore(join(dir, SQLITE_FILE_NAME), false));
  }

  async writeDocument(input: DocumentInput): Promise<WriteOutcome> {
    if (!this.writer) throw new Error('the store is open read-only');
    return this.writer.write(input);
  }

  async writeBatch<T>(work: () => Promise<T>): Promise<T> {
    if (!this.writer) throw new Error('the store is open read-only');
    return this.writer.batch(work);
  }

  async hasDocument(digest: string): Promise<boolean> {
    return this.stmt.findDocument.get(digest) !== undefined;
  }

  async documentSkips(digest: string): Promise<SkippedItem[] | undefined> {
    const row = this.stmt.documentSkips.get(digest);
    return row ? (JSON.parse(row.skipped) as SkippedItem[]) : undefined;
  }

  async changesSince(cursor: LoadCursor): Promise<StoreChange> {
    const { deletions, document } = this.stmt.changes.get()!;
    if (deletions !== cursor.deletions) return 'deleted';
    return document > cursor.document ? 'appended' : 'none';
  }

  // Placeholders until the document, token and audit tables exist (issue 12, store part).
  async listDocuments(query: DocumentQuery): Promise<DocumentList> {
    const { page, count } = documentListSql(SQLITE_DIALECT, query);
    const read = this.db.transaction(() => ({
      documents: (this.db.prepare(page.text).all(...page.params) as DocumentRowValues[]).map(documentFromRow),
      total: (this.db.prepare(count.text).get(...count.params) as { n: number }).n,
    }));
    return read.deferred();
  }

  async getDocument(digest: string): Promise<StoredDocument | undefined> {
    const row = this.stmt.getDocument.get(digest);
    return row ? documentFromRow(row) : undefined;
  }
  async deleteDocument(digest: string): Promise<boolean> {
    return deleteSqliteDocument(this.db, digest);
  }
  listProjects(query: ProjectQuery): Promise<{ projects: StoredProject[]; total: number; unassigned: number }> {
    return this.projects.listProjects(query);
  }
  latestBuilds(query: Pick<ProjectQuery, 'namePrefix' | 'labels' | 'names'>): Promise<StoredProject[]> {
    return this.projects.latestBuilds(query);
  }
  getProject(name: string): Promise<StoredProject | undefined> {
    return this.projects.getProject(name);
  }
  projectBuilds(name: string, query: BuildQuery): Promise<StoredBuild[]> {
    return this.projects.projectBuilds(name, query);
  }
  getBuild(digest: string): Promise<{ project: string | null; build: StoredBuild } | undefined> {
    return this.projects.getBuild(digest);
  }
  buildOfVersion(project: string, version: string): Promise<StoredBuild | undefined> {
    return this.projects.buildOfVersion(project, version);
  }
  moveBuild(digest: string, project: string, at: string): Promise<'moved' | 'not-found' | 'not-a-build'> {
    return this.projects.moveBuild(digest, project, at);
  }
  setProjectLabels(name: string, labels: Readonly<Record<string, string | null>>): Promise<boolean> {
    return this.projects.setProjectLabels(name, labels);
  }
  listPolicies(): Promise<StoredPolicy[]> {
    return this.policies.listPolicies();
  }
  putPolicy(policy: Policy, at: string): Promise<'created' | 'updated'> {
    return this.policies.putPolicy(policy, at);
  }
  deletePolicy(name: string): Promise<boolean> {
    return this.policies.deletePolicy(name);
  }
  recordVerdict(verdict: StoredVerdict): Promise<void> {
    return this.policies.recordVerdict(verdict);
  }
  listVerdicts(digest: string, limit: number): Promise<StoredVerdict[]> {
    return this.policies.listVerdicts(digest, limit);
  }
  async createToken(token: TokenRecord): Promise<void> {
    this.admin.createToken(token);
  }
  async listTokens(): Promise<TokenRecord[]> {
    return this.admin.listTokens();
  }
  async findToken(hash: string): Promise<TokenRecord | undefined> {
    return this.admin.findToken(hash);
  }
  async touchToken(name: string, at: string): Promise<void> {
    this.admin.touchToken(name, at);
  }
  async revokeToken(name: string): Promise<boolean> {
    return this.admin.revokeToken(name);
  }
  async appendAudit(event: AuditEvent): Promise<void> {
    this.admin.appendAudit(event);
  }
  async listAudit(query: AuditQuery): Promise<{ events: StoredAuditEvent[]; total: number }> {
    return this.admin.listAudit(query);
  }

  /**
   * Reads on a connection of their own, from one read transaction (a consistent snapshot even
   * while another process writes), yielding to the event loop every few milliseconds (slices.ts): the load of a
   * large document takes seconds, which would otherwise stall every request (docs/architecture.md).
   * Loads run one at a time, since the connection's snapshot is held across the yields.
   */
  async load(since: LoadCursor, sink: LoadSink, phases?: LoadPhases): Promise<LoadCursor> {
    const run = this.loads.then(() => loadInSlices((this.loadDb ??= this.openLoadConnection()), since, sink, phases));
    this.loads = run.catch(() => undefined);
    return run;
  }

  private loads: Promise<unknown> = Promise.resolve();
  private loadDb: SqliteDatabase | undefined;

  /** The read-only connection loads read from (WAL: it never blocks the writer, nor the writer it). */
  private openLoadConnection(): SqliteDatabase {
    const db = new Database(this.path, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 30000');
    db.pragma('cache_size = -65536');
    return db;
  }

  async edgeEvidence(edges: readonly EdgeQuery[]): Promise<(EdgeEvidence | undefined)[]> {
    return this.evidence.edgeEvidence(edges);
  }

  async nodeDocuments(node: number, subjects: readonly number[]): Promise<number[]> {
    return this.evidence.nodeDocuments(node, subjects);
  }

  async slsaRows(built: readonly number[], material?: number): Promise<SlsaRow[]> {
    return this.evidence.slsaRows(built, material);
  }
  advisoryRecords(docs: readonly number[]): Promise<AdvisoryRows> {
    return this.evidence.advisoryRecords(docs);
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async stats(): Promise<StoreStats> {
    const count = (table: string): number =>
      (this.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return {
      documents: count('documents'),
      nodes: count('nodes'),
      facts:
        FACT_TABLES.reduce((sum, t) => sum + count(t.name), 0) +
        (this.db.prepare('SELECT coalesce(sum(pairs), 0) AS n FROM inclusion_sets').get() as { n: number }).n,
      dependencyEdges: count('dependency_edges'),
    };
  }

  async close(): Promise<void> {
    if (this.loadDb?.open) this.loadDb.close();
    if (this.db.open) this.db.close();
  }
}
