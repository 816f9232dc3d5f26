// PostgreSQL's reads of SBOM inclusions (../inclusion-sets.ts): the documents naming a node, and
// the document that first states an inclusion edge.
import { firstIncluding, InclusionSetPacker } from '../inclusion-sets.js';
import {
  memberSetsSql,
  nodeDocumentsOf,
  sbomDocumentsSql,
  subjectDocumentsSql,
  type NodeDocumentsReader,
} from '../package-documents.js';
import { POSTGRES_DIALECT } from '../schema/dialect.js';
import type { Queryable } from './driver.js';
import { sql, statement } from './driver.js';

function readerOf(db: Queryable): NodeDocumentsReader {
  return {
    sbomDocuments: async (subjects) =>
      (await db.rows<{ a: number; doc: number }>(statement(sbomDocumentsSql(POSTGRES_DIALECT), [subjects]))).map(
        (r) => [Number(r.a), Number(r.doc)],
      ),
    memberSets: async (docs) =>
      new Map(
        (await db.rows<{ doc: number; members: Buffer }>(statement(memberSetsSql(POSTGRES_DIALECT), [docs]))).map(
          (r) => [Number(r.doc), r.members],
        ),
      ),
    subjectDocuments: async (node) =>
      (await db.rows<{ doc: number }>(statement(subjectDocumentsSql(POSTGRES_DIALECT), [node]))).map((r) =>
        Number(r.doc),
      ),
  };
}

export function pgNodeDocuments(db: Queryable, node: number, subjects: readonly number[]): Promise<number[]> {
  return nodeDocumentsOf(readerOf(db), node, subjects);
}

/** The digest of the earliest document whose SBOM of `subject` includes `member`. */
export async function pgInclusionEvidence(db: Queryable, subject: number, member: number): Promise<string | undefined> {
  const reader = readerOf(db);
  const docs = (await reader.sbomDocuments([subject])).map(([, doc]) => doc);
  const first = firstIncluding(docs, await reader.memberSets(docs), subject, member);
  if (first === undefined) return undefined;
  const rows = await db.rows<{ digest: string }>(statement('SELECT digest FROM sg_documents WHERE id = $1', [first]));
  return rows[0]?.digest;
}

/** Rows of sg_sbom_includes read per statement by migration step 10. */
const PACK_CHUNK = 50_000;

/** Step 10: each document's sbom_includes rows as one inclusion set (rows of a document have consecutive ids). */
export async function packInclusions(tx: Queryable): Promise<void> {
  const [table] = await tx.rows<{ found: string | null }>(sql`SELECT to_regclass('sg_sbom_includes')::text AS found`);
  if (table.found === null) return;
  const sets: { doc: number[]; subjects: Buffer[]; members: Buffer[]; pairs: number[] } = {
    doc: [],
    subjects: [],
    members: [],
    pairs: [],
  };
  const packer = new InclusionSetPacker((doc, subjects, members, pairs) => {
    sets.doc.push(doc);
    sets.subjects.push(subjects);
    sets.members.push(members);
    sets.pairs.push(pairs);
  });
  // The sets packed so far, in one statement per read (a few hundred documents' rows).
  const write = async (): Promise<void> => {
    if (sets.doc.length === 0) return;
    await tx.run(sql`INSERT INTO sg_inclusion_sets (doc, subjects, members, pairs)
      SELECT * FROM unnest(${sets.doc.splice(0)}::bigint[], ${sets.subjects.splice(0)}::bytea[],
        ${sets.members.splice(0)}::bytea[], ${sets.pairs.splice(0)}::int[])`);
  };
  for (let last = 0; ;) {
    const rows = await tx.rows<{ id: number; doc: number; a: number; b: number }>(sql`
      SELECT id, doc, a, b FROM sg_sbom_includes WHERE id > ${last} ORDER BY id LIMIT ${PACK_CHUNK}`);
    for (const r of rows) packer.row(Number(r.doc), Number(r.a), Number(r.b));
    await write();
    if (rows.length < PACK_CHUNK) break;
    last = Number(rows[rows.length - 1].id);
  }
  packer.flush();
  await write();
}
