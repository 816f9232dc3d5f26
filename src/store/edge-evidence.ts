// Which stored document states a graph edge, for /v0/path: the earliest stored one (smallest
// document id). Links are found by their ends through the (a, b) indexes of their tables;
// dependency edges through the first-document pointer of dependency_edges, or, where it is gone
// (edges stored before schema 6, or whose first document was deleted), by searching the
// documents' packed (a, b, evidence) triples in id order.

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
}

/** The fact table of each link kind, without the dialect's prefix. */
export const LINK_TABLES: Readonly<Record<Exclude<EdgeKind, 'dependency'>, string>> = {
  sbom: 'sbom_includes',
  slsa: 'has_slsa',
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
  // Written from a Uint32Array (native byte order); a driver may hand them back unaligned.
  const words =
    triples.byteOffset % 4 === 0
      ? new Uint32Array(triples.buffer, triples.byteOffset, triples.byteLength / 4)
      : new Uint32Array(Uint8Array.from(triples).buffer);
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
