// Deleting a document from PostgreSQL: one transaction under the commit lock writers take (the
// sg_log row), so no commit interleaves and loaders see the document whole or not at all; one
// scan per fact table. Ids are never reused (they come from sg_log's counters).
import { DeletePlan } from '../document-delete.js';
import { FACT_TABLES } from '../schema/tables.js';
import type { Db } from './connection.js';
import { sql, statement, type Queryable } from './driver.js';
import { inTransaction } from './transaction.js';
import { deletePgBuild } from './projects.js';

/** Ids per statement parameter array. */
const CHUNK = 20_000;

export async function deletePgDocument(db: Db, digest: string): Promise<boolean> {
  return inTransaction(db, async (tx): Promise<boolean> => {
    // Rare and bounded by the store's size, not by the per-statement budget of requests.
    await tx.run(sql`SET LOCAL statement_timeout = 0`);
    await tx.run(sql`SELECT deletions FROM sg_log WHERE id = 1 FOR UPDATE`);
    const [doc] = await tx.rows<{ id: number; ranked: boolean }>(sql`
      SELECT id, frequency_eligible AS ranked FROM sg_documents WHERE digest = ${digest}`);
    if (!doc) return false;
    const plan = new DeletePlan();
    for (const t of FACT_TABLES) {
      const rows = await tx.values<[number, number | null]>(
        statement(`DELETE FROM sg_${t.name} WHERE doc = $1 RETURNING a, b`, [doc.id]),
      );
      for (const [a, b] of rows) plan.named(a, b);
    }
    const [included] = await tx.rows<{ subjects: Buffer; members: Buffer }>(
      sql`DELETE FROM sg_inclusion_sets WHERE doc = ${doc.id} RETURNING subjects, members`,
    );
    if (included) plan.ownInclusions(included.subjects, included.members);
    const [set] = await tx.rows<{ edges: Buffer }>(
      sql`DELETE FROM sg_dependency_sets WHERE doc = ${doc.id} RETURNING edges`,
    );
    await tx.run(sql`DELETE FROM sg_dependency_evidence WHERE doc = ${doc.id}`);
    // Edges it stated first lose their first document; those others still state get the earliest of them below.
    await tx.run(sql`UPDATE sg_dependency_edges SET doc = NULL, idx = NULL WHERE doc = ${doc.id}`);
    await deletePgBuild(tx, doc.id);
    await tx.run(sql`DELETE FROM sg_documents WHERE id = ${doc.id}`);
    if (set) plan.ownDependencies(set.edges);
    if (plan.hasEdges) {
      await tx.cursor<[number, Buffer]>(
        sql`SELECT s.doc, s.edges FROM sg_dependency_sets s JOIN sg_documents d ON d.id = s.doc
          WHERE d.frequency_eligible = ${doc.ranked}`,
        1_000,
        (rows) => {
          for (const [id, triples] of rows) plan.otherDependencies(triples, Number(id));
        },
      );
      const { a, b } = plan.orphanEdges();
      for (let i = 0; i < a.length; i += CHUNK) {
        await tx.run(sql`DELETE FROM sg_dependency_edges e
          USING unnest(${a.slice(i, i + CHUNK)}::bigint[], ${b.slice(i, i + CHUNK)}::bigint[]) AS o (a, b)
          WHERE e.a = o.a AND e.b = o.b AND e.ranked = ${doc.ranked}`);
      }
      const restated = plan.restatedEdges();
      for (let i = 0; i < restated.a.length; i += CHUNK) {
        const part = (xs: number[]) => xs.slice(i, i + CHUNK);
        await tx.run(sql`UPDATE sg_dependency_edges e SET doc = r.doc, idx = r.idx
          FROM unnest(${part(restated.a)}::bigint[], ${part(restated.b)}::bigint[], ${part(restated.doc)}::bigint[],
            ${part(restated.idx)}::int[]) AS r (a, b, doc, idx)
          WHERE e.a = r.a AND e.b = r.b AND e.ranked = ${doc.ranked} AND e.doc IS NULL`);
      }
    }
    const candidates = plan.candidateNodes();
    if (candidates.length) {
      for (const table of [...FACT_TABLES.map((t) => `sg_${t.name}`), 'sg_dependency_edges']) {
        const still = await tx.values<[number]>(
          statement(
            `SELECT a FROM ${table} WHERE a = ANY($1::bigint[]) UNION SELECT b FROM ${table} WHERE b = ANY($1::bigint[])`,
            [candidates],
          ),
        );
        for (const [id] of still) plan.referenced(id);
      }
      await keepNodesOfOtherSets(tx, plan);
      const orphans = plan.candidateNodes();
      for (let i = 0; i < orphans.length; i += CHUNK) {
        await tx.run(sql`DELETE FROM sg_nodes WHERE id = ANY(${orphans.slice(i, i + CHUNK)}::bigint[])`);
      }
    }
    await tx.run(sql`UPDATE sg_log SET deletions = deletions + 1 WHERE id = 1`);
    return true;
  });
}

/** Sets read per round trip while looking for nodes other documents' sets still name. */
const SET_BATCH = 1_000;

/** As the embedded store's delete: the sets newest first, until every candidate is found. */
async function keepNodesOfOtherSets(tx: Queryable, plan: DeletePlan): Promise<void> {
  for (let before = Number.MAX_SAFE_INTEGER; plan.hasCandidates;) {
    const rows = await tx.rows<{ doc: number; subjects: Buffer; members: Buffer }>(sql`
      SELECT doc, subjects, members FROM sg_inclusion_sets WHERE doc < ${before} ORDER BY doc DESC LIMIT ${SET_BATCH}`);
    for (const r of rows) plan.otherInclusions(r.subjects, r.members);
    if (rows.length < SET_BATCH) return;
    before = Number(rows[rows.length - 1].doc);
  }
}
