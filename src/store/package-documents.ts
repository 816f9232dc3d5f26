// Which stored documents name a node, for /v0/package/{purl}/info: the SBOMs that include it
// (sbom_includes by its included end, indexed by migration step 7) and those whose subject it is
// (has_sbom, one row per SBOM). Both backends run this one statement; only the table names and
// the placeholders differ.
import type { Dialect } from './schema/dialect.js';

/** Distinct document ids, ascending; binds the node id twice (`?` for SQLite, `$1` for PostgreSQL). */
export function nodeDocumentsSql(d: Dialect): string {
  const [first, second] = d.name === 'postgres' ? ['$1', '$1'] : ['?', '?'];
  return `SELECT doc FROM ${d.table('sbom_includes')} WHERE b = ${first}
    UNION SELECT doc FROM ${d.table('has_sbom')} WHERE a = ${second} ORDER BY doc`;
}
