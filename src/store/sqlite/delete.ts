// Deleting a document from the embedded store: one IMMEDIATE transaction (atomic, and no writer
// of another process interleaves), one scan per fact table. Ids are never reused after a delete:
// the highest document id deleted is kept in meta ('document_high') and the writer allocates
// above it, so the load cursor and the index version only grow.
import type { Database } from 'better-sqlite3';
import { DeletePlan } from '../document-delete.js';
import { FACT_TABLES } from '../schema/tables.js';
import { deleteSqliteBuild, PreparedStatements } from './projects.js';

export function deleteSqliteDocument(db: Database, digest: string): boolean {
  const remove = db.transaction((): boolean => {
    const doc = db.prepare('SELECT id, frequency_eligible AS ranked FROM documents WHERE digest = ?').get(digest) as
      { id: number; ranked: number } | undefined;
    if (!doc) return false;
    const plan = new DeletePlan();
    for (const t of FACT_TABLES) {
      const rows = db.prepare(`DELETE FROM ${t.name} WHERE doc = ? RETURNING a, b`).raw().all(doc.id) as [
        number,
        number | null,
      ][];
      for (const [a, b] of rows) plan.named(a, b);
    }
    const included = db.prepare('DELETE FROM inclusion_sets WHERE doc = ? RETURNING subjects, members').get(doc.id) as
      { subjects: Buffer; members: Buffer } | undefined;
    if (included) plan.ownInclusions(included.subjects, included.members);
    const set = db.prepare('DELETE FROM dependency_sets WHERE doc = ? RETURNING edges').get(doc.id) as
      { edges: Buffer } | undefined;
    db.prepare('DELETE FROM dependency_evidence WHERE doc = ?').run(doc.id);
    // Edges it stated first lose their first document; those others still state get the earliest of them below.
    db.prepare('UPDATE dependency_edges SET doc = NULL, idx = NULL WHERE doc = ?').run(doc.id);
    deleteSqliteBuild(new PreparedStatements(db), doc.id);
    db.prepare('DELETE FROM documents WHERE id = ?').run(doc.id);
    if (set) plan.ownDependencies(set.edges);
    if (plan.hasEdges) {
      const others = db
        .prepare(
          'SELECT s.doc, s.edges FROM dependency_sets s JOIN documents d ON d.id = s.doc WHERE d.frequency_eligible = ?',
        )
        .raw();
      for (const [id, triples] of others.iterate(doc.ranked) as Iterable<[number, Buffer]>)
        plan.otherDependencies(triples, id);
      const { a, b } = plan.orphanEdges();
      const edge = db.prepare('DELETE FROM dependency_edges WHERE a = ? AND b = ? AND ranked = ?');
      for (let i = 0; i < a.length; i++) edge.run(a[i], b[i], doc.ranked);
      const restated = plan.restatedEdges();
      const first = db.prepare(
        'UPDATE dependency_edges SET doc = ?, idx = ? WHERE a = ? AND b = ? AND ranked = ? AND doc IS NULL',
      );
      for (let i = 0; i < restated.a.length; i++)
        first.run(restated.doc[i], restated.idx[i], restated.a[i], restated.b[i], doc.ranked);
    }
    deleteUnreferencedNodes(db, plan);
    db.prepare(
      `INSERT INTO meta (key, value) VALUES ('document_high', ?)
       ON CONFLICT (key) DO UPDATE SET value = max(CAST(value AS INTEGER), CAST(excluded.value AS INTEGER))`,
    ).run(doc.id);
    db.prepare(`UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'deletions'`).run();
    return true;
  });
  return remove.immediate();
}

/**
 * The candidates no remaining fact row, dependency edge or inclusion set refers to: one indexed
 * look-up per table, then the sets, newest first (a build's nodes are mostly in the builds
 * around it), until every candidate is found or the sets run out.
 */
function deleteUnreferencedNodes(db: Database, plan: DeletePlan): void {
  const candidates = plan.candidateNodes();
  if (candidates.length === 0) return;
  db.exec('CREATE TEMP TABLE IF NOT EXISTS delete_candidates (id INTEGER PRIMARY KEY)');
  db.exec('DELETE FROM temp.delete_candidates');
  const add = db.prepare('INSERT INTO temp.delete_candidates (id) VALUES (?)');
  for (const id of candidates) add.run(id);
  for (const table of [...FACT_TABLES.map((t) => t.name), 'dependency_edges']) {
    const still = db
      .prepare(
        `SELECT a FROM ${table} WHERE a IN (SELECT id FROM temp.delete_candidates)
         UNION SELECT b FROM ${table} WHERE b IN (SELECT id FROM temp.delete_candidates)`,
      )
      .pluck();
    for (const id of still.iterate() as Iterable<number>) plan.referenced(id);
  }
  if (plan.hasCandidates) {
    const sets = db.prepare('SELECT subjects, members FROM inclusion_sets ORDER BY doc DESC').raw();
    for (const [subjects, members] of sets.iterate() as Iterable<[Buffer, Buffer]>) {
      plan.otherInclusions(subjects, members);
      if (!plan.hasCandidates) break;
    }
  }
  const drop = db.prepare('DELETE FROM nodes WHERE id = ?');
  for (const id of plan.candidateNodes()) drop.run(id);
  db.exec('DELETE FROM temp.delete_candidates');
}
