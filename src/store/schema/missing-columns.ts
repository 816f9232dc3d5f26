// Columns of fields added to the schema after step 4, added to an existing store that lacks
// them (null for the facts stored before): both backends run this after their migration steps.
import { quoted, type Column } from './columns.js';
import type { Dialect } from './dialect.js';
import { EVIDENCE_COLUMNS, FACT_TABLES } from './tables.js';

/** A table and the columns its schema has. */
function typedColumns(d: Dialect): { table: string; columns: { name: string; type: string }[] }[] {
  const typed = (cs: readonly Column[]): { name: string; type: string }[] =>
    cs.map((c) => ({ name: c.name, type: d.column(c.type) }));
  return [
    ...FACT_TABLES.map((t) => ({ table: d.table(t.name), columns: typed(t.columns) })),
    { table: d.table('dependency_evidence'), columns: typed(EVIDENCE_COLUMNS) },
  ];
}

/**
 * Columns that fields added to a schema after step 4 need in an existing store: the ALTER
 * statements that add them (null for the facts stored before). `has` gives a table's columns.
 */
export function missingColumns(d: Dialect, has: (table: string) => ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const { table, columns } of typedColumns(d)) {
    const present = has(table);
    for (const c of columns) {
      if (present.has(c.name)) continue;
      // PostgreSQL: two migrators at once may both see the column missing.
      const ifAbsent = d.name === 'postgres' ? 'IF NOT EXISTS ' : '';
      out.push(`ALTER TABLE ${table} ADD COLUMN ${ifAbsent}${quoted(c.name)} ${c.type}`);
    }
  }
  return out;
}
