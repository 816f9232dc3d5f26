// The store interface: one implementation per backend (sqlite/, postgres/). The store is the
// source of truth: append-only facts, each remembering its document; documents keyed by digest.
import type { DocumentFacts, SkippedItem } from '../model/facts.js';
import type { NodeKind } from '../model/kinds.js';
import type { LinkFactKind, StoredRecord } from '../model/stored-facts.js';
import type { TokenScope } from '../model/tokens.js';
import type { BuildInput } from '../model/build.js';
import type { EpssScore, ExploitationSource, KevEntry } from '../model/exploitation.js';
import type { FeedSettings, FeedState, FeedSync, StoredFeed } from '../model/feed.js';
import type { Policy } from '../model/policy.js';
import type { SlsaRow } from '../model/stored-facts.js';
import type { EdgeEvidence, EdgeQuery } from './edge-evidence.js';
import type { LoadPhases } from './load-phases.js';

export type { TokenScope };
export type { EdgeEvidence, EdgeKind, EdgeQuery } from './edge-evidence.js';
export type { SlsaRow } from '../model/stored-facts.js';
export type { LoadPhases } from './load-phases.js';

export interface DocumentInput {
  /** sha256 of the document bytes: re-ingesting the same bytes changes nothing. */
  digest: string;
  /** File name (or "stdin") the document was read from. */
  name: string;
  facts: DocumentFacts;
  origin: string;
  collector: string;
  ingestedAt: string;
  /** Who sent it: the API token's name for an upload, "cli" for the command line. */
  ingestedBy?: string;
  /** What the upload says about the build an SBOM document is (model/build.ts); checked. */
  build?: BuildInput;
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
  /**
   * Documents deleted from the store so far (a counter that only grows). A load that finds it
   * moved on cannot be applied on top of what was read: the index is rebuilt from the start.
   */
  deletions: number;
}

/** What changed in the store since a cursor. */
export type StoreChange = 'none' | 'appended' | 'deleted';

/** A stored document as the document API and CLI show it. */
export interface StoredDocument {
  /** Store-internal, increasing in ingest order (keyset for paging newest first). */
  id: number;
  digest: string;
  /** File or archive entry name it was read from (the upload's name for HTTP). */
  name: string;
  format: string;
  /** What the document is about: a purl, an artifact digest, a repository or an advisory id; null when none. */
  subject: string | null;
  origin: string;
  collector: string;
  ingestedAt: string;
  /** Token name for an upload, "cli" for the command line; null for documents stored before it was recorded. */
  ingestedBy: string | null;
  counts: { packages: number; artifacts: number; dependencies: number };
  skippedCount: number;
}

export interface DocumentQuery {
  format?: string;
  subject?: string;
  /** Only documents with a smaller id (the last id of the previous page). */
  beforeId?: number;
  limit: number;
}

export interface DocumentList {
  documents: StoredDocument[];
  /** Documents matching the filters, over all pages. */
  total: number;
}

export interface TokenRecord {
  /** Unique among stored tokens. */
  name: string;
  scope: TokenScope;
  /** sha256 of the token text, hex; the token itself is never stored. */
  hash: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

export interface AuditEvent {
  at: string;
  /** Token name; null for an anonymous request or a token that matched nothing. */
  token: string | null;
  /** Client address ("cli" for the command line). */
  client: string;
  /** e.g. "document.upload", "document.delete", "auth.failure", "token.create", "token.revoke". */
  action: string;
  digest: string | null;
  /** e.g. "stored", "already-present", "rejected", "deleted", "not-found", "unauthorized", "forbidden". */
  result: string;
}

export interface StoredAuditEvent extends AuditEvent {
  id: number;
}

export interface AuditQuery {
  beforeId?: number;
  limit: number;
}

export const EMPTY_CURSOR: LoadCursor = { node: 0, document: 0, edge: 0, facts: {}, deletions: 0 };

export interface DocumentRow {
  id: number;
  /** "sha256:…" of the document as received: how answers name it. */
  digest: string;
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
  /**
   * A stored row of document `doc` that could not be read (its `part`) and is left out of the
   * load; without this method the load fails instead (docs/reliability.md).
   */
  leftOut?(doc: number, part: string, err: unknown): void;
  /**
   * The sink reads the fields a table marks on demand (advisories' affected entries) itself, when
   * it needs them: the load leaves them out (docs/adr/0018).
   */
  readonly readsOnDemand?: boolean;
}

/** Advisory records read again, and the rows that could not be read (named as a load names them). */
export interface AdvisoryRows {
  records: StoredRecord[];
  leftOut: { doc: number; part: string; err: unknown }[];
}

/** A failure of the store itself, not of the caller's input (the API answers 502). Messages carry no secrets or SQL. */
export class StoreError extends Error {}

export class TokenNameTakenError extends Error {
  constructor(readonly tokenName: string) {
    super(`a token named "${tokenName}" exists; revoke it first or choose another name`);
  }
}

export interface StoreStats {
  documents: number;
  nodes: number;
  /** Facts other than IsDependency. */
  facts: number;
  /** Distinct dependency edges (an edge stated by documents with and without ranked SBOMs counts twice). */
  dependencyEdges: number;
}

/**
 * The store is reached through narrow ports, one per concern: a consumer names the port it needs
 * (the index service the fact log, the token check the access port, a query the evidence), and
 * both stores implement them all as GraphStore. A new field of one concern edits one port.
 */

/** Identity and health of the store as a whole. */
export interface StoreHandle {
  readonly backend: 'sqlite' | 'postgres';
  /** Stable identifier of this store (part of ETags). */
  readonly storeId: string;
  ping(): Promise<void>;
  stats(): Promise<StoreStats>;
  close(): Promise<void>;
}

/** The append-only log of facts: documents written, and read back in commit order. */
export interface FactLog {
  /** Writes one document atomically; a document already stored (same digest) changes nothing. */
  writeDocument(input: DocumentInput): Promise<WriteOutcome>;
  /**
   * Runs `work`, grouping the documents it writes into few transactions (about a second of
   * writing each); every document stays all or nothing, and those written are committed when
   * `work` ends, even by an error. Optional: without it each document is its own transaction.
   */
  writeBatch?<T>(work: () => Promise<T>): Promise<T>;
  hasDocument(digest: string): Promise<boolean>;
  /** What ingest left out of the document, in document order; undefined when it is not stored. */
  documentSkips(digest: string): Promise<SkippedItem[] | undefined>;
  /**
   * Streams rows committed after `since` into the sink and returns the new cursor; when `phases`
   * is given, adds how long each part of the read took to it (ms).
   */
  load(since: LoadCursor, sink: LoadSink, phases?: LoadPhases): Promise<LoadCursor>;
  /** Cheap check whether anything was committed (or deleted) since the cursor. */
  changesSince(cursor: LoadCursor): Promise<StoreChange>;
}

/** The stored documents as records: listed, shown, deleted. */
export interface DocumentCatalogue {
  /** Newest first, filtered; `total` counts every match. */
  listDocuments(query: DocumentQuery): Promise<DocumentList>;
  getDocument(digest: string): Promise<StoredDocument | undefined>;
  /**
   * Removes the document and every fact it stated, atomically: what other documents also state
   * stays, nodes nothing refers to any more go, and the deletion counter moves on. False when no
   * document has this digest.
   */
  deleteDocument(digest: string): Promise<boolean>;
}

/** API tokens and the audit log. */
export interface AccessStore {
  /** Throws TokenNameTakenError when a token of this name exists. */
  createToken(token: TokenRecord): Promise<void>;
  listTokens(): Promise<TokenRecord[]>;
  /** The token with this hash, expired or not. */
  findToken(hash: string): Promise<TokenRecord | undefined>;
  /** Records a use (callers throttle: at most about once a minute per token). */
  touchToken(name: string, at: string): Promise<void>;
  /** False when no token has this name. */
  revokeToken(name: string): Promise<boolean>;
  appendAudit(event: AuditEvent): Promise<void>;
  /** Newest first. */
  listAudit(query: AuditQuery): Promise<{ events: StoredAuditEvent[]; total: number }>;
}

/** What the stored documents say about parts of the graph, beyond what the index holds. */
export interface GraphEvidence {
  /**
   * For each edge, the earliest stored document that states it (and, for a dependency edge, the
   * type that document gives it); undefined when no stored document does (any more).
   */
  edgeEvidence(edges: readonly EdgeQuery[]): Promise<(EdgeEvidence | undefined)[]>;
  /**
   * The stored documents (ids, ascending) with an SBOM that includes the node or is about it
   * (the documents naming a package for /v0/package/{purl}/info). `subjects`: the SBOM subjects
   * that include the node, as the index knows them; only their inclusions are looked at.
   */
  nodeDocuments(node: number, subjects: readonly number[]): Promise<number[]>;
  /**
   * The SLSA provenance rows (has_slsa, one per statement and material) whose built artifact is
   * one of `built`, the most recently stored document first; with `material`, only the rows
   * naming it as a material (for /v0/artifact/{digest}/info).
   */
  slsaRows(built: readonly number[], material?: number): Promise<SlsaRow[]>;
  /** The advisory facts the documents state, as a load delivers them (the index wakes advisories from them). */
  advisoryRecords(docs: readonly number[]): Promise<AdvisoryRows>;
}

/** A build: a stored SBOM document and what its upload said (docs/api.md, "Projects and builds"). */
export interface StoredBuild {
  /** The document's store id. */
  document: number;
  /** The document's digest ("sha256:…"). */
  digest: string;
  /** What the document is about (its SBOM subject's purl or digest). */
  subject: string | null;
  /** The SBOM subject's node id: where the build's walks start. */
  subjectNode: number;
  version: string | null;
  commit: string | null;
  branch: string | null;
  buildUrl: string | null;
  /** What orders a project's builds: the upload's builtAt, or the ingest time. */
  builtAt: string;
  ingestedAt: string;
}

export interface StoredProject {
  name: string;
  /** Builds stored. */
  builds: number;
  createdAt: string;
  labels: Readonly<Record<string, string>>;
  /** The newest build by builtAt (then by ingest order). */
  latest: StoredBuild | null;
}

export interface ProjectQuery {
  namePrefix?: string;
  /** Only these projects. */
  names?: readonly string[];
  /** Every label given (key, value) must be set on the project. */
  labels?: readonly (readonly [string, string])[];
  sort: 'name' | 'lastBuild';
  /** The last project of the previous page. */
  after?: { name: string; latestBuiltAt: string };
  limit: number;
}

export interface BuildQuery {
  /** The last build of the previous page. */
  before?: { builtAt: string; doc: number };
  limit: number;
}

/** Projects and their builds, kept by the writer with every SBOM it stores. */
export interface ProjectCatalogue {
  /** One page of projects and how many match the filters; `unassigned`: builds without a project. */
  listProjects(query: ProjectQuery): Promise<{ projects: StoredProject[]; total: number; unassigned: number }>;
  /** Every project the filters keep (no paging: what portfolio answers start from), by name. */
  latestBuilds(query: Pick<ProjectQuery, 'namePrefix' | 'labels' | 'names'>): Promise<StoredProject[]>;
  getProject(name: string): Promise<StoredProject | undefined>;
  /** A project's builds, newest first. */
  projectBuilds(name: string, query: BuildQuery): Promise<StoredBuild[]>;
  /** The build an SBOM document is, by its digest, with its project (null: unassigned); undefined when none. */
  getBuild(digest: string): Promise<{ project: string | null; build: StoredBuild } | undefined>;
  /** The newest build of a project with this version; undefined when none. */
  buildOfVersion(project: string, version: string): Promise<StoredBuild | undefined>;
  /**
   * Moves the build of the SBOM document with this digest to a project (created when new); the
   * project it leaves is recounted, and goes when it has no builds left. 'not-a-build': the
   * document is stored but has no SBOM.
   */
  moveBuild(digest: string, project: string, at: string): Promise<'moved' | 'not-found' | 'not-a-build'>;
  /** Sets (or, with null, removes) labels of a project; false when there is no such project. */
  setProjectLabels(name: string, labels: Readonly<Record<string, string | null>>): Promise<boolean>;
}

export interface StoredPolicy extends Policy {
  createdAt: string;
  updatedAt: string;
}

/** A verdict as recorded (the audit of POST /v0/verdicts). */
export interface StoredVerdict {
  /** The judged SBOM's document digest; null for one judged without being stored. */
  digest: string | null;
  project: string | null;
  at: string;
  verdict: 'pass' | 'warn' | 'fail';
  /** The violations as the answer gave them. */
  violations: unknown[];
  /** The token that asked; null without one. */
  by: string | null;
}

/** The policies builds are judged by, and the verdicts given. */
export interface PolicyStore {
  /** By name. */
  listPolicies(): Promise<StoredPolicy[]>;
  putPolicy(policy: Policy, at: string): Promise<'created' | 'updated'>;
  /** False when there is no such policy. */
  deletePolicy(name: string): Promise<boolean>;
  recordVerdict(verdict: StoredVerdict): Promise<void>;
  /** A build's verdicts, newest first. */
  listVerdicts(digest: string, limit: number): Promise<StoredVerdict[]>;
}

/** KEV entries and EPSS scores, each kind replaced as a whole (docs/api.md, "Exploitation: KEV and EPSS"). */
export interface ExploitationStore {
  /**
   * Replaces the kind's data and its source record in one transaction; 'older' (nothing written)
   * when the stored data is dated later than `source.dated`.
   */
  replaceKev(entries: readonly KevEntry[], source: ExploitationSource): Promise<'replaced' | 'older'>;
  replaceEpss(scores: readonly EpssScore[], source: ExploitationSource): Promise<'replaced' | 'older'>;
  /** What each kind holds now, by kind. */
  exploitationSources(): Promise<ExploitationSource[]>;
  kevEntries(): Promise<KevEntry[]>;
  epssScores(): Promise<EpssScore[]>;
}

/** A record an OSV archive feed has taken: its id, `modified` and the digest of its bytes. */
export interface FeedRecord {
  id: string;
  modified: string;
  digest: string;
}

/** Feeds, their syncs, and the records they took (docs/api.md, "Feeds"). */
export interface FeedStore {
  putFeed(settings: FeedSettings, at: string): Promise<'created' | 'updated'>;
  /** The feed, its syncs and records; false when there is none. */
  deleteFeed(name: string): Promise<boolean>;
  listFeeds(): Promise<StoredFeed[]>;
  /** The feed named so; undefined when there is none. */
  getFeed(name: string): Promise<StoredFeed | undefined>;
  /**
   * Leases the feed due first at `now` (or the one named, due or not) until `leaseUntil`, unless
   * another process holds a live lease on it; undefined when there is none to take.
   */
  claimFeed(now: string, owner: string, leaseUntil: string, name?: string): Promise<StoredFeed | undefined>;
  /** Records the sync, sets the state the next one starts from, and gives the lease back. */
  finishSync(sync: FeedSync, state: FeedState): Promise<void>;
  /** Newest first. */
  feedSyncs(name: string, limit: number): Promise<FeedSync[]>;
  /** The records of a feed among `ids`. */
  feedRecords(feed: string, ids: readonly string[]): Promise<FeedRecord[]>;
  /** The ids of the records it took and has not withdrawn (a withdrawn one has the digest `withdrawn`). */
  feedRecordIds(feed: string): Promise<string[]>;
  putFeedRecords(feed: string, records: readonly FeedRecord[]): Promise<void>;
}

/** Every port: what each store implements. */
export interface GraphStore
  extends StoreHandle, FactLog, DocumentCatalogue, AccessStore, GraphEvidence, ProjectCatalogue, PolicyStore {
  /** KEV and EPSS: a port reached as a member, not through the store's own methods. */
  readonly exploitation: ExploitationStore;
  /** Feeds: a port reached as a member, as `exploitation` is. */
  readonly feeds: FeedStore;
}
