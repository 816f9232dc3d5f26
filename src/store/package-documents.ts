// Which stored documents name a node, for /v0/package/{purl}/info: the SBOMs that include it and
// those whose subject it is (has_sbom, one row per SBOM). The caller names the SBOM subjects that
// include the node (the index knows them), so each inclusion is found through the (a, b) index of
// migration step 6: an index by the included end alone would slow every SBOM's ingest by a third.
// Both backends run this one statement; only the table names and the parameters differ.
import type { Dialect } from './schema/dialect.js';

/**
 * Distinct document ids, ascending. Parameters: the subjects (SQLite: a JSON array text;
 * PostgreSQL: a bigint array), then the node id.
 */
export function nodeDocumentsSql(d: Dialect): string {
  const [subjects, node] =
    d.name === 'postgres' ? ['SELECT unnest($1::bigint[])', '$2'] : ['SELECT value FROM json_each(?)', '?'];
  return `SELECT doc FROM ${d.table('sbom_includes')} WHERE a IN (${subjects}) AND b = ${node}
    UNION SELECT doc FROM ${d.table('has_sbom')} WHERE a = ${d.name === 'postgres' ? '$2' : '?'} ORDER BY doc`;
}
