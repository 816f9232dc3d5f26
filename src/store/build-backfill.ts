// Migration step 12: the builds of SBOMs stored before projects existed, derived as the writer
// derives them (model/build.ts) from each document's first SBOM subject. The backends read the
// rows and run the statements; this says which rows and which statements.
import { buildFromSubject } from '../model/build.js';
import { NodeKind } from '../model/kinds.js';
import { recordBuildSql } from './project-rows.js';
import { SqlParams, type Dialect, type SqlStatement } from './schema/dialect.js';

/** Rows of has_sbom read per statement. */
export const BACKFILL_CHUNK = 10_000;

/** One has_sbom row with its subject node and document, as sbomSubjectsSql selects it. */
export interface SbomSubjectRow {
  id: number;
  doc: number;
  subject: number;
  kind: number;
  key: string;
  /** For an artifact subject: the package the document says it is (IsOccurrence). */
  named: string | null;
  ingested_at: string;
}

/**
 * The has_sbom rows after `lastId`, in id order (each document's first is its SBOM subject), with
 * the package an artifact subject is named by (one indexed look-up in is_occurrence per row).
 */
export function sbomSubjectsSql(d: Dialect, lastId: number): SqlStatement {
  const p = new SqlParams(d);
  const nodes = d.table('nodes');
  return p.statement(
    `SELECT h.id, h.doc, h.a AS subject, n.kind, n.key, x.ingested_at,
       (SELECT m.key FROM ${d.table('is_occurrence')} o JOIN ${nodes} m ON m.id = o.b
        WHERE o.a = h.a AND o.doc = h.doc AND m.kind = ${NodeKind.Package} ORDER BY o.id LIMIT 1) AS named
     FROM ${d.table('has_sbom')} h JOIN ${nodes} n ON n.id = h.a JOIN ${d.table('documents')} x ON x.id = h.doc
     WHERE h.id > ${p.bind(lastId)} ORDER BY h.id LIMIT ${p.bind(BACKFILL_CHUNK)}`,
  );
}

/** The documents that have a build already (a backfill run twice records none twice). */
export function recordedBuildsSql(d: Dialect): SqlStatement {
  return { text: `SELECT doc FROM ${d.table('builds')}`, params: [] };
}

/**
 * The statements recording the build of each document whose first has_sbom row is in `rows` and
 * that `done` does not hold yet (added to it); `rows` come in id order, chunk after chunk.
 */
export function backfillStatements(d: Dialect, rows: readonly SbomSubjectRow[], done: Set<number>): SqlStatement[] {
  const out: SqlStatement[] = [];
  for (const r of rows) {
    const doc = Number(r.doc);
    if (done.has(doc)) continue;
    done.add(doc);
    const kind = Number(r.kind);
    const purl = kind === NodeKind.Package ? r.key : (r.named ?? undefined);
    out.push(...recordBuildSql(d, doc, Number(r.subject), buildFromSubject(purl, {}, r.ingested_at), r.ingested_at));
  }
  return out;
}
