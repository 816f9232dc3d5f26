// Typed table rows → LoadSink, for both backends: link kinds as (a, b, doc), record kinds with
// their fields decoded column by column (JSON only in the columns of array and object fields).
import { FactKind } from '../model/kinds.js';
import type { StoredRecord } from '../model/stored-facts.js';
import { forEachInclusion, type InclusionSet } from './inclusion-sets.js';
import { quoted, type Column } from './schema/columns.js';
import type { FactTable } from './schema/tables.js';
import type { LoadSink } from './types.js';

/** The field columns a load reads: all, or (`lean`) all but the table's on-demand ones. */
function loadedColumns(table: FactTable, lean = false): readonly Column[] {
  if (table.link) return [];
  const skipped = lean ? (table.onDemand ?? []) : [];
  return table.columns.filter((c) => !skipped.includes(c.field));
}

/** The select list of a fact table's load: (id, doc, a, b) and, for record kinds, the field columns. */
export function loadColumns(table: FactTable): string {
  return selectList(loadedColumns(table));
}

function selectList(columns: readonly Column[]): string {
  return ['id', 'doc', 'a', 'b', ...columns.map((c) => quoted(c.name))].join(', ');
}

/** What a load of the table into `sink` selects, and the field columns deliverRow decodes. */
export function loadShape(table: FactTable, sink: LoadSink): { select: string; columns: readonly Column[] } {
  const columns = loadedColumns(table, sink.readsOnDemand === true);
  return { select: selectList(columns), columns };
}

/**
 * Hands one row selected with loadColumns to the sink. The values were written by the writer
 * from typed facts, so they are trusted as the record's fields: null columns are absent fields.
 */
export function deliverRow(
  sink: LoadSink,
  table: FactTable,
  row: readonly unknown[],
  columns: readonly Column[] = table.columns,
): void {
  const doc = row[1] as number;
  const a = row[2] as number;
  const b = (row[3] as number | null) ?? 0;
  if (table.link) {
    sink.link(table.kind as Parameters<LoadSink['link']>[0], a, b, doc);
    return;
  }
  let record: StoredRecord;
  try {
    record = decodeRecord(table, row, columns);
  } catch (err) {
    // A row no writer of ours wrote (edited by hand, damaged): left out, not fatal, when the sink can say so.
    if (!sink.leftOut) throw err;
    sink.leftOut(doc, `a row of ${table.name}`, err);
    return;
  }
  sink.record(record);
}

/** A record kind's row (selected with loadColumns, `columns` its field columns) as a record; throws on a damaged row. */
export function decodeRecord(table: FactTable, row: readonly unknown[], columns: readonly Column[]): StoredRecord {
  const fields = decodeFields(columns, row);
  return {
    kind: table.kind,
    a: row[2] as number,
    b: (row[3] as number | null) ?? 0,
    doc: row[1] as number,
    fields,
  } as StoredRecord;
}

/** The cursor key of inclusion_sets: the last document whose set was read. */
export const INCLUSION_SETS = 'inclusion_sets';

/** The select list of an inclusion set's load, as deliverInclusions reads it. */
export const INCLUSION_COLUMNS = 'doc, subjects, members';

/** Hands the SBOM inclusions one stored set stands for to the sink, as links. */
export function deliverInclusions(sink: LoadSink, row: readonly unknown[]): void {
  const set: InclusionSet = { doc: row[0] as number, subjects: row[1] as Uint8Array, members: row[2] as Uint8Array };
  const doc = Number(set.doc);
  forEachInclusion(set, (subject, member) => sink.link(FactKind.SbomIncludes, subject, member, doc));
}

/** The record's fields from its columns (row[4] on). */
function decodeFields(columns: readonly Column[], row: readonly unknown[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) {
    const value = row[i + 4];
    if (value === null || value === undefined) continue;
    const { field, type } = columns[i];
    // SQLite gives JSON as text and booleans as 0/1; PostgreSQL parses json and has booleans.
    if (type === 'json') fields[field] = typeof value === 'string' ? JSON.parse(value) : value;
    else if (type === 'boolean') fields[field] = value === true || value === 1;
    else fields[field] = value;
  }
  return fields;
}
