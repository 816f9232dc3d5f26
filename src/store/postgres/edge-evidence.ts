// PostgreSQL side of the path evidence lookup (see ../edge-evidence.ts): the hops of a path
// looked up concurrently, each through an index (or, for a dependency edge whose first-document
// pointer is gone, a search of the packed edges in document order).
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
import { POSTGRES_DIALECT } from '../schema/dialect.js';
import type { Db } from './connection.js';
import { pgInclusionEvidence } from './inclusions.js';
import { sql, statement } from './driver.js';

/** Documents' packed edges fetched per round trip while searching. */
const SEARCH_BATCH = 500;

export function pgEdgeEvidence(db: Db, edges: readonly EdgeQuery[]): Promise<(EdgeEvidence | undefined)[]> {
  return Promise.all(edges.map((edge) => evidenceOf(db, edge)));
}

async function evidenceOf(db: Db, edge: EdgeQuery): Promise<EdgeEvidence | undefined> {
  if (edge.kind === 'slsa') {
    const rows = await db.rows<{ digest: string; signature: unknown; signedBy: unknown }>(
      statement(slsaEvidenceSql(POSTGRES_DIALECT), [edge.a, edge.b]),
    );
    return rows.length ? slsaEvidenceOf(rows[0]) : undefined;
  }
  if (edge.kind === 'sbom') {
    const document = await pgInclusionEvidence(db, edge.a, edge.b);
    return document === undefined ? undefined : { document };
  }
  if (edge.kind !== 'dependency') {
    const table = `sg_${LINK_TABLES[edge.kind]}`;
    const rows = await db.rows<{ digest: string }>(
      statement(
        `SELECT digest FROM sg_documents WHERE id = (SELECT min(doc) FROM (
         SELECT doc FROM ${table} WHERE a = $1 AND b = $2 UNION ALL SELECT doc FROM ${table} WHERE a = $3 AND b = $4) l)`,
        linkKeys(edge),
      ),
    );
    return rows.length ? { document: rows[0].digest } : undefined;
  }
  const pointers = await db.rows<{ doc: number | null; idx: number | null }>(sql`
    SELECT doc, idx FROM sg_dependency_edges WHERE a = ${edge.a} AND b = ${edge.b}`);
  if (pointers.length === 0) return undefined;
  const first = firstStatement(pointers) ?? (await searchPackedEdges(db, edge.a, edge.b));
  if (!first) return undefined;
  const [row] = await db.rows<{ digest: string; type: string | null }>(sql`
    SELECT d.digest, e."type" AS type FROM sg_documents d JOIN sg_dependency_evidence e ON e.doc = d.id
    WHERE d.id = ${first.doc} AND e.idx = ${first.idx}`);
  if (!row) return undefined;
  return row.type === null ? { document: row.digest } : { document: row.digest, dependencyType: row.type };
}

async function searchPackedEdges(db: Db, a: number, b: number): Promise<{ doc: number; idx: number } | undefined> {
  let after = 0;
  for (;;) {
    const sets = await db.rows<{ doc: number; edges: Buffer }>(sql`
      SELECT doc, edges FROM sg_dependency_sets WHERE doc > ${after} ORDER BY doc LIMIT ${SEARCH_BATCH}`);
    for (const { doc, edges } of sets) {
      const idx = packedEvidenceIndex(edges, a, b);
      if (idx >= 0) return { doc: Number(doc), idx };
    }
    if (sets.length < SEARCH_BATCH) return undefined;
    after = Number(sets[sets.length - 1].doc);
  }
}
