// The embedded store's load: every row committed after a cursor, read on the load connection in
// one read transaction (a consistent snapshot while another process writes), yielding to the
// event loop every few milliseconds (slices.ts).
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { NodeKind } from '../../model/kinds.js';
import { deliverInclusions, deliverRow, INCLUSION_COLUMNS, INCLUSION_SETS, loadShape } from '../load-rows.js';
import { PhaseClock, type LoadPhases } from '../load-phases.js';
import { FACT_TABLES } from '../schema/tables.js';
import type { LoadCursor, LoadSink } from '../types.js';
import { Slices } from './slices.js';

// Where a load from the start ends at least: ids up to the highest deleted are never reused.
const HIGH_SQL = `SELECT coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'document_high'), 0)
  AS document, (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'deletions') AS deletions`;

/** Delivers to `sink` what was committed after `since`; the cursor of what it delivered. */
export async function loadInSlices(
  db: SqliteDatabase,
  since: LoadCursor,
  sink: LoadSink,
  phases?: LoadPhases,
): Promise<LoadCursor> {
  const next = { ...since };
  const clock = new PhaseClock(phases);
  const slices = new Slices();
  db.prepare('BEGIN').run();
  try {
    const nodes = db.prepare('SELECT id, kind, key, attr FROM nodes WHERE id > ? ORDER BY id').raw();
    for (const [id, kind, key, attr] of nodes.iterate(since.node) as Iterable<
      [number, NodeKind, string, string | null]
    >) {
      sink.node(id, kind, key, attr);
      next.node = id;
      if (slices.due()) await slices.yield();
    }
    clock.lap('nodes');
    const docs = db.prepare('SELECT id, digest, origin, collector FROM documents WHERE id > ? ORDER BY id').raw();
    for (const [id, digest, origin, collector] of docs.iterate(since.document) as Iterable<
      [number, string, string, string]
    >) {
      sink.document({ id, digest, origin, collector });
      next.document = id;
      if (slices.due()) await slices.yield();
    }
    clock.lap('documents');
    const facts: Record<string, number> = { ...since.facts };
    for (const table of FACT_TABLES) {
      const { select, columns } = loadShape(table, sink);
      const rows = db.prepare(`SELECT ${select} FROM ${table.name} WHERE id > ? ORDER BY id`).raw();
      for (const row of rows.iterate(since.facts[table.name] ?? 0) as Iterable<unknown[]>) {
        deliverRow(sink, table, row, columns);
        facts[table.name] = row[0] as number;
        if (slices.due()) await slices.yield();
      }
      clock.lap(table.name);
    }
    const sets = db.prepare(`SELECT ${INCLUSION_COLUMNS} FROM inclusion_sets WHERE doc > ? ORDER BY doc`).raw();
    for (const row of sets.iterate(since.facts[INCLUSION_SETS] ?? 0) as Iterable<unknown[]>) {
      deliverInclusions(sink, row);
      facts[INCLUSION_SETS] = row[0] as number;
      if (slices.due()) await slices.yield();
    }
    clock.lap(INCLUSION_SETS);
    next.facts = facts;
    const high = db.prepare(HIGH_SQL).get() as { document: number; deletions: number };
    next.document = Math.max(next.document, high.document);
    next.deletions = high.deletions;
    const edges = db.prepare('SELECT id, a, b, ranked FROM dependency_edges WHERE id > ? ORDER BY id').raw();
    for (const [id, a, b, ranked] of edges.iterate(since.edge) as Iterable<[number, number, number, number]>) {
      sink.dependencyEdge(a, b, ranked === 1);
      next.edge = id;
      if (slices.due()) await slices.yield();
    }
    clock.lap('dependency_edges');
  } finally {
    db.prepare('COMMIT').run();
  }
  return next;
}
