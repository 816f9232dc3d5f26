// The advisory facts of some documents, read again (docs/adr/0017): what the index wakes an
// advisory it let sleep from, once a package it may affect arrives. Rows are selected and
// decoded as a load reads them (load-rows.ts).
import { FactKind } from '../model/kinds.js';
import type { StoredRecord } from '../model/stored-facts.js';
import { deliverRow, loadColumns } from './load-rows.js';
import { SqlParams, type Dialect, type SqlStatement } from './schema/dialect.js';
import { factTable } from './schema/tables.js';

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

/** The rows decoded into records, as a load would deliver them. */
export function advisoryRecordsOf(rows: readonly (readonly unknown[])[]): StoredRecord[] {
  const out: StoredRecord[] = [];
  const sink = {
    record: (r: StoredRecord) => out.push(r),
    link: () => undefined,
    node: () => undefined,
    document: () => undefined,
    dependencyEdge: () => undefined,
  };
  for (const row of rows) deliverRow(sink, ADVISORIES, row);
  return out;
}
