// The document list and a stored document as GraphStore gives them, the same on both backends
// (run by sqlite/documents.test.ts and postgres/documents.test.ts on a fresh store).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestDocument } from '../../src/ingest/pipeline.js';
import type { GraphStore } from '../../src/store/types.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

export const SUBJECT_FIXTURES = {
  sbom: 'cyclonedx/cyclonedx-cyclonedx-maven-spring-petclinic.json',
  advisory: 'osv/osv-ghsa-npm-fastify-passport-GHSA-2ccf-ffrj-m4qw.json',
  scorecard: 'scorecard/scorecard-scorecard-kubernetes-kubernetes.json',
  vex: 'openvex/openvex-vexctl-sample-2vulns.json',
} as const;

async function ingest(store: GraphStore, path: string, ingestedBy?: string): Promise<void> {
  const bytes = readFileSync(join(FIXTURES, path));
  const result = await ingestDocument(
    { name: path, read: () => Promise.resolve(bytes) },
    { store, collector: 'test', maxDocumentBytes: 1 << 26, ingestedBy },
  );
  expect(result.status, result.error).toBe('stored');
}

export function documentsContract(open: () => Promise<GraphStore>): void {
  describe('documents', () => {
    it('lists newest first with subject, sender and counts; filters by format and subject; pages by id', async () => {
      const store = await open();
      try {
        await ingest(store, SUBJECT_FIXTURES.sbom, 'cli');
        await ingest(store, SUBJECT_FIXTURES.advisory, 'ci-token');
        await ingest(store, SUBJECT_FIXTURES.scorecard);
        await ingest(store, SUBJECT_FIXTURES.vex, 'cli');

        const all = await store.listDocuments({ limit: 10 });
        expect(all.total).toBe(4);
        expect(all.documents.map((d) => d.name)).toEqual([
          SUBJECT_FIXTURES.vex,
          SUBJECT_FIXTURES.scorecard,
          SUBJECT_FIXTURES.advisory,
          SUBJECT_FIXTURES.sbom,
        ]);
        const [vex, scorecard, advisory, sbom] = all.documents;
        expect(sbom.subject).toMatch(/^pkg:maven\/org\.springframework\.samples\/spring-petclinic@/);
        expect(sbom.format).toMatch(/^cyclonedx/);
        expect(sbom.counts.packages).toBeGreaterThan(10);
        expect(sbom.ingestedBy).toBe('cli');
        expect(advisory).toMatchObject({ subject: 'GHSA-2ccf-ffrj-m4qw', ingestedBy: 'ci-token' });
        expect(scorecard).toMatchObject({ subject: 'git+https://github.com/kubernetes/kubernetes', ingestedBy: null });
        expect(vex.subject).not.toBeNull();
        expect(vex.digest).toMatch(/^sha256:[0-9a-f]{64}$/);

        const page1 = await store.listDocuments({ limit: 3 });
        expect(page1.total).toBe(4);
        const page2 = await store.listDocuments({ limit: 3, beforeId: page1.documents[2].id });
        expect([...page1.documents, ...page2.documents]).toEqual(all.documents);
        expect(page2.total).toBe(4);

        const bySubject = await store.listDocuments({ limit: 10, subject: 'GHSA-2ccf-ffrj-m4qw' });
        expect(bySubject).toEqual({ documents: [advisory], total: 1 });
        const byFormat = await store.listDocuments({ limit: 10, format: sbom.format });
        expect(byFormat).toEqual({ documents: [sbom], total: 1 });
        expect(await store.listDocuments({ limit: 10, format: 'nope' })).toEqual({ documents: [], total: 0 });

        expect(await store.getDocument(sbom.digest)).toEqual(sbom);
        expect(await store.getDocument(`sha256:${'0'.repeat(64)}`)).toBeUndefined();
      } finally {
        await store.close();
      }
    });
  });
}
