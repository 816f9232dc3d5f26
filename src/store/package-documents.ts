// Which stored documents name a node, for /v0/package/{purl}/info and /v0/artifact/{digest}/info:
// the SBOMs that include it and those whose subject it is (has_sbom, one row per SBOM). The
// caller names the SBOM subjects that include the node (the index knows them); their documents
// come from has_sbom's index on the subject, and the inclusion sets of those documents settle
// which of them include the node (../inclusion-sets.ts). Both backends run these statements;
// only the table names and the parameters differ.
import { documentsIncluding, type InclusionReader } from './inclusion-sets.js';
import type { Dialect } from './schema/dialect.js';

/** A list of ids as one parameter: SQLite a JSON array text, PostgreSQL a bigint array. */
function idList(d: Dialect, n: number): string {
  return d.name === 'postgres' ? `SELECT unnest($${n}::bigint[])` : 'SELECT value FROM json_each(?)';
}

/** (subject, document) of the SBOMs about the subjects, by document. Parameter: the subjects. */
export function sbomDocumentsSql(d: Dialect): string {
  return `SELECT a, doc FROM ${d.table('has_sbom')} WHERE a IN (${idList(d, 1)}) ORDER BY doc`;
}

/** (document, members) of these documents' inclusion sets. Parameter: the documents. */
export function memberSetsSql(d: Dialect): string {
  return `SELECT doc, members FROM ${d.table('inclusion_sets')} WHERE doc IN (${idList(d, 1)})`;
}

/** The documents with an SBOM whose subject the node is. Parameter: the node. */
export function subjectDocumentsSql(d: Dialect): string {
  return `SELECT doc FROM ${d.table('has_sbom')} WHERE a = ${d.name === 'postgres' ? '$1' : '?'}`;
}

/** What nodeDocumentsOf reads: the inclusion look-ups, and the SBOM documents about a node. */
export interface NodeDocumentsReader extends InclusionReader {
  subjectDocuments(node: number): Promise<number[]>;
}

/** Distinct document ids, ascending: those including the node, and those about it. */
export async function nodeDocumentsOf(
  reader: NodeDocumentsReader,
  node: number,
  subjects: readonly number[],
): Promise<number[]> {
  const including = await documentsIncluding(reader, node, subjects);
  const about = await reader.subjectDocuments(node);
  return [...new Set([...including, ...about])].sort((x, y) => x - y);
}
