// Which stored document states a graph edge, for /v0/path: the earliest stored one (smallest
// document id). Links are found by their ends through the (a, b) indexes of their tables;
// dependency edges through the first-document pointer of dependency_edges, or, where it is gone
// (edges stored before schema 6, or whose first document was deleted), by searching the
// documents' packed (a, b, evidence) triples in id order. An SLSA material edge also says whether
// the provenance stating it was signed, and by whom.
import { wordsOf } from './inclusion-sets.js';
import type { Dialect } from './schema/dialect.js';

/** The kinds of edge the walks follow, as /v0/path names them. */
export type EdgeKind = 'dependency' | 'sbom' | 'slsa' | 'occurrence' | 'hash-equal';

/** An edge as a walk takes it: from `a` to `b`. */
export interface EdgeQuery {
  kind: EdgeKind;
  a: number;
  b: number;
}

export interface EdgeEvidence {
  /** Digest of the earliest stored document stating the edge. */
  document: string;
  /** For a dependency edge: the type that document gives it. */
  dependencyType?: string;
  /** For an SLSA edge: the signature of that provenance as judged at ingest. */
  signature?: 'verified' | 'unverified' | 'unsigned';
  /** For an SLSA edge with a verified signature: the key fingerprint or certificate identity. */
  signedBy?: string;
}

/**
 * The provenance stating an SLSA material edge (built artifact a, material b): a verified one
 * first, then the earliest stored, so an edge some trusted signer vouches for says so.
 * Parameters: a, b. Through the (a, b) index of has_slsa; an edge has few statements.
 */
export function slsaEvidenceSql(d: Dialect): string {
  const [a, b] = d.name === 'postgres' ? ['$1', '$2'] : ['?', '?'];
  return `SELECT d.digest, s."signature" AS signature, s."signed_by" AS "signedBy"
    FROM ${d.table('has_slsa')} s JOIN ${d.table('documents')} d ON d.id = s.doc
    WHERE s.a = ${a} AND s.b = ${b}
    ORDER BY CASE WHEN s."signature" = 'verified' THEN 0 ELSE 1 END, s.doc LIMIT 1`;
}

/** The evidence of an SLSA edge from the row slsaEvidenceSql returns. */
export function slsaEvidenceOf(row: { digest: string; signature: unknown; signedBy: unknown }): EdgeEvidence {
  const evidence: EdgeEvidence = { document: row.digest };
  const { signature, signedBy } = row;
  if (signature === 'verified' || signature === 'unverified' || signature === 'unsigned')
    evidence.signature = signature;
  if (typeof signedBy === 'string') evidence.signedBy = signedBy;
  return evidence;
}

/**
 * The fact table of each plain link kind, without the dialect's prefix (SLSA: slsaEvidenceSql;
 * SBOM inclusions: the sets, ./inclusion-sets.ts).
 */
export const LINK_TABLES: Readonly<Record<Exclude<EdgeKind, 'dependency' | 'slsa' | 'sbom'>, string>> = {
  // Stored artifact → package, walked either way (linkKeys).
  occurrence: 'is_occurrence',
  'hash-equal': 'hash_equal',
};

/** The (a, b) pairs to look a link up by: both orders for the symmetric kinds. */
export function linkKeys(edge: EdgeQuery): [number, number, number, number] {
  const both = edge.kind === 'occurrence' || edge.kind === 'hash-equal';
  return both ? [edge.a, edge.b, edge.b, edge.a] : [edge.a, edge.b, edge.a, edge.b];
}

/** The evidence position of the first (a, b) among a document's packed triples, or -1. */
export function packedEvidenceIndex(triples: Uint8Array, a: number, b: number): number {
  const words = wordsOf(triples);
  for (let i = 0; i + 2 < words.length; i += 3) if (words[i] === a && words[i + 1] === b) return words[i + 2];
  return -1;
}

/** The pointer rows of a dependency edge (one per rankedness): usable when every row has one. */
export function firstStatement(
  rows: readonly { doc: number | null; idx: number | null }[],
): { doc: number; idx: number } | undefined {
  let best: { doc: number; idx: number } | undefined;
  for (const r of rows) {
    if (r.doc === null || r.idx === null) return undefined;
    if (!best || r.doc < best.doc) best = { doc: Number(r.doc), idx: Number(r.idx) };
  }
  return best;
}
