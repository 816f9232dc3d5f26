// Migration step 16: each stored advisory's (ecosystem, name) pairs in a column of their own, so a
// load can leave the affected entries out and still know which packages an advisory may meet
// (docs/adr/0018). The writer fills the column for advisories stored since (../fact-rows.ts).
import type { Dialect } from './dialect.js';

export /** Step 16: each advisory's distinct (ecosystem, name) pairs, from its affected entries. */
function advisoryNames(d: Dialect): string[] {
  const t = d.table('advisory');
  const pairs =
    d.name === 'postgres'
      ? `SELECT COALESCE(json_agg(json_build_array(e, n)), '[]'::json) FROM (SELECT DISTINCT x ->> 'ecosystem' AS e,
         x ->> 'name' AS n FROM json_array_elements(${t}.affected) AS x) AS pairs`
      : `SELECT json_group_array(json_array(e, n)) FROM (SELECT DISTINCT json_extract(value, '$.ecosystem') AS e,
         json_extract(value, '$.name') AS n FROM json_each(${t}.affected)) AS pairs`;
  // PostgreSQL: two migrators at once may both add it.
  const ifAbsent = d.name === 'postgres' ? 'IF NOT EXISTS ' : '';
  return [`ALTER TABLE ${t} ADD COLUMN ${ifAbsent}"names" ${d.column('json')}`, `UPDATE ${t} SET "names" = (${pairs})`];
}
