// Streams what was committed after a cursor into a LoadSink, from one REPEATABLE READ snapshot.
// Because writers take their ids under the sg_log row lock, a snapshot that holds id N holds
// every smaller id too: reading "id > cursor" never misses a row committed later.
import type { FactKind, NodeKind } from '../../model/kinds.js';
import { LINK_FACT_KINDS } from '../../model/stored-facts.js';
import { deliverFact } from '../fact-rows.js';
import type { LoadCursor, LoadSink } from '../types.js';
import type { Sql } from './connection.js';

/** Rows fetched per round trip while streaming. */
const BATCH = 20_000;

type Row = unknown[];

export async function loadSince(sql: Sql, since: LoadCursor, sink: LoadSink): Promise<LoadCursor> {
  return sql.begin<LoadCursor>('ISOLATION LEVEL REPEATABLE READ READ ONLY', async (tx) => {
    // A first load of a big store streams for a while; the per-statement budget is for
    // ordinary statements, not for this.
    await tx`SET LOCAL statement_timeout = 0`;
    const [log] = await tx<{ last_node: number; last_fact: number; last_document: number; last_edge: number }[]>`
      SELECT last_node, last_fact, last_document, last_edge FROM sg_log WHERE id = 1`;
    const next: LoadCursor = {
      node: log.last_node,
      fact: log.last_fact,
      document: log.last_document,
      edge: log.last_edge,
    };

    if (next.node > since.node) {
      await tx`SELECT id, kind, key, attr FROM sg_nodes WHERE id > ${since.node} AND id <= ${next.node} ORDER BY id`
        .values()
        .cursor(BATCH, (rows: Row[]) => {
          for (const [id, kind, key, attr] of rows as [number, NodeKind, string, string | null][])
            sink.node(id, kind, key, attr);
        });
    }
    if (next.document > since.document) {
      await tx`SELECT id, origin, collector FROM sg_documents
        WHERE id > ${since.document} AND id <= ${next.document} ORDER BY id`
        .values()
        .cursor(BATCH, (rows: Row[]) => {
          for (const [id, origin, collector] of rows as [number, string, string][]) {
            sink.document({ id, origin, collector });
          }
        });
    }
    if (next.fact > since.fact) {
      // The index never reads the data of some kinds: do not ship it.
      await tx`SELECT id, doc, kind, a, b, CASE WHEN kind IN ${tx(LINK_FACT_KINDS as readonly number[] as number[])} THEN NULL ELSE data END
        FROM sg_facts WHERE id > ${since.fact} AND id <= ${next.fact} ORDER BY id`
        .values()
        .cursor(BATCH, (rows: Row[]) => {
          for (const [, doc, kind, a, b, data] of rows as [
            number,
            number,
            FactKind,
            number,
            number | null,
            string | null,
          ][]) {
            deliverFact(sink, kind, a, b ?? 0, doc, data);
          }
        });
    }
    if (next.edge > since.edge) {
      await tx`SELECT a, b, ranked FROM sg_dependency_edges WHERE id > ${since.edge} AND id <= ${next.edge} ORDER BY id`
        .values()
        .cursor(BATCH, (rows: Row[]) => {
          for (const [a, b, ranked] of rows as [number, number, boolean][]) sink.dependencyEdge(a, b, ranked);
        });
    }
    return next;
  });
}
