// What deleting a document removes besides its own rows, worked out the same way on both
// backends: the dependency edges no other document of the same rankedness states any more
// (the per-document packed triples are the evidence: fact-rows.ts packDependencies), and the
// nodes that nothing refers to any more (candidates: the nodes the document's rows named).
import { PairSet } from './pair-set.js';
/** Calls `edge` for every (a, b) of a document's packed (a, b, evidence) triples. */
export function forEachPackedEdge(triples, edge) {
    // The triples were written from a Uint32Array (native byte order); a driver may hand them back unaligned.
    const words = triples.byteOffset % 4 === 0
        ? new Uint32Array(triples.buffer, triples.byteOffset, triples.byteLength / 4)
        : new Uint32Array(Uint8Array.from(triples).buffer);
    for (let i = 0; i + 2 < words.length; i += 3)
        edge(words[i], words[i + 1]);
}
export class DeletePlan {
    /** Nodes the deleted rows named: deleted unless something else still refers to them. */
    candidates = new Set();
    ownEdges = new PairSet();
    ownA = [];
    ownB = [];
    stillStated = new PairSet();
    /** A deleted fact row's endpoints (b null: none). */
    named(a, b) {
        this.candidates.add(a);
        if (b !== null)
            this.candidates.add(b);
    }
    /** The deleted document's dependency triples. */
    ownDependencies(triples) {
        forEachPackedEdge(triples, (a, b) => {
            this.named(a, b);
            if (this.ownEdges.add(a, b)) {
                this.ownA.push(a);
                this.ownB.push(b);
            }
        });
    }
    get hasEdges() {
        return this.ownA.length > 0;
    }
    /** Another document of the same rankedness: the edges it states stay. */
    otherDependencies(triples) {
        forEachPackedEdge(triples, (a, b) => {
            if (this.ownEdges.has(a, b))
                this.stillStated.add(a, b);
        });
    }
    /** The deleted document's edges that no remaining document (of its rankedness) states. */
    orphanEdges() {
        const a = [];
        const b = [];
        for (let i = 0; i < this.ownA.length; i++) {
            if (this.stillStated.has(this.ownA[i], this.ownB[i]))
                continue;
            a.push(this.ownA[i]);
            b.push(this.ownB[i]);
        }
        return { a, b };
    }
    candidateNodes() {
        return [...this.candidates];
    }
    /** A remaining row still refers to this node. */
    referenced(id) {
        this.candidates.delete(id);
    }
}
