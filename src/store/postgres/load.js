import { deliverRow, loadColumns } from '../load-rows.js';
import { FACT_TABLES } from '../schema/tables.js';
/** Rows fetched per round trip while streaming. */
const BATCH = 20_000;
export async function loadSince(sql, since, sink) {
    return sql.begin('ISOLATION LEVEL REPEATABLE READ READ ONLY', async (tx) => {
        // A first load of a big store streams for a while; the per-statement budget is for
        // ordinary statements, not for this.
        await tx `SET LOCAL statement_timeout = 0`;
        const [log] = await tx `SELECT last_node, last_fact, last_document, last_edge, deletions FROM sg_log WHERE id = 1`;
        // Fact ids are dense across the fact tables (one counter): every table is read up to last_fact.
        const facts = {};
        for (const table of FACT_TABLES)
            facts[table.name] = log.last_fact;
        const next = {
            node: log.last_node,
            document: log.last_document,
            edge: log.last_edge,
            facts,
            deletions: log.deletions,
        };
        if (next.node > since.node) {
            await tx `SELECT id, kind, key, attr FROM sg_nodes WHERE id > ${since.node} AND id <= ${next.node} ORDER BY id`
                .values()
                .cursor(BATCH, (rows) => {
                for (const [id, kind, key, attr] of rows)
                    sink.node(id, kind, key, attr);
            });
        }
        if (next.document > since.document) {
            await tx `SELECT id, origin, collector FROM sg_documents
        WHERE id > ${since.document} AND id <= ${next.document} ORDER BY id`
                .values()
                .cursor(BATCH, (rows) => {
                for (const [id, origin, collector] of rows) {
                    sink.document({ id, origin, collector });
                }
            });
        }
        for (const table of FACT_TABLES) {
            const from = since.facts[table.name] ?? 0;
            if (log.last_fact <= from)
                continue;
            await tx
                .unsafe(`SELECT ${loadColumns(table)} FROM sg_${table.name} WHERE id > $1 AND id <= $2 ORDER BY id`, [
                from,
                log.last_fact,
            ])
                .values()
                .cursor(BATCH, (rows) => {
                for (const row of rows)
                    deliverRow(sink, table, row);
            });
        }
        if (next.edge > since.edge) {
            await tx `SELECT a, b, ranked FROM sg_dependency_edges WHERE id > ${since.edge} AND id <= ${next.edge} ORDER BY id`
                .values()
                .cursor(BATCH, (rows) => {
                for (const [a, b, ranked] of rows)
                    sink.dependencyEdge(a, b, ranked);
            });
        }
        return next;
    });
}
