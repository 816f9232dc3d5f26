// Deleting a document, the same on both backends (run by sqlite/delete.test.ts and
// postgres/delete.test.ts): the store then loads exactly the graph, and counts exactly the
// statistics, of a store that never had the document.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestDocument } from '../../src/ingest/pipeline.js';
import { openStore } from '../../src/store/open.js';
import { EMPTY_CURSOR, type GraphStore } from '../../src/store/types.js';
import { loadedGraph } from './release-store.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

/** Overlapping documents: one image described by two SBOM tools, one scan in JSON and XML, an advisory, a VEX. */
export const OVERLAPPING = [
  'cyclonedx/cyclonedx-syft-alpine-latest-image.json',
  'spdx/spdx-syft-alpine-latest-image.json',
  'cyclonedx/cyclonedx-grype-log4j-core-with-vulns.json',
  'cyclonedx-xml/cyclonedx-xml-grype-log4j-core-with-vulns.xml',
  'osv/osv-ghsa-maven-netty-handler-GHSA-57m8-f3v5-hm5m.json',
  'openvex/openvex-spec-example-wolfi-not-affected.json',
];

export async function ingestFixtures(store: GraphStore, paths: readonly string[]): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  for (const path of paths) {
    const bytes = readFileSync(join(FIXTURES, path));
    const r = await ingestDocument(
      { name: path, read: () => Promise.resolve(bytes) },
      { store, collector: 'test', maxDocumentBytes: 1 << 26 },
    );
    expect(r.status, r.error).not.toBe('failed');
    digests.set(path, (await store.listDocuments({ limit: 1 })).documents[0].digest);
  }
  return digests;
}

/** The loaded graph in id-free terms, with every node (orphans too) and the exact statistics. */
async function graphOf(store: GraphStore): Promise<unknown> {
  const nodes: string[] = [];
  await store.load(EMPTY_CURSOR, {
    node: (_id, kind, key, attr) => void nodes.push(`${kind}:${key}:${attr ?? ''}`),
    document: () => undefined,
    link: () => undefined,
    record: () => undefined,
    dependencyEdge: () => undefined,
  });
  return { ...(await loadedGraph(store)), nodes: nodes.sort() };
}

/** `fresh` makes an empty store and returns its location. */
export function deleteContract(fresh: () => Promise<string>): void {
  describe('deleting a document', () => {
    for (const victim of [OVERLAPPING[0], OVERLAPPING[2], OVERLAPPING[5]]) {
      it(`leaves the graph of a store that never had ${victim.split('/')[1]}`, async () => {
        const [full, without] = [await openStore(await fresh()), await openStore(await fresh())];
        try {
          const digests = await ingestFixtures(full, OVERLAPPING);
          await ingestFixtures(
            without,
            OVERLAPPING.filter((p) => p !== victim),
          );
          const cursor = await full.load(EMPTY_CURSOR, {
            node: () => undefined,
            document: () => undefined,
            link: () => undefined,
            record: () => undefined,
            dependencyEdge: () => undefined,
          });
          expect(await full.deleteDocument(digests.get(victim)!)).toBe(true);
          expect(await full.changesSince(cursor)).toBe('deleted');
          expect(await full.getDocument(digests.get(victim)!)).toBeUndefined();
          expect(await graphOf(full)).toEqual(await graphOf(without));
          expect(await full.deleteDocument(digests.get(victim)!)).toBe(false);
        } finally {
          await Promise.all([full.close(), without.close()]);
        }
      });
    }

    it('an unknown digest is false and changes nothing; the counter moves on, ids never go back', async () => {
      const store = await openStore(await fresh());
      try {
        const digests = await ingestFixtures(store, OVERLAPPING.slice(0, 3));
        const sink = {
          node: () => undefined,
          document: () => undefined,
          link: () => undefined,
          record: () => undefined,
          dependencyEdge: () => undefined,
        };
        const before = await store.load(EMPTY_CURSOR, sink);
        expect(before.deletions).toBe(0);
        expect(await store.deleteDocument(`sha256:${'0'.repeat(64)}`)).toBe(false);
        expect(await store.changesSince(before)).toBe('none');
        // The newest document: its id is not handed out again.
        expect(await store.deleteDocument(digests.get(OVERLAPPING[2])!)).toBe(true);
        const after = await store.load(EMPTY_CURSOR, sink);
        expect(after.deletions).toBe(1);
        expect(after.document).toBeGreaterThanOrEqual(before.document);
        await ingestFixtures(store, [OVERLAPPING[2]]);
        const again = await store.load(EMPTY_CURSOR, sink);
        expect(again.document).toBeGreaterThan(before.document);
        expect(await store.changesSince(after)).toBe('appended');
      } finally {
        await store.close();
      }
    });

    it('delete then re-ingest, by another process than the one that wrote first, restores the graph', async () => {
      const location = await fresh();
      const [writer, deleter, reference] = [
        await openStore(location),
        await openStore(location),
        await openStore(await fresh()),
      ];
      try {
        const digests = await ingestFixtures(writer, OVERLAPPING);
        await ingestFixtures(reference, OVERLAPPING);
        const expected = await graphOf(reference);
        // The writer remembers the deleted document's nodes and edges as committed: it must not trust that.
        expect(await deleter.deleteDocument(digests.get(OVERLAPPING[0])!)).toBe(true);
        expect(await deleter.deleteDocument(digests.get(OVERLAPPING[1])!)).toBe(true);
        await ingestFixtures(writer, [OVERLAPPING[0], OVERLAPPING[1]]);
        const restored = (await graphOf(writer)) as { documents: string[] };
        const want = expected as { documents: string[] };
        // Same graph; the two documents now come last.
        expect({ ...restored, documents: [...restored.documents].sort(), facts: undefined }).toEqual({
          ...want,
          documents: [...want.documents].sort(),
          facts: undefined,
        });
        expect(await writer.stats()).toEqual(await reference.stats());
      } finally {
        await Promise.all([writer.close(), deleter.close(), reference.close()]);
      }
    });
  });
}
