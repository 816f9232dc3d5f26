// The store interface: one implementation per backend (sqlite/, postgres/). The store is the
// source of truth: append-only facts, each remembering its document; documents keyed by digest.
import type { DocumentFacts, SkippedItem } from '../model/facts.js';
import type { NodeKind } from '../model/kinds.js';
import type { LinkFactKind, StoredRecord } from '../model/stored-facts.js';

export interface DocumentInput {
  /** sha256 of the document bytes: re-ingesting the same bytes changes nothing. */
  digest: string;
  /** File name (or "stdin") the document was read from. */
  name: string;
  facts: DocumentFacts;
  origin: string;
  collector: string;
  ingestedAt: string;
}

export interface WriteOutcome {
  status: 'stored' | 'duplicate';
  documentId: number;
}

/** Position in the store's append-only history, one per table; everything up to it has been read. */
export interface LoadCursor {
  node: number;
  document: number;
  /** Last distinct dependency edge read. */
  edge: number;
  /** Last fact read, by fact table. */
  facts: Readonly<Record<string, number>>;
}

export const EMPTY_CURSOR: LoadCursor = { node: 0, document: 0, edge: 0, facts: {} };

export interface DocumentRow {
  id: number;
  /** Defaults for facts that carry no origin/collector of their own. */
  origin: string;
  collector: string;
}

/** Receives rows in commit order while the index loads. */
export interface LoadSink {
  node(id: number, kind: NodeKind, key: string, attr: string | null): void;
  document(row: DocumentRow): void;
  /**
   * Facts other than IsDependency, in commit order within each kind (no order across kinds):
   * link() for kinds whose fields the index never reads, record() for the others.
   */
  link(kind: LinkFactKind, a: number, b: number, documentId: number): void;
  record(fact: StoredRecord): void;
  /**
   * A distinct dependency edge (a depends on b); `ranked` when some document stating it has an
   * SBOM not collected from deps.dev. The same edge may come twice, ranked and not.
   */
  dependencyEdge(a: number, b: number, ranked: boolean): void;
}

export interface StoreStats {
  documents: number;
  nodes: number;
  /** Facts other than IsDependency. */
  facts: number;
  /** Distinct dependency edges (an edge stated by documents with and without ranked SBOMs counts twice). */
  dependencyEdges: number;
}

export interface GraphStore {
  readonly backend: 'sqlite' | 'postgres';
  /** Stable identifier of this store (part of ETags). */
  readonly storeId: string;
  /** Writes one document atomically; a document already stored (same digest) changes nothing. */
  writeDocument(input: DocumentInput): Promise<WriteOutcome>;
  hasDocument(digest: string): Promise<boolean>;
  /** What ingest left out of the document, in document order; undefined when it is not stored. */
  documentSkips(digest: string): Promise<SkippedItem[] | undefined>;
  /** Streams rows committed after `since` into the sink and returns the new cursor. */
  load(since: LoadCursor, sink: LoadSink): Promise<LoadCursor>;
  /** Cheap check whether anything may have been committed since the last call. */
  hasChangedSince(cursor: LoadCursor): Promise<boolean>;
  ping(): Promise<void>;
  stats(): Promise<StoreStats>;
  close(): Promise<void>;
}
