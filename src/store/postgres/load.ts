// Streams what was committed after a cursor into a LoadSink, from one REPEATABLE READ snapshot.
// Because writers take their ids under the sg_log row lock, a snapshot that holds id N holds
// every smaller id too: reading "id > cursor" never misses a row committed later.
import type { NodeKind } from '../../model/kinds.js';
import { deliverInclusions, deliverRow, INCLUSION_COLUMNS, INCLUSION_SETS, loadShape } from '../load-rows.js';
import { PhaseClock, type LoadPhases } from '../load-phases.js';
import { FACT_TABLES } from '../schema/tables.js';
import type { LoadCursor, LoadSink } from '../types.js';
import type { Db } from './connection.js';
import { sql, statement, type Session } from './driver.js';
import { inReadSnapshot } from './transaction.js';

/** Rows fetched per round trip while streaming (through a cursor: memory stays bounded by it). */
const BATCH = 20_000;

export async function loadSince(db: Db, since: LoadCursor, sink: LoadSink, phases?: LoadPhases): Promise<LoadCursor> {
  return inReadSnapshot<LoadCursor>(db, async (tx) => {
    const clock = new PhaseClock(phases);
    // A first load of a big store streams for a while; the per-statement budget is for
    // ordinary statements, not for this.
    await tx.run(sql`SET LOCAL statement_timeout = 0`);
    const [log] = await tx.rows<{
      last_node: number;
      last_fact: number;
      last_document: number;
      last_edge: number;
      deletions: number;
    }>(sql`SELECT last_node, last_fact, last_document, last_edge, deletions FROM sg_log WHERE id = 1`);
    // Fact ids are dense across the fact tables (one counter): every table is read up to last_fact.
    const facts: Record<string, number> = {};
    for (const table of FACT_TABLES) facts[table.name] = log.last_fact;
    // Inclusion sets are keyed by their document, whose ids are dense in commit order too.
    facts[INCLUSION_SETS] = log.last_document;
    const next: LoadCursor = {
      node: log.last_node,
      document: log.last_document,
      edge: log.last_edge,
      facts,
      deletions: log.deletions,
    };

    if (next.node > since.node) {
      await tx.cursor<[number, NodeKind, string, string | null]>(
        sql`SELECT id, kind, key, attr FROM sg_nodes WHERE id > ${since.node} AND id <= ${next.node} ORDER BY id`,
        BATCH,
        (rows) => {
          for (const [id, kind, key, attr] of rows) sink.node(id, kind, key, attr);
        },
      );
    }
    clock.lap('nodes');
    if (next.document > since.document) {
      await tx.cursor<[number, string, string, string]>(
        sql`SELECT id, digest, origin, collector FROM sg_documents
          WHERE id > ${since.document} AND id <= ${next.document} ORDER BY id`,
        BATCH,
        (rows) => {
          for (const [id, digest, origin, collector] of rows) sink.document({ id, digest, origin, collector });
        },
      );
    }
    clock.lap('documents');
    for (const table of FACT_TABLES) {
      const from = since.facts[table.name] ?? 0;
      if (log.last_fact <= from) continue;
      const { select, columns } = loadShape(table, sink);
      await tx.cursor(
        statement(`SELECT ${select} FROM sg_${table.name} WHERE id > $1 AND id <= $2 ORDER BY id`, [
          from,
          log.last_fact,
        ]),
        BATCH,
        (rows) => {
          for (const row of rows) deliverRow(sink, table, row, columns);
        },
      );
      clock.lap(table.name);
    }
    await loadInclusionSets(tx, since.facts[INCLUSION_SETS] ?? 0, log.last_document, sink);
    clock.lap(INCLUSION_SETS);
    if (next.edge > since.edge) {
      await tx.cursor<[number, number, boolean]>(
        sql`SELECT a, b, ranked FROM sg_dependency_edges WHERE id > ${since.edge} AND id <= ${next.edge} ORDER BY id`,
        BATCH,
        (rows) => {
          for (const [a, b, ranked] of rows) sink.dependencyEdge(a, b, ranked);
        },
      );
    }
    clock.lap('dependency_edges');
    return next;
  });
}

/** The inclusion sets of documents (from, to]: each set is about a thousand inclusions, so fewer rows per round trip. */
async function loadInclusionSets(tx: Session, from: number, to: number, sink: LoadSink): Promise<void> {
  if (to <= from) return;
  await tx.cursor(
    statement(`SELECT ${INCLUSION_COLUMNS} FROM sg_inclusion_sets WHERE doc > $1 AND doc <= $2 ORDER BY doc`, [
      from,
      to,
    ]),
    BATCH / 100,
    (rows) => {
      for (const row of rows) deliverInclusions(sink, row);
    },
  );
}
