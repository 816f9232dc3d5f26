// What deleting a document removes besides its own rows, worked out the same way on both
// backends: the dependency edges no other document of the same rankedness states any more
// (the per-document packed triples are the evidence: fact-rows.ts packDependencies), and the
// nodes that nothing refers to any more (candidates: the nodes the document's rows named).

import { wordsOf } from './inclusion-sets.js';
import { PairSet } from './pair-set.js';

/** Calls `edge` for every (a, b, evidence position) of a document's packed (a, b, evidence) triples. */
export function forEachPackedEdge(triples: Uint8Array, edge: (a: number, b: number, idx: number) => void): void {
  const words = wordsOf(triples);
  for (let i = 0; i + 2 < words.length; i += 3) edge(words[i], words[i + 1], words[i + 2]);
}

export class DeletePlan {
  /** Nodes the deleted rows named: deleted unless something else still refers to them. */
  private readonly candidates = new Set<number>();
  private readonly ownEdges = new PairSet();
  private readonly ownA: number[] = [];
  private readonly ownB: number[] = [];
  private readonly stillStated = new PairSet();
  /** Per own edge (by its position in ownA/ownB): the earliest other document stating it, and where. */
  private readonly ownIndex = new Map<string, number>();
  private readonly firstDoc: number[] = [];
  private readonly firstIdx: number[] = [];

  /** A deleted fact row's endpoints (b null: none). */
  named(a: number, b: number | null): void {
    this.candidates.add(a);
    if (b !== null) this.candidates.add(b);
  }

  /** The deleted document's dependency triples. */
  ownDependencies(triples: Uint8Array): void {
    forEachPackedEdge(triples, (a, b) => {
      this.named(a, b);
      if (this.ownEdges.add(a, b)) {
        this.ownIndex.set(`${a},${b}`, this.ownA.length);
        this.ownA.push(a);
        this.ownB.push(b);
      }
    });
  }

  /** The deleted document's inclusion set (packed subject and member ids). */
  ownInclusions(subjects: Uint8Array, members: Uint8Array): void {
    for (const id of wordsOf(subjects)) this.candidates.add(id);
    for (const id of wordsOf(members)) this.candidates.add(id);
  }

  /** Another document's inclusion set: the nodes it names stay. */
  otherInclusions(subjects: Uint8Array, members: Uint8Array): void {
    for (const id of wordsOf(subjects)) this.candidates.delete(id);
    for (const id of wordsOf(members)) this.candidates.delete(id);
  }

  /** Some named node is not yet known to be referenced elsewhere. */
  get hasCandidates(): boolean {
    return this.candidates.size > 0;
  }

  get hasEdges(): boolean {
    return this.ownA.length > 0;
  }

  /** Another document of the same rankedness: the edges it states stay, and it may become their first document. */
  otherDependencies(triples: Uint8Array, doc: number): void {
    forEachPackedEdge(triples, (a, b, idx) => {
      if (!this.ownEdges.has(a, b)) return;
      this.stillStated.add(a, b);
      const i = this.ownIndex.get(`${a},${b}`)!;
      if (this.firstDoc[i] === undefined || doc < this.firstDoc[i]) {
        this.firstDoc[i] = doc;
        this.firstIdx[i] = idx;
      }
    });
  }

  /**
   * The deleted document's edges that remaining documents still state, with the earliest of
   * those and the evidence position there: the new first document of an edge that pointed at
   * the deleted one (the path evidence, schema 6).
   */
  restatedEdges(): { a: number[]; b: number[]; doc: number[]; idx: number[] } {
    const out = { a: [] as number[], b: [] as number[], doc: [] as number[], idx: [] as number[] };
    for (let i = 0; i < this.ownA.length; i++) {
      if (this.firstDoc[i] === undefined) continue;
      out.a.push(this.ownA[i]);
      out.b.push(this.ownB[i]);
      out.doc.push(this.firstDoc[i]);
      out.idx.push(this.firstIdx[i]);
    }
    return out;
  }

  /** The deleted document's edges that no remaining document (of its rankedness) states. */
  orphanEdges(): { a: number[]; b: number[] } {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < this.ownA.length; i++) {
      if (this.stillStated.has(this.ownA[i], this.ownB[i])) continue;
      a.push(this.ownA[i]);
      b.push(this.ownB[i]);
    }
    return { a, b };
  }

  candidateNodes(): number[] {
    return [...this.candidates];
  }

  /** A remaining row still refers to this node. */
  referenced(id: number): void {
    this.candidates.delete(id);
  }
}
