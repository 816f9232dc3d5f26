// The embedded store's reads of what stored documents say beyond the index (the GraphEvidence
// port): which document states each hop of a path, the documents naming a node, provenance rows.
import type { Database, Statement } from 'better-sqlite3';
import type { SlsaRow } from '../../model/stored-facts.js';
import { slsaRowOf, slsaRowsSql } from '../artifact-provenance.js';
import { advisoryRecordsOf, advisoryRowsSql, DOCS_PER_STATEMENT } from '../advisory-rows.js';
import {
  firstStatement,
  LINK_TABLES,
  linkKeys,
  packedEvidenceIndex,
  slsaEvidenceOf,
  slsaEvidenceSql,
  type EdgeEvidence,
  type EdgeQuery,
} from '../edge-evidence.js';
import { SQLITE_DIALECT } from '../schema/dialect.js';
import type { AdvisoryRows, GraphEvidence } from '../types.js';
import { SqliteInclusions } from './inclusions.js';

export class SqliteEvidence implements GraphEvidence {
  private readonly inclusions: SqliteInclusions;

  constructor(private readonly db: Database) {
    this.inclusions = new SqliteInclusions(db);
  }

  edgeEvidence(edges: readonly EdgeQuery[]): Promise<(EdgeEvidence | undefined)[]> {
    const read = this.db.transaction(() => edges.map((edge) => this.evidenceOf(edge)));
    return Promise.resolve(read.deferred());
  }

  nodeDocuments(node: number, subjects: readonly number[]): Promise<number[]> {
    return this.inclusions.nodeDocuments(node, subjects);
  }

  slsaRows(built: readonly number[], material?: number): Promise<SlsaRow[]> {
    const statement = this.evidenceStatement(slsaRowsSql(SQLITE_DIALECT, material !== undefined));
    const params = material === undefined ? [JSON.stringify(built)] : [JSON.stringify(built), material];
    return Promise.resolve((statement.all(...params) as Record<string, unknown>[]).map(slsaRowOf));
  }

  advisoryRecords(docs: readonly number[]): Promise<AdvisoryRows> {
    const rows: unknown[][] = [];
    for (let i = 0; i < docs.length; i += DOCS_PER_STATEMENT) {
      const s = advisoryRowsSql(SQLITE_DIALECT, docs.slice(i, i + DOCS_PER_STATEMENT));
      rows.push(
        ...(this.evidenceStatement(s.text)
          .raw()
          .all(...s.params) as unknown[][]),
      );
    }
    return Promise.resolve(advisoryRecordsOf(rows));
  }

  /** Statements of the evidence and document lookups, prepared once each. */
  private readonly evidenceStatements = new Map<string, Statement>();
  private evidenceStatement(text: string): Statement {
    let statement = this.evidenceStatements.get(text);
    if (!statement) this.evidenceStatements.set(text, (statement = this.db.prepare(text)));
    return statement;
  }

  private evidenceOf(edge: EdgeQuery): EdgeEvidence | undefined {
    if (edge.kind === 'slsa') {
      const row = this.evidenceStatement(slsaEvidenceSql(SQLITE_DIALECT)).get(edge.a, edge.b) as
        { digest: string; signature: unknown; signedBy: unknown } | undefined;
      return row && slsaEvidenceOf(row);
    }
    if (edge.kind === 'sbom') {
      const document = this.inclusions.evidence(edge.a, edge.b);
      return document === undefined ? undefined : { document };
    }
    if (edge.kind !== 'dependency') {
      const table = LINK_TABLES[edge.kind];
      const row = this.evidenceStatement(
        `SELECT digest FROM documents WHERE id = (SELECT min(doc) FROM (
             SELECT doc FROM ${table} WHERE a = ? AND b = ? UNION ALL SELECT doc FROM ${table} WHERE a = ? AND b = ?))`,
      )
        .pluck()
        .get(...linkKeys(edge)) as string | undefined;
      return row === undefined ? undefined : { document: row };
    }
    const pointers = this.evidenceStatement('SELECT doc, idx FROM dependency_edges WHERE a = ? AND b = ?').all(
      edge.a,
      edge.b,
    ) as { doc: number | null; idx: number | null }[];
    if (pointers.length === 0) return undefined;
    const first = firstStatement(pointers) ?? this.searchPackedEdges(edge.a, edge.b);
    if (!first) return undefined;
    const row = this.evidenceStatement(
      `SELECT d.digest, e."type" AS type FROM documents d JOIN dependency_evidence e ON e.doc = d.id
       WHERE d.id = ? AND e.idx = ?`,
    ).get(first.doc, first.idx) as { digest: string; type: string | null } | undefined;
    if (!row) return undefined;
    return row.type === null ? { document: row.digest } : { document: row.digest, dependencyType: row.type };
  }

  /** The first document, in id order, whose packed edges state a → b. */
  private searchPackedEdges(a: number, b: number): { doc: number; idx: number } | undefined {
    const sets = this.db.prepare('SELECT doc, edges FROM dependency_sets ORDER BY doc').raw();
    for (const [doc, edges] of sets.iterate() as Iterable<[number, Buffer]>) {
      const idx = packedEvidenceIndex(edges, a, b);
      if (idx >= 0) return { doc, idx };
    }
    return undefined;
  }
}
