import { documentSubject } from '../model/document-subject.js';
import { encodeDocument, packDependencies } from './fact-rows.js';
import { PairSet } from './pair-set.js';
export class DocumentWriter {
    backend;
    /** Dependency edges known to be committed, ranked and not: most restated edges skip the insert. */
    knownEdges = { ranked: new PairSet(), unranked: new PairSet() };
    constructor(backend) {
        this.backend = backend;
        backend.onDeletion = () => {
            this.knownEdges = { ranked: new PairSet(), unranked: new PairSet() };
        };
    }
    async write(input) {
        const { facts } = input;
        const encoded = encodeDocument(facts, input.origin, input.collector);
        const ranked = encoded.frequencyEligible;
        let known = new PairSet(1);
        // Edges not known to be stored: inserted (conflicts ignored), remembered once committed.
        let newA = [];
        let newB = [];
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
            for (const [table, rows] of encoded.facts)
                tx.insertFacts(table, documentId, rows, ids);
            if (encoded.dependencies.length) {
                tx.insertDependencies(documentId, packDependencies(encoded.dependencies, ids), encoded.evidence);
                const a = [];
                const b = [];
                const seen = new PairSet(encoded.dependencies.length);
                for (const d of encoded.dependencies) {
                    const x = ids[d.a];
                    const y = ids[d.b];
                    if (known.has(x, y) || !seen.add(x, y))
                        continue;
                    a.push(x);
                    b.push(y);
                }
                if (a.length)
                    tx.insertEdges(a, b, ranked);
                [newA, newB] = [a, b];
            }
            return documentId;
        });
        // Only committed edges are safe to remember.
        if (outcome.status === 'stored')
            for (let i = 0; i < newA.length; i++)
                known.add(newA[i], newB[i]);
        return outcome;
    }
}
