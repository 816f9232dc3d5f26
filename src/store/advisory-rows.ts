// The advisory facts of some documents, read again (docs/adr/0017): what the index wakes an
// advisory it let sleep from, once a package it may affect arrives. Rows are selected and
// decoded as a load reads them (load-rows.ts).
import { FactKind } from '../model/kinds.js';
import { decodeRecord, loadColumns } from './load-rows.js';
import { SqlParams, type Dialect, type SqlStatement } from './schema/dialect.js';
import { factTable } from './schema/tables.js';
import type { AdvisoryRows } from './types.js';

const ADVISORIES = factTable(FactKind.Advisory);

/** Documents per statement (well under either dialect's parameter limit). */
export const DOCS_PER_STATEMENT = 1000;

export function advisoryRowsSql(d: Dialect, docs: readonly number[]): SqlStatement {
  const p = new SqlParams(d);
  const list = docs.map((doc) => p.bind(doc)).join(', ');
  return p.statement(
    `SELECT ${loadColumns(ADVISORIES)} FROM ${d.table(ADVISORIES.name)} WHERE doc IN (${list}) ORDER BY id`,
  );
}

/** The rows decoded into records, as a load would deliver them; a damaged row is left out and named. */
export function advisoryRecordsOf(rows: readonly (readonly unknown[])[]): AdvisoryRows {
  const out: AdvisoryRows = { records: [], leftOut: [] };
  for (const row of rows) {
    try {
      out.records.push(decodeRecord(ADVISORIES, row, ADVISORIES.columns));
    } catch (err) {
      out.leftOut.push({ doc: row[1] as number, part: `a row of ${ADVISORIES.name}`, err });
    }
  }
  return out;
}
