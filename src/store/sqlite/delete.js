import { DeletePlan } from '../document-delete.js';
import { FACT_TABLES } from '../schema/tables.js';
export function deleteSqliteDocument(db, digest) {
    const remove = db.transaction(() => {
        const doc = db.prepare('SELECT id, frequency_eligible AS ranked FROM documents WHERE digest = ?').get(digest);
        if (!doc)
            return false;
        const plan = new DeletePlan();
        for (const t of FACT_TABLES) {
            const rows = db.prepare(`DELETE FROM ${t.name} WHERE doc = ? RETURNING a, b`).raw().all(doc.id);
            for (const [a, b] of rows)
                plan.named(a, b);
        }
        const set = db.prepare('DELETE FROM dependency_sets WHERE doc = ? RETURNING edges').get(doc.id);
        db.prepare('DELETE FROM dependency_evidence WHERE doc = ?').run(doc.id);
        db.prepare('DELETE FROM documents WHERE id = ?').run(doc.id);
        if (set)
            plan.ownDependencies(set.edges);
        if (plan.hasEdges) {
            const others = db
                .prepare('SELECT s.edges FROM dependency_sets s JOIN documents d ON d.id = s.doc WHERE d.frequency_eligible = ?')
                .pluck();
            for (const triples of others.iterate(doc.ranked))
                plan.otherDependencies(triples);
            const { a, b } = plan.orphanEdges();
            const edge = db.prepare('DELETE FROM dependency_edges WHERE a = ? AND b = ? AND ranked = ?');
            for (let i = 0; i < a.length; i++)
                edge.run(a[i], b[i], doc.ranked);
        }
        deleteUnreferencedNodes(db, plan);
        db.prepare(`INSERT INTO meta (key, value) VALUES ('document_high', ?)
       ON CONFLICT (key) DO UPDATE SET value = max(CAST(value AS INTEGER), CAST(excluded.value AS INTEGER))`).run(doc.id);
        db.prepare(`UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'deletions'`).run();
        return true;
    });
    return remove.immediate();
}
/** The candidates no remaining fact row or dependency edge refers to: one scan per table. */
function deleteUnreferencedNodes(db, plan) {
    const candidates = plan.candidateNodes();
    if (candidates.length === 0)
        return;
    db.exec('CREATE TEMP TABLE IF NOT EXISTS delete_candidates (id INTEGER PRIMARY KEY)');
    db.exec('DELETE FROM temp.delete_candidates');
    const add = db.prepare('INSERT INTO temp.delete_candidates (id) VALUES (?)');
    for (const id of candidates)
        add.run(id);
    for (const table of [...FACT_TABLES.map((t) => t.name), 'dependency_edges']) {
        const still = db
            .prepare(`SELECT a FROM ${table} WHERE a IN (SELECT id FROM temp.delete_candidates)
         UNION SELECT b FROM ${table} WHERE b IN (SELECT id FROM temp.delete_candidates)`)
            .pluck();
        for (const id of still.iterate())
            plan.referenced(id);
    }
    const drop = db.prepare('DELETE FROM nodes WHERE id = ?');
    for (const id of plan.candidateNodes())
        drop.run(id);
    db.exec('DELETE FROM temp.delete_candidates');
}
