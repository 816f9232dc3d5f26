// graphOf(documents): the graph index the service would answer from after ingesting these
// documents, built without a server: detect, parse and translate (the ingest pipeline), write to
// an embedded store in a temporary directory (the store turns facts into the rows the index
// loads, ids included), load once, apply. Semantic tests call src/query/ on it directly; one HTTP
// contract test per route and status is enough over HTTP (docs/adr/0007).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GraphIndex } from '../../src/index/graph-index.js';
import { LoadBatch } from '../../src/index/load-batch.js';
import { ingestDocument, type DocumentResult } from '../../src/ingest/pipeline.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { EMPTY_CURSOR } from '../../src/store/types.js';

export interface Graph {
  index: GraphIndex;
  /** The ingest result of each document, in the order given. */
  results: DocumentResult[];
}

/** Documents by name: a JSON value, or the document's text (XML, tag-value, JSON as written). */
export type Documents = Record<string, unknown>;

export async function graphOf(documents: Documents): Promise<Graph> {
  const dir = mkdtempSync(join(tmpdir(), 'sg-graph-of-'));
  const store = SqliteStore.open(dir);
  try {
    const results: DocumentResult[] = [];
    for (const [name, doc] of Object.entries(documents)) {
      const bytes = Buffer.from(typeof doc === 'string' ? doc : JSON.stringify(doc));
      results.push(
        await ingestDocument(
          { name, read: () => Promise.resolve(bytes) },
          { store, collector: 'test', maxDocumentBytes: 1 << 26 },
        ),
      );
    }
    const batch = new LoadBatch();
    await store.load(EMPTY_CURSOR, batch);
    const index = new GraphIndex();
    index.apply(batch);
    return { index, results };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
