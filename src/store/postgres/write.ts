// The PostgreSQL side of the one writer: everything in one transaction (atomic per document),
// rows sent as arrays through unnest (a few statements per document, whatever its size: one per
// table and 20,000 rows), and ids taken from the sg_log row while it is locked so that ids grow
// in commit order. The statements run one after another: pg does not pipeline, and a client
// given a statement while another runs queues it (deprecated since pg 8.x).
// (COPY FROM STDIN through the driver's writable stream was measured: about 3x slower per
// document here, the stream's round trips dominate; unnest needs no extra protocol either.)
import { createHash } from 'node:crypto';
import type { FactRow, NodeKey } from '../fact-rows.js';
import { quoted, type Column, type ColumnValue } from '../schema/columns.js';
import { POSTGRES_DIALECT } from '../schema/dialect.js';
import { EVIDENCE_COLUMNS, SUMMARY_COLUMNS, type FactTable } from '../schema/tables.js';
import type { WriteOutcome } from '../types.js';
import type { DocumentRecord, WriteBackend, WriteTransaction } from '../writer.js';
import type { Db } from './connection.js';
import { sql, statement, type Queryable, type Session, type Statement } from './driver.js';
import { inTransaction } from './transaction.js';
import type { BuildRecord } from '../../model/build.js';
import { recordBuildSql } from '../project-rows.js';
import { pgStatement } from './projects.js';

/** Rows per statement: bounds the size of one message without costing round trips. */
const CHUNK = 20_000;

/** Committed node ids remembered per process (they never change); cleared past this size. */
const NODE_CACHE_LIMIT = 2_000_000;

/**
 * PostgreSQL text cannot hold NUL (SQLite can); rather than fail a document over one stray
 * character, it is stored as U+FFFD. JSON columns hold NUL escaped.
 */
function text<T extends ColumnValue>(value: T): T {
  return (typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value) as T;
}

/** A column value as unnest's arrays carry it (see arrayOf). */
function arrayParam(value: ColumnValue): string | number | null {
  return typeof value === 'boolean' ? String(value) : text(value);
}

export function nodeHash(n: NodeKey): string {
  return createHash('sha256').update(`${n.kind}\u0000${n.key}`).digest('hex');
}

/** Looks up committed node ids by hash; committed ids never change, so callers may cache them. */
async function selectNodeIds(db: Queryable, hashes: readonly string[], into: Map<string, number>): Promise<void> {
  for (let i = 0; i < hashes.length; i += CHUNK) {
    const rows = await db.rows<{ id: number; key_hash: string }>(sql`
      SELECT id, key_hash FROM sg_nodes WHERE key_hash = ANY(${hashes.slice(i, i + CHUNK)}::text[])`);
    for (const r of rows) into.set(r.key_hash, r.id);
  }
}

interface LogRow {
  deletions: number;
  last_node: number;
  last_fact: number;
  last_document: number;
  last_edge: number;
}

/**
 * Array type of a column for unnest, and the cast back. JSON and booleans travel as text arrays
 * (a JSON value in an array literal is text anyway; booleans have travelled so since an earlier
 * driver sent an array of booleans as one boolean).
 */
function arrayOf(column: Column): { array: string; cast: string } {
  if (column.type === 'json') return { array: 'text[]', cast: '::json' };
  if (column.type === 'boolean') return { array: 'text[]', cast: '::boolean' };
  return { array: `${POSTGRES_DIALECT.column(column.type).toLowerCase()}[]`, cast: '' };
}

/** INSERT … SELECT FROM unnest of one array per column. */
function unnestInsert(table: string, columns: readonly Column[]): string {
  const names = columns.map((c) => quoted(c.name));
  const arrays = columns.map((c, i) => `$${i + 1}::${arrayOf(c).array}`);
  const selected = columns.map((c, i) => `u.c${i}${arrayOf(c).cast}`);
  return `INSERT INTO ${table} (${names.join(', ')}) SELECT ${selected.join(', ')}
    FROM unnest(${arrays.join(', ')}) AS u (${columns.map((_, i) => `c${i}`).join(', ')})`;
}

const ref = (name: string): Column => ({ field: name, name, type: 'integer' });
const KEY_COLUMNS = [ref('id'), ref('doc'), ref('a'), ref('b')];
const EVIDENCE_INSERT = unnestInsert('sg_dependency_evidence', [ref('doc'), ref('idx'), ...EVIDENCE_COLUMNS]);

/**
 * One write transaction: the writer's body (synchronous) queues the statements, `sent()` then
 * runs them in order on the transaction's connection.
 */
class PgWriteTransaction implements WriteTransaction {
  private readonly pending: Statement[] = [];
  nextFact: number;
  nextEdge: number;

  constructor(
    private readonly tx: Session,
    readonly log: LogRow,
    private readonly factInserts: Map<FactTable, string>,
  ) {
    this.nextFact = log.last_fact;
    this.nextEdge = log.last_edge;
  }

  send(s: Statement): void {
    this.pending.push(s);
  }

  /** Runs every statement queued, in order; the first failure stops them and rejects. */
  async sent(): Promise<void> {
    for (const s of this.pending.splice(0)) await this.tx.run(s);
  }

  /** Queues rows (as columns of arrays) in chunks. */
  private insert(query: string, columns: unknown[][]): void {
    const count = columns[0].length;
    for (let i = 0; i < count; i += CHUNK) {
      const params = columns.map((c) => (i === 0 && count <= CHUNK ? c : c.slice(i, i + CHUNK)));
      this.send(statement(query, params));
    }
  }

  insertDocument(d: DocumentRecord): number {
    const id = this.log.last_document + 1;
    const summary = SUMMARY_COLUMNS.map((c) => d.summary[c.field as keyof DocumentRecord['summary']]);
    this.send(
      statement(
        `INSERT INTO sg_documents (id, digest, name, format, origin, collector, ingested_at, subject, ingested_by, frequency_eligible, skipped
          ${SUMMARY_COLUMNS.map((c) => `, ${quoted(c.name)}`).join('')})
         VALUES (${Array.from({ length: 11 + summary.length }, (_, i) => `$${i + 1}`).join(', ')})`,
        [
          id,
          d.digest,
          text(d.name),
          text(d.format),
          text(d.origin),
          text(d.collector),
          d.ingestedAt,
          text(d.subject),
          text(d.ingestedBy),
          d.frequencyEligible,
          text(d.skipped),
          ...summary,
        ],
      ),
    );
    return id;
  }

  insertFacts(table: FactTable, documentId: number, rows: readonly FactRow[], ids: readonly number[]): void {
    let query = this.factInserts.get(table);
    if (!query) {
      this.factInserts.set(table, (query = unnestInsert(`sg_${table.name}`, [...KEY_COLUMNS, ...table.columns])));
    }
    const fields = table.columns.map((_, k) => rows.map((r) => arrayParam(r.values[k])));
    this.insert(query, [
      rows.map(() => ++this.nextFact),
      rows.map(() => documentId),
      rows.map((r) => ids[r.a]),
      rows.map((r) => (r.b >= 0 ? ids[r.b] : null)),
      ...fields,
    ]);
  }

  insertDependencies(documentId: number, triples: Buffer, evidence: ColumnValue[][]): void {
    this.send(sql`INSERT INTO sg_dependency_sets (doc, edges) VALUES (${documentId}, ${triples})`);
    const fields = EVIDENCE_COLUMNS.map((_, k) => evidence.map((v) => arrayParam(v[k])));
    this.insert(EVIDENCE_INSERT, [evidence.map(() => documentId), evidence.map((_, i) => i), ...fields]);
  }

  insertInclusions(documentId: number, subjects: Buffer, members: Buffer, pairs: number): void {
    this.send(sql`INSERT INTO sg_inclusion_sets (doc, subjects, members, pairs)
      VALUES (${documentId}, ${subjects}, ${members}, ${pairs})`);
  }

  insertBuild(documentId: number, subject: number, build: BuildRecord, at: string): void {
    for (const s of recordBuildSql(POSTGRES_DIALECT, documentId, subject, build, at)) this.send(pgStatement(s));
  }

  insertEdges(a: number[], b: number[], ranked: boolean, documentId: number, idx: number[]): void {
    // Ids in commit order; a conflict leaves a gap, which the loader's "id > cursor" reading does not mind.
    const ids = a.map(() => ++this.nextEdge);
    for (let i = 0; i < a.length; i += CHUNK) {
      // Typed parameters: in a SELECT list nothing else tells PostgreSQL what they are.
      this.send(sql`INSERT INTO sg_dependency_edges (id, a, b, ranked, doc, idx)
        SELECT e.id, e.a, e.b, ${ranked}::boolean, ${documentId}::bigint, e.idx
        FROM unnest(${ids.slice(i, i + CHUNK)}::bigint[], ${a.slice(i, i + CHUNK)}::bigint[], ${b.slice(i, i + CHUNK)}::bigint[], ${idx.slice(i, i + CHUNK)}::int[]) AS e (id, a, b, idx)
        ON CONFLICT (a, b, ranked) DO NOTHING`);
    }
  }
}

export class PgWriteBackend implements WriteBackend {
  /** Committed node ids by node hash. */
  private readonly nodeIds = new Map<string, number>();
  private readonly factInserts = new Map<FactTable, string>();
  onDeletion?: () => void;
  private deletionsSeen: number | undefined;

  constructor(private readonly db: Db) {}

  async transact(
    digest: string,
    nodes: readonly NodeKey[],
    body: (tx: WriteTransaction, ids: readonly number[]) => number,
  ): Promise<WriteOutcome> {
    const hashes = nodes.map(nodeHash);
    const created = new Map<string, number>();
    // Resolve what is already committed before taking the lock: the commit section stays short.
    const resolved = new Map<string, number>();
    const unknown = hashes.filter((h) => {
      const id = this.nodeIds.get(h);
      if (id !== undefined) resolved.set(h, id);
      return id === undefined;
    });
    if (unknown.length) await selectNodeIds(this.db, unknown, resolved);
    for (const h of unknown) if (resolved.has(h)) created.set(h, resolved.get(h)!); // committed: cacheable

    const outcome = await inTransaction(this.db, async (tx): Promise<WriteOutcome> => {
      // The commit section: one writer at a time from here to COMMIT, across every process.
      const [log] = await tx.rows<LogRow>(sql`
        SELECT last_node, last_fact, last_document, last_edge, deletions FROM sg_log WHERE id = 1 FOR UPDATE`);
      const [dup] = await tx.rows<{ id: number }>(sql`SELECT id FROM sg_documents WHERE digest = ${digest}`);
      if (dup) return { status: 'duplicate', documentId: dup.id };

      if (log.deletions !== this.deletionsSeen) {
        // Documents were deleted since this process last wrote (or it never did): node ids it
        // remembers or looked up before the lock may be gone. Look them all up again under the lock.
        this.nodeIds.clear();
        resolved.clear();
        created.clear();
        this.deletionsSeen = log.deletions;
        this.onDeletion?.();
      }
      // Nodes another writer committed since the look-up above.
      const missing = hashes.filter((h) => !resolved.has(h));
      if (missing.length) await selectNodeIds(tx, missing, resolved);
      const fresh: number[] = [];
      let nextNode = log.last_node;
      for (let i = 0; i < hashes.length; i++) {
        if (resolved.has(hashes[i])) continue;
        resolved.set(hashes[i], ++nextNode);
        created.set(hashes[i], nextNode);
        fresh.push(i);
      }
      const ids = hashes.map((h) => resolved.get(h)!);
      const write = new PgWriteTransaction(tx, log, this.factInserts);
      for (let i = 0; i < fresh.length; i += CHUNK) {
        const part = fresh.slice(i, i + CHUNK);
        // ON CONFLICT is a backstop only: under the lock no other writer can insert these keys.
        write.send(sql`INSERT INTO sg_nodes (id, kind, key, attr, key_hash)
          SELECT * FROM unnest(${part.map((j) => ids[j])}::bigint[], ${part.map((j) => nodes[j].kind)}::smallint[],
            ${part.map((j) => text(nodes[j].key))}::text[], ${part.map((j) => text(nodes[j].attr))}::text[],
            ${part.map((j) => hashes[j])}::text[])
          ON CONFLICT (key_hash) DO NOTHING`);
      }
      const documentId = body(write, ids);
      write.send(sql`UPDATE sg_log SET last_node = ${nextNode}, last_fact = ${write.nextFact},
        last_document = ${documentId}, last_edge = ${write.nextEdge} WHERE id = 1`);
      await write.sent();
      return { status: 'stored', documentId };
    });
    if (outcome.status === 'stored') {
      if (this.nodeIds.size > NODE_CACHE_LIMIT) this.nodeIds.clear();
      for (const [k, v] of created) this.nodeIds.set(k, v);
    }
    return outcome;
  }
}
