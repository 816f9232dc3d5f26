// DELETE's store work runs on a worker thread for the embedded store (docs/architecture.md,
// "Ingest and refresh off the event loop"), with its own connection to the store openStore
// opened. Runs the build (dist/): the worker is compiled JavaScript.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GraphStore } from '../../src/store/types.js';
import { dependsOn } from '../helpers/predicates.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const built = <T>(path: string): Promise<T> => import(pathToFileURL(join(ROOT, 'dist', path)).href) as Promise<T>;
const { openStore } = await built<{ openStore: (location: string) => Promise<GraphStore> }>('store/open.js');
const { deleteDocumentOffThread } = await built<{
  deleteDocumentOffThread: (store: GraphStore, digest: string) => Promise<boolean>;
}>('http/delete/delete-document.js');
const { ingestDocument } = await built<{
  ingestDocument: (input: object, options: object) => Promise<{ digest?: string; status: string }>;
}>('ingest/pipeline.js');

let dir: string;
let store: GraphStore;
let deletesHere: number;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sg-delete-worker-'));
  store = await openStore(join(dir, 'store'));
  // Counts the deletes made through this thread's connection.
  deletesHere = 0;
  const remove = store.deleteDocument.bind(store);
  store.deleteDocument = (digest) => {
    deletesHere++;
    return remove(digest);
  };
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function stored(): Promise<string> {
  const text = JSON.stringify({ isDependency: [dependsOn('pkg:npm/app@1', 'pkg:npm/lib@2')] });
  const result = await ingestDocument(
    { name: 'sbom.json', read: () => Promise.resolve(Buffer.from(text)) },
    { store, collector: 'test', maxDocumentBytes: 1 << 20 },
  );
  expect(result.status).toBe('stored');
  return result.digest!;
}

describe('delete thread', () => {
  it('deletes an embedded store document on a worker thread, and says when there is none', async () => {
    const digest = await stored();
    expect(await deleteDocumentOffThread(store, digest)).toBe(true);
    expect(deletesHere).toBe(0);
    // Committed: this thread's connection no longer sees it.
    expect(await store.getDocument(digest)).toBeUndefined();
    expect(await deleteDocumentOffThread(store, digest)).toBe(false);
    expect(deletesHere).toBe(0);
  });
});
