// The embedded store: one SQLite file in WAL mode, so a CLI ingest can write while a server
// reads. Writes are one IMMEDIATE transaction per document (atomic, serialised across processes).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import { deliverFact, encodeDocument, packDependencies } from '../fact-rows.js';
import { PairSet } from '../pair-set.js';
import type { FactKind, NodeKind } from '../../model/kinds.js';
import { LINK_FACT_KINDS } from '../../model/stored-facts.js';
import type { DocumentInput, GraphStore, LoadCursor, LoadSink, StoreStats, WriteOutcome } from '../types.js';
import type { SkippedItem } from '../../model/facts.js';
import { migrate } from './schema.js';

export const SQLITE_FILE_NAME = 'supplygraph.sqlite';

/** Rows per multi-row INSERT (5 parameters each, well under SQLite's 32,766 limit). */
const FACTS_PER_STATEMENT = 100;

export class SqliteStore implements GraphStore {
  readonly backend = 'sqlite' as const;
  readonly storeId: string;
  private readonly db: SqliteDatabase;
  /** Node ids never change once committed, so a committed lookup can be cached. */
  private readonly nodeIds = new Map<string, number>();
  /** Dependency edges known to be committed, ranked and not: most restated edges skip the insert. */
  private readonly knownEdges = { ranked: new PairSet(), unranked: new PairSet() };
  private readonly stmt: {
    findDocument: Statement<[string], { id: number }>;
    documentSkips: Statement<[string], { skipped: string }>;
    insertDocument: Statement<unknown[]>;
    insertNode: Statement<[number, string, string | null], { id: number }>;
    selectNode: Statement<[number, string], { id: number }>;
    insertFact: Statement<[number, number, number, number | null, string | null]>;
    insertFacts: Statement<unknown[]>;
    insertDependencySet: Statement<[number, Buffer, string]>;
    insertEdge: Statement<[number, number, number]>;
    maxDocument: Statement<[], { id: number | null }>;
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
      insertDocument: this.db
        .prepare(`INSERT INTO documents (digest, name, format, origin, collector, ingested_at, frequency_eligible, summary, skipped)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      insertNode: this.db.prepare(
        'INSERT INTO nodes (kind, key, attr) VALUES (?, ?, ?) ON CONFLICT (kind, key) DO NOTHING RETURNING id',
      ),
      selectNode: this.db.prepare('SELECT id FROM nodes WHERE kind = ? AND key = ?'),
      insertFact: this.db.prepare('INSERT INTO facts (doc, kind, a, b, data) VALUES (?, ?, ?, ?, ?)'),
      insertFacts: this.db.prepare(
        `INSERT INTO facts (doc, kind, a, b, data) VALUES ${Array(FACTS_PER_STATEMENT).fill('(?, ?, ?, ?, ?)').join(', ')}`,
      ),
      maxDocument: this.db.prepare('SELECT max(id) AS id FROM documents'),
      insertDependencySet: this.db.prepare('INSERT INTO dependency_sets (doc, edges, data) VALUES (?, ?, ?)'),
      insertEdge: this.db.prepare('INSERT OR IGNORE INTO dependency_edges (a, b, ranked) VALUES (?, ?, ?)'),
    };
  }

  /** Opens (creating when needed) the store in directory `dir`. */
  static open(dir: string): SqliteStore {
    mkdirSync(dir, { recursive: true });
    return new SqliteStore(join(dir, SQLITE_FILE_NAME), false);
  }

  async writeDocument(input: DocumentInput): Promise<WriteOutcome> {
    const encoded = encodeDocument(input.facts, input.origin, input.collector);
    const fresh = new Map<string, number>();
    const freshEdges: number[] = [];
    const write = this.db.transaction((): WriteOutcome => {
      const existing = this.stmt.findDocument.get(input.digest);
      if (existing) return { status: 'duplicate', documentId: existing.id };
      const summary = {
        packages: input.facts.packages.length,
        artifacts: input.facts.artifacts.length,
        dependencies: input.facts.dependencies.length,
        skipped: input.facts.skipped.length,
      };
      const documentId = Number(
        this.stmt.insertDocument.run(
          input.digest,
          input.name,
          input.facts.format,
          input.origin,
          input.collector,
          input.ingestedAt,
          encoded.frequencyEligible ? 1 : 0,
          JSON.stringify(summary),
          JSON.stringify(input.facts.skipped),
        ).lastInsertRowid,
      );
      const ids = new Array<number>(encoded.nodes.length);
      for (let i = 0; i < encoded.nodes.length; i++) {
        const n = encoded.nodes[i];
        const cacheKey = `${n.kind}\u0000${n.key}`;
        let id = this.nodeIds.get(cacheKey);
        if (id === undefined) {
          id = this.stmt.insertNode.get(n.kind, n.key, n.attr)?.id ?? this.stmt.selectNode.get(n.kind, n.key)!.id;
          fresh.set(cacheKey, id);
        }
        ids[i] = id;
      }
      // Many rows per statement: the per-call cost, not SQLite, dominates single-row inserts.
      const rows = encoded.rows;
      const params = new Array<number | string | null>(FACTS_PER_STATEMENT * 5);
      let i = 0;
      for (; i + FACTS_PER_STATEMENT <= rows.length; i += FACTS_PER_STATEMENT) {
        for (let j = 0; j < FACTS_PER_STATEMENT; j++) {
          const r = rows[i + j];
          const o = j * 5;
          params[o] = documentId;
          params[o + 1] = r.kind;
          params[o + 2] = ids[r.a];
          params[o + 3] = r.b >= 0 ? ids[r.b] : null;
          params[o + 4] = r.data;
        }
        this.stmt.insertFacts.run(...params);
      }
      for (; i < rows.length; i++) {
        const r = rows[i];
        this.stmt.insertFact.run(documentId, r.kind, ids[r.a], r.b >= 0 ? ids[r.b] : null, r.data);
      }
      if (encoded.dependencies.length) {
        this.stmt.insertDependencySet.run(
          documentId,
          packDependencies(encoded.dependencies, ids),
          JSON.stringify(encoded.dependencyData),
        );
        const known = encoded.frequencyEligible ? this.knownEdges.ranked : this.knownEdges.unranked;
        const ranked = encoded.frequencyEligible ? 1 : 0;
        for (const d of encoded.dependencies) {
          const a = ids[d.a];
          const b = ids[d.b];
          if (known.has(a, b)) continue;
          this.stmt.insertEdge.run(a, b, ranked);
          freshEdges.push(a, b);
        }
      }
      return { status: 'stored', documentId };
    });
    const outcome = write.immediate();
    // Only committed ids are safe to remember (a rolled-back insert frees its id).
    if (this.nodeIds.size > 2_000_000) this.nodeIds.clear();
    for (const [k, v] of fresh) this.nodeIds.set(k, v);
    const known = encoded.frequencyEligible ? this.knownEdges.ranked : this.knownEdges.unranked;
    for (let i = 0; i < freshEdges.length; i += 2) known.add(freshEdges[i], freshEdges[i + 1]);
    return outcome;
  }

  async hasDocument(digest: string): Promise<boolean> {
    return this.stmt.findDocument.get(digest) !== undefined;
  }

  async documentSkips(digest: string): Promise<SkippedItem[] | undefined> {
    const row = this.stmt.documentSkips.get(digest);
    return row ? (JSON.parse(row.skipped) as SkippedItem[]) : undefined;
  }

  async hasChangedSince(cursor: LoadCursor): Promise<boolean> {
    return (this.stmt.maxDocument.get()?.id ?? 0) > cursor.document;
  }

  async load(since: LoadCursor, sink: LoadSink): Promise<LoadCursor> {
    const next = { ...since };
    // One read transaction: a consistent snapshot even while another process writes.
    const read = this.db.transaction(() => {
      const nodes = this.db.prepare('SELECT id, kind, key, attr FROM nodes WHERE id > ? ORDER BY id').raw();
      for (const [id, kind, key, attr] of nodes.iterate(since.node) as Iterable<
        [number, NodeKind, string, string | null]
      >) {
        sink.node(id, kind, key, attr);
        next.node = id;
      }
      const docs = this.db.prepare('SELECT id, origin, collector FROM documents WHERE id > ? ORDER BY id').raw();
      for (const [id, origin, collector] of docs.iterate(since.document) as Iterable<[number, string, string]>) {
        sink.document({ id, origin, collector });
        next.document = id;
      }
      // Kind 3 rows can only be left over from schema 1; their edges are in dependency_edges.
      const facts = this.db
        .prepare(
          `SELECT id, doc, kind, a, b, CASE WHEN kind IN (${LINK_FACT_KINDS.join(',')}) THEN NULL ELSE data END
        FROM facts WHERE id > ? ORDER BY id`,
        )
        .raw();
      for (const [id, doc, kind, a, b, data] of facts.iterate(since.fact) as Iterable<
        [number, number, FactKind, number, number | null, string | null]
      >) {
        deliverFact(sink, kind, a, b ?? 0, doc, data);
        next.fact = id;
      }
      const edges = this.db.prepare('SELECT id, a, b, ranked FROM dependency_edges WHERE id > ? ORDER BY id').raw();
      for (const [id, a, b, ranked] of edges.iterate(since.edge) as Iterable<[number, number, number, number]>) {
        sink.dependencyEdge(a, b, ranked === 1);
        next.edge = id;
      }
    });
    read.deferred();
    return next;
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
      facts: count('facts'),
      dependencyEdges: count('dependency_edges'),
    };
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
