// The PostgreSQL store against its contract: incremental loads by cursor, idempotent and
// atomic writes under concurrency, node interning across documents and processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFormat, sniff } from '../../../src/ingest/detect.js';
import type { DocumentFacts } from '../../../src/model/facts.js';
import { encodeDocument } from '../../../src/store/fact-rows.js';
import { PostgresStore } from '../../../src/store/postgres/pg-store.js';
import { EMPTY_CURSOR, type DocumentInput, type LoadSink } from '../../../src/store/types.js';
import { dependsOn } from '../../helpers/predicates.js';
import { createTestDatabase, withDatabase, type TestDatabase } from '../../helpers/server.js';

/** Facts of an ingest-predicates document with these dependency edges, as the real parser makes them. */
function facts(deps: [string, string][]): DocumentFacts {
  const bytes = Buffer.from(JSON.stringify({ isDependency: deps.map(([from, to]) => dependsOn(from, to)) }));
  const doc = sniff('test.json', bytes);
  return detectFormat(doc).parse(doc, {
    origin: 'test',
    collector: 'test',
    documentDigest: 'sha256:test',
    now: new Date().toISOString(),
  });
}

function input(digest: string, deps: [string, string][]): DocumentInput {
  return {
    digest,
    name: `${digest}.json`,
    facts: facts(deps),
    origin: 'test',
    collector: 'test',
    ingestedAt: new Date().toISOString(),
  };
}

class CountingSink implements LoadSink {
  nodes: string[] = [];
  documents: number[] = [];
  facts = 0;
  edges = 0;
  node(_id: number, _kind: number, key: string): void {
    this.nodes.push(key);
  }
  document(row: { id: number }): void {
    this.documents.push(row.id);
  }
  link(): void {
    this.facts++;
  }
  record(): void {
    this.facts++;
  }
  dependencyEdge(): void {
    this.edges++;
  }
}

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

describe('PostgreSQL store', () => {
  it('loads incrementally: a second load delivers only what was committed after the cursor', async () => {
    const store = await PostgresStore.open(db.url);
    try {
      await store.writeDocument(input('sha256:inc1', [['pkg:npm/i@1', 'pkg:npm/j@1']]));
      const first = new CountingSink();
      const cursor = await store.load(EMPTY_CURSOR, first);
      expect(first.nodes).toEqual(['pkg:npm/i@1', 'pkg:npm/j@1']);
      expect(await store.changesSince(cursor)).toBe('none');
      await store.writeDocument(input('sha256:inc2', [['pkg:npm/j@1', 'pkg:npm/k@1']]));
      expect(await store.changesSince(cursor)).toBe('appended');
      const second = new CountingSink();
      const next = await store.load(cursor, second);
      expect(second.nodes).toEqual(['pkg:npm/k@1']); // j is interned once, across documents
      expect(second.documents).toEqual([cursor.document + 1]);
      expect(second.facts).toBe(0);
      expect(second.edges).toBe(1);
      expect(next).toEqual({
        node: cursor.node + 1,
        document: cursor.document + 1,
        edge: cursor.edge + 1,
        // Inclusion sets are read up to the last document.
        facts: { ...cursor.facts, inclusion_sets: cursor.document + 1 },
        deletions: 0,
      });
    } finally {
      await store.close();
    }
  });

  it('stores a document written concurrently by two processes once, and shared nodes once', async () => {
    const a = await PostgresStore.open(db.url);
    const b = await PostgresStore.open(db.url);
    try {
      const before = await a.stats();
      const chain = (p: string): [string, string][] =>
        Array.from({ length: 300 }, (_, i) => [`pkg:npm/${p}${i}@1`, `pkg:npm/shared${i}@1`]);
      const same = input('sha256:same', chain('x'));
      // Distinct documents that overlap on 300 nodes, written at the same time.
      const results = await Promise.all([
        a.writeDocument(same),
        b.writeDocument(same),
        a.writeDocument(input('sha256:o1', chain('y'))),
        b.writeDocument(input('sha256:o2', chain('z'))),
      ]);
      expect(
        results
          .slice(0, 2)
          .map((r) => r.status)
          .sort(),
      ).toEqual(['duplicate', 'stored']);
      expect(results[0].documentId).toBe(results[1].documentId);
      const after = await a.stats();
      expect(after.documents - before.documents).toBe(3);
      expect(after.nodes - before.nodes).toBe(4 * 300); // x*, y*, z*, shared*: each once
      expect(after.dependencyEdges - before.dependencyEdges).toBe(3 * 300);
      // Ids are dense and in commit order: a full load sees exactly the counted rows.
      const sink = new CountingSink();
      await a.load(EMPTY_CURSOR, sink);
      expect(new Set(sink.nodes).size).toBe(after.nodes);
      expect(sink.nodes.length).toBe(after.nodes);
      expect(sink.facts).toBe(after.facts);
      expect(sink.edges).toBe(after.dependencyEdges);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keeps keys of any length and any characters', async () => {
    const store = await PostgresStore.open(db.url);
    try {
      const long = `pkg:generic/${'n'.repeat(5000)}@1`;
      const odd = 'pkg:generic/we%22ird%5C%7B%7D%2Cname@1?q=%22a%2Cb%22';
      await store.writeDocument(input('sha256:odd', [[long, odd]]));
      const sink = new CountingSink();
      await store.load(EMPTY_CURSOR, sink);
      expect(sink.nodes).toContain(long);
      expect(sink.nodes).toContain(odd);
      expect(encodeDocument(facts([[long, odd]]), 'test', 'test').dependencies).toHaveLength(1);
    } finally {
      await store.close();
    }
  });

  it('writes nothing of a document whose write fails', async () => {
    // A test-only trigger makes the database reject one document after its nodes went in.
    await withDatabase(db.url, (sql) =>
      sql.unsafe(`
      CREATE FUNCTION sg_test_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'poison.json' THEN RAISE EXCEPTION 'poisoned'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER sg_test_poison BEFORE INSERT ON sg_documents FOR EACH ROW EXECUTE FUNCTION sg_test_poison();`),
    );
    const store = await PostgresStore.open(db.url);
    try {
      const before = await store.stats();
      const bad = { ...input('sha256:bad', [['pkg:npm/bad1@1', 'pkg:npm/bad2@1']]), name: 'poison.json' };
      await expect(store.writeDocument(bad)).rejects.toThrow(/PostgreSQL .*writing a document failed: poisoned/);
      expect(await store.stats()).toEqual(before);
      expect(await store.hasDocument('sha256:bad')).toBe(false);
      // The store stays usable and ids stay dense.
      await store.writeDocument(input('sha256:good-after-bad', [['pkg:npm/bad1@1', 'pkg:npm/bad2@1']]));
      const after = await store.stats();
      expect(after).toEqual({
        documents: before.documents + 1,
        nodes: before.nodes + 2,
        facts: before.facts,
        dependencyEdges: before.dependencyEdges + 1,
      });
      const sink = new CountingSink();
      await store.load(EMPTY_CURSOR, sink);
      expect(sink.nodes.length).toBe(after.nodes);
    } finally {
      await store.close();
      await withDatabase(db.url, (sql) => sql.unsafe('DROP TRIGGER sg_test_poison ON sg_documents'));
    }
  });

  it('stores text with NUL characters, which PostgreSQL text cannot hold, instead of failing the batch', async () => {
    const store = await PostgresStore.open(db.url);
    try {
      const doc = { ...input('sha256:nul', [['pkg:npm/nul1@1', 'pkg:npm/nul2@1']]), name: 'a\u0000b.json' };
      expect((await store.writeDocument(doc)).status).toBe('stored');
    } finally {
      await store.close();
    }
  });
});
