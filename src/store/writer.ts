// The one writer: the steps of storing a document, written once. A backend supplies the
// transaction (duplicate check, node interning with its cache, id assignment, the SQL); the
// writer encodes the document and says what goes in which table.
import type { Static } from 'typebox';
import { buildOf, type BuildRecord } from '../model/build.js';
import { documentSubject } from '../model/document-subject.js';
import type { DocumentSummaryFields } from '../model/schemas/document.js';
import { encodeDocument, packDependencies, type EncodedDocument, type FactRow, type NodeKey } from './fact-rows.js';
import { inclusionCount, packIds } from './inclusion-sets.js';
import { PairSet } from './pair-set.js';
import type { ColumnValue } from './schema/columns.js';
import type { FactTable } from './schema/tables.js';
import type { DocumentInput, WriteOutcome } from './types.js';

export type DocumentSummary = Static<typeof DocumentSummaryFields>;

/** The documents row. */
export interface DocumentRecord {
  digest: string;
  name: string;
  format: string;
  origin: string;
  collector: string;
  ingestedAt: string;
  /** What the document is about (model/document-subject.ts). */
  subject: string | null;
  ingestedBy: string | null;
  frequencyEligible: boolean;
  /** JSON of the skipped items. */
  skipped: string;
  summary: DocumentSummary;
}

/** What a backend does inside its write transaction, in this order; each call may be queued until commit. */
export interface WriteTransaction {
  /** Returns the new document's id. */
  insertDocument(document: DocumentRecord): number;
  /** The rows' a and b index into `ids` (b -1: none); their values follow the table's columns. */
  insertFacts(table: FactTable, documentId: number, rows: readonly FactRow[], ids: readonly number[]): void;
  insertDependencies(documentId: number, triples: Buffer, evidence: ColumnValue[][]): void;
  /** The document's inclusion set: packed subject and member ids, and how many pairs they stand for. */
  insertInclusions(documentId: number, subjects: Buffer, members: Buffer, pairs: number): void;
  /**
   * Dependency edges not known to be stored; already stored ones must be ignored. `idx`: the
   * position of each edge's evidence in document `documentId` (the first document stating it).
   */
  insertEdges(a: number[], b: number[], ranked: boolean, documentId: number, idx: number[]): void;
  /** The build an SBOM document is (../project-rows.ts recordBuildSql); `subject`: its SBOM subject's node id. */
  insertBuild(documentId: number, subject: number, build: BuildRecord, at: string): void;
}

export interface WriteBackend {
  /**
   * Set by the writer; the backend calls it inside a write transaction that finds documents
   * deleted since its previous write: what the writer remembers as committed may be gone.
   */
  onDeletion?: () => void;
  /**
   * Runs `body` in one transaction with the committed ids of `nodes` (interning the new ones),
   * unless a document with this digest is stored.
   */
  transact(
    digest: string,
    nodes: readonly NodeKey[],
    body: (tx: WriteTransaction, ids: readonly number[]) => number,
  ): Promise<WriteOutcome>;
  /**
   * Runs `work` with its transact calls grouped into few transactions (each document still all
   * or nothing); what was written is committed when `work` ends. Optional.
   */
  batch?<T>(work: () => Promise<T>): Promise<T>;
}

export class DocumentWriter {
  /** Dependency edges known to be committed, ranked and not: most restated edges skip the insert. */
  private knownEdges = { ranked: new PairSet(), unranked: new PairSet() };

  constructor(private readonly backend: WriteBackend) {
    backend.onDeletion = () => {
      this.knownEdges = { ranked: new PairSet(), unranked: new PairSet() };
    };
  }

  /** See WriteBackend.batch; without backend support, `work` runs as it is. */
  batch<T>(work: () => Promise<T>): Promise<T> {
    return this.backend.batch ? this.backend.batch(work) : work();
  }

  async write(input: DocumentInput): Promise<WriteOutcome> {
    const { facts } = input;
    const encoded = encodeDocument(facts, input.origin, input.collector);
    const ranked = encoded.frequencyEligible;
    let known = new PairSet(1);
    // Edges not known to be stored: inserted (conflicts ignored), remembered once committed.
    let newA: number[] = [];
    let newB: number[] = [];
    const outcome = await this.backend.transact(input.digest, encoded.nodes, (tx, ids) => {
      // Taken here, after the backend has had its say about deletions.
      known = ranked ? this.knownEdges.ranked : this.knownEdges.unranked;
      const documentId = tx.insertDocument({
        digest: input.digest,
        name: input.name,
        format: facts.format,
        origin: input.origin,
        collector: input.collector,
        ingestedAt: input.ingestedAt,
        subject: documentSubject(facts),
        ingestedBy: input.ingestedBy ?? null,
        frequencyEligible: ranked,
        skipped: JSON.stringify(facts.skipped),
        summary: {
          packageCount: facts.packages.length,
          artifactCount: facts.artifacts.length,
          dependencyCount: facts.dependencies.length,
          skipCount: facts.skipped.length,
        },
      });
      for (const [table, rows] of encoded.facts) tx.insertFacts(table, documentId, rows, ids);
      if (encoded.inclusions) {
        insertInclusions(tx, documentId, encoded.inclusions, ids);
        const build = buildOf(facts, input.build ?? {}, input.ingestedAt);
        if (build) tx.insertBuild(documentId, ids[encoded.inclusions.subjects[0]], build, input.ingestedAt);
      }
      if (encoded.dependencies.length) {
        tx.insertDependencies(documentId, packDependencies(encoded.dependencies, ids), encoded.evidence);
        const a: number[] = [];
        const b: number[] = [];
        const idx: number[] = [];
        const seen = new PairSet(encoded.dependencies.length);
        for (const d of encoded.dependencies) {
          const x = ids[d.a];
          const y = ids[d.b];
          if (known.has(x, y) || !seen.add(x, y)) continue;
          a.push(x);
          b.push(y);
          idx.push(d.evidence);
        }
        if (a.length) tx.insertEdges(a, b, ranked, documentId, idx);
        [newA, newB] = [a, b];
      }
      return documentId;
    });
    // Only committed edges are safe to remember.
    if (outcome.status === 'stored') for (let i = 0; i < newA.length; i++) known.add(newA[i], newB[i]);
    return outcome;
  }
}

/** The set as node ids; none when no subject includes anything (an SBOM of itself alone). */
function insertInclusions(
  tx: WriteTransaction,
  documentId: number,
  inclusions: NonNullable<EncodedDocument['inclusions']>,
  ids: readonly number[],
): void {
  const subjects = inclusions.subjects.map((i) => ids[i]);
  const members = inclusions.members.map((i) => ids[i]);
  const pairs = inclusionCount(subjects, members);
  if (pairs > 0) tx.insertInclusions(documentId, packIds(subjects), packIds(members), pairs);
}
