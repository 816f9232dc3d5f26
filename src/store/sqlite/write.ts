// The embedded store's side of the one writer: one IMMEDIATE transaction per document (atomic,
// serialised across processes), node ids interned with INSERT … RETURNING and cached once
// committed, many rows per INSERT (the per-call cost, not SQLite, dominates single-row inserts).
import type { Database, Statement } from 'better-sqlite3';
import type { FactRow, NodeKey } from '../fact-rows.js';
import { quoted, type ColumnValue } from '../schema/columns.js';
import { EVIDENCE_COLUMNS, SUMMARY_COLUMNS, type FactTable } from '../schema/tables.js';
import type { WriteOutcome } from '../types.js';
import type { DocumentRecord, WriteBackend, WriteTransaction } from '../writer.js';
import type { BuildRecord } from '../../model/build.js';
import { insertSqliteBuild, PreparedStatements } from './projects.js';

/**
 * A batch (WriteBackend.batch) commits once its transaction has been open this long: COMMIT
 * and the WAL pages it writes cost about as much as a small document, and the pages every
 * document touches (node and edge indexes) are written once per batch instead of once per
 * document; a second bounds how long other writers wait and how late servers see the documents.
 */
const BATCH_MILLIS = 1000;

/** Rows per multi-row INSERT (at most 16 parameters each, well under SQLite's 32,766 limit). */
const ROWS_PER_STATEMENT = 100;

type Param = number | string | bigint | Buffer | null;

/** better-sqlite3 binds no booleans: they are stored as 0/1. */
function param(value: ColumnValue): Param {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

/** A multi-row INSERT into one table, prepared once for full chunks and once for single rows. */
class BulkInsert {
  private readonly many: Statement<Param[]>;
  private readonly one: Statement<Param[]>;
  private readonly width: number;

  /** `verb`: INSERT, or INSERT OR IGNORE where rows already stored are to be left as they are. */
  constructor(db: Database, table: string, columns: readonly string[], verb = 'INSERT') {
    this.width = columns.length;
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const head = `${verb} INTO ${table} (${columns.join(', ')}) VALUES `;
    this.many = db.prepare<Param[]>(head + Array<string>(ROWS_PER_STATEMENT).fill(tuple).join(', '));
    this.one = db.prepare<Param[]>(head + tuple);
  }

  /** `row(i, out, offset)` writes row i's parameters into out from offset. */
  run(count: number, row: (i: number, out: Param[], offset: number) => void): void {
    const params = new Array<Param>(ROWS_PER_STATEMENT * this.width);
    let i = 0;
    for (; i + ROWS_PER_STATEMENT <= count; i += ROWS_PER_STATEMENT) {
      for (let j = 0; j < ROWS_PER_STATEMENT; j++) row(i + j, params, j * this.width);
      this.many.run(...params);
    }
    const single = new Array<Param>(this.width);
    for (; i < count; i++) {
      row(i, single, 0);
      this.one.run(...single);
    }
  }
}

/** Committed node ids by kind, then key: no "kind + key" string per lookup. */
class NodeIdCache {
  private readonly byKind = new Map<number, Map<string, number>>();
  size = 0;

  get(kind: number, key: string): number | undefined {
    return this.byKind.get(kind)?.get(key);
  }

  set(kind: number, key: string, id: number): void {
    let byKey = this.byKind.get(kind);
    if (!byKey) this.byKind.set(kind, (byKey = new Map<string, number>()));
    const before = byKey.size;
    byKey.set(key, id);
    this.size += byKey.size - before;
  }
}

export class SqliteWriteBackend implements WriteBackend, WriteTransaction {
  /** Node ids never change once committed, so a committed lookup can be cached. */
  private nodeIds = new NodeIdCache();
  private readonly factInserts = new Map<FactTable, BulkInsert>();
  private readonly stmt;
  onDeletion?: () => void;
  private deletionsSeen: string | undefined;
  /** In a batch: when its open transaction began (undefined between transactions). */
  private batchState:
    | {
        openedAt: number | undefined;
        /** Commits the open transaction when it is due even if no document comes to write. */
        timer?: NodeJS.Timeout;
        /** A commit by the timer failed: the next write and the batch's end report it. */
        failure?: Error;
      }
    | undefined;

  private readonly statements: PreparedStatements;

  constructor(private readonly db: Database) {
    this.statements = new PreparedStatements(db);
    this.stmt = {
      findDocument: db.prepare<[string], { id: number }>('SELECT id FROM documents WHERE digest = ?'),
      deletions: db.prepare<[], string>(`SELECT value FROM meta WHERE key = 'deletions'`).pluck(),
      insertDocument: db.prepare<Param[]>(
        // Ids are allocated above the highest ever deleted (delete.ts), never reused.
        `INSERT INTO documents (id, digest, name, format, origin, collector, ingested_at, subject, ingested_by, frequency_eligible, skipped${SUMMARY_COLUMNS.map((c) => `, ${quoted(c.name)}`).join('')})
         VALUES ((SELECT max(coalesce((SELECT max(id) FROM documents), 0),
             coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'document_high'), 0)) + 1),
           ${Array<string>(10 + SUMMARY_COLUMNS.length)
             .fill('?')
             .join(', ')})`,
      ),
      insertNode: db.prepare<[number, string, string | null], { id: number }>(
        'INSERT INTO nodes (kind, key, attr) VALUES (?, ?, ?) ON CONFLICT (kind, key) DO NOTHING RETURNING id',
      ),
      selectNode: db.prepare<[number, string], { id: number }>('SELECT id FROM nodes WHERE kind = ? AND key = ?'),
      insertDependencySet: db.prepare<[number, Buffer]>('INSERT INTO dependency_sets (doc, edges) VALUES (?, ?)'),
      insertInclusionSet: db.prepare<[number, Buffer, Buffer, number]>(
        'INSERT INTO inclusion_sets (doc, subjects, members, pairs) VALUES (?, ?, ?, ?)',
      ),
      edges: new BulkInsert(db, 'dependency_edges', ['a', 'b', 'ranked', 'doc', 'idx'], 'INSERT OR IGNORE'),
      evidence: new BulkInsert(db, 'dependency_evidence', [
        'doc',
        'idx',
        ...EVIDENCE_COLUMNS.map((c) => quoted(c.name)),
      ]),
    };
  }

  transact(
    digest: string,
    nodes: readonly NodeKey[],
    body: (tx: WriteTransaction, ids: readonly number[]) => number,
  ): Promise<WriteOutcome> {
    const batch = this.batchState;
    if (batch?.failure !== undefined) throw batch.failure;
    if (batch && batch.openedAt === undefined) {
      this.db.prepare('BEGIN IMMEDIATE').run();
      batch.openedAt = performance.now();
    }
    // Ids interned by this document (indexes into nodes), remembered once it is written.
    const fresh: number[] = [];
    let ids: number[] = [];
    // Inside a batch's transaction better-sqlite3 makes this a SAVEPOINT: the document is still
    // all or nothing, and its ids are final once the batch commits (a failed batch forgets them).
    const write = this.db.transaction((): WriteOutcome => {
      const existing = this.stmt.findDocument.get(digest);
      if (existing) return { status: 'duplicate', documentId: existing.id };
      const deletions = this.stmt.deletions.get();
      if (deletions !== this.deletionsSeen) {
        // A document was deleted since the last write: cached node ids may be gone (and reused).
        this.nodeIds = new NodeIdCache();
        this.deletionsSeen = deletions;
        this.onDeletion?.();
      }
      ids = new Array<number>(nodes.length);
      for (let i = 0; i < nodes.length; i++) {
        const n = nodes[i];
        let id = this.nodeIds.get(n.kind, n.key);
        if (id === undefined) {
          id = this.stmt.insertNode.get(n.kind, n.key, n.attr)?.id ?? this.stmt.selectNode.get(n.kind, n.key)!.id;
          fresh.push(i);
        }
        ids[i] = id;
      }
      return { status: 'stored', documentId: body(this, ids) };
    });
    const outcome = write.immediate();
    // Only committed ids are safe to remember (a rolled-back insert frees its id).
    if (this.nodeIds.size > 2_000_000) this.nodeIds = new NodeIdCache();
    for (const i of fresh) this.nodeIds.set(nodes[i].kind, nodes[i].key, ids[i]);
    if (batch) {
      const open = performance.now() - batch.openedAt!;
      if (open >= BATCH_MILLIS) this.commitBatch();
      // While the next document is read (a pipe, a large file streamed) the transaction, and
      // with it the store's write lock, must not stay open past its second.
      else batch.timer ??= setTimeout(() => this.commitOnTimer(), BATCH_MILLIS - open).unref();
    }
    return Promise.resolve(outcome);
  }

  async batch<T>(work: () => Promise<T>): Promise<T> {
    if (this.batchState) return work(); // already batching: one batch
    this.batchState = { openedAt: undefined };
    let outcome: { value: T } | { error: Error };
    try {
      outcome = { value: await work() };
    } catch (err) {
      outcome = { error: err instanceof Error ? err : new Error(String(err)) };
    }
    // Committed even when work failed: every document written is whole (its savepoint was
    // released), and a failure afterwards must not undo documents reported as stored.
    const failure = this.batchState.failure;
    try {
      this.commitBatch();
    } finally {
      this.batchState = undefined;
    }
    if ('error' in outcome) throw outcome.error;
    if (failure) throw failure;
    return outcome.value;
  }

  private commitOnTimer(): void {
    if (!this.batchState) return;
    this.batchState.timer = undefined;
    try {
      this.commitBatch();
    } catch (err) {
      this.batchState.failure = err instanceof Error ? err : new Error(String(err));
    }
  }

  private commitBatch(): void {
    if (!this.batchState) return;
    clearTimeout(this.batchState.timer);
    this.batchState.timer = undefined;
    if (this.batchState.openedAt === undefined) return;
    this.batchState.openedAt = undefined;
    try {
      this.db.prepare('COMMIT').run();
    } catch (err) {
      // The batch is lost: what was remembered as written since it began may not exist.
      if (this.db.inTransaction) this.db.prepare('ROLLBACK').run();
      this.nodeIds = new NodeIdCache();
      this.onDeletion?.();
      throw err;
    }
  }

  insertDocument(d: DocumentRecord): number {
    const summary = SUMMARY_COLUMNS.map((c) => d.summary[c.field as keyof DocumentRecord['summary']]);
    const { lastInsertRowid } = this.stmt.insertDocument.run(
      d.digest,
      d.name,
      d.format,
      d.origin,
      d.collector,
      d.ingestedAt,
      d.subject,
      d.ingestedBy,
      d.frequencyEligible ? 1 : 0,
      d.skipped,
      ...summary,
    );
    return Number(lastInsertRowid);
  }

  insertFacts(table: FactTable, documentId: number, rows: readonly FactRow[], ids: readonly number[]): void {
    let insert = this.factInserts.get(table);
    if (!insert) {
      insert = new BulkInsert(this.db, table.name, ['doc', 'a', 'b', ...table.columns.map((c) => quoted(c.name))]);
      this.factInserts.set(table, insert);
    }
    insert.run(rows.length, (i, out, o) => {
      const r = rows[i];
      out[o] = documentId;
      out[o + 1] = ids[r.a];
      out[o + 2] = r.b >= 0 ? ids[r.b] : null;
      const v = r.values;
      for (let k = 0; k < v.length; k++) out[o + 3 + k] = param(v[k]);
    });
  }

  insertDependencies(documentId: number, triples: Buffer, evidence: ColumnValue[][]): void {
    this.stmt.insertDependencySet.run(documentId, triples);
    this.stmt.evidence.run(evidence.length, (i, out, o) => {
      out[o] = documentId;
      out[o + 1] = i;
      const v = evidence[i];
      for (let k = 0; k < v.length; k++) out[o + 2 + k] = param(v[k]);
    });
  }

  insertInclusions(documentId: number, subjects: Buffer, members: Buffer, pairs: number): void {
    this.stmt.insertInclusionSet.run(documentId, subjects, members, pairs);
  }

  insertBuild(documentId: number, subject: number, build: BuildRecord, at: string): void {
    insertSqliteBuild(this.statements, documentId, subject, build, at);
  }

  insertEdges(a: number[], b: number[], ranked: boolean, documentId: number, idx: number[]): void {
    const flag = ranked ? 1 : 0;
    this.stmt.edges.run(a.length, (i, out, o) => {
      out[o] = a[i];
      out[o + 1] = b[i];
      out[o + 2] = flag;
      out[o + 3] = documentId;
      out[o + 4] = idx[i];
    });
  }
}
