// A large upload is parsed, translated and stored on a worker thread (docs/architecture.md, "Ingest
// and refresh off the event loop"), with its own connection to the store openStore opened; a small
// one stays in this thread. Runs the build (dist/): the worker is compiled JavaScript.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeLargeSpdx } from '../../reliability/large-spdx.js';
import type { UploadOutcome } from '../../src/http/upload/ingest-upload.js';
import type { GraphStore } from '../../src/store/types.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const built = <T>(path: string): Promise<T> => import(pathToFileURL(join(ROOT, 'dist', path)).href) as Promise<T>;
const { openStore } = await built<{ openStore: (location: string) => Promise<GraphStore> }>('store/open.js');
const { ingestUpload } = await built<{
  ingestUpload: (body: { path: string; bytes: number }, options: object) => Promise<UploadOutcome>;
}>('http/upload/ingest-upload.js');

let dir: string;
let store: GraphStore;
let writesHere: number;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sg-upload-worker-'));
  store = await openStore(join(dir, 'store'));
  // Counts the writes made through this thread's connection.
  writesHere = 0;
  const write = store.writeDocument.bind(store);
  store.writeDocument = (input) => {
    writesHere++;
    return write(input);
  };
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function upload(workerAboveBytes: number): Promise<UploadOutcome> {
  const path = join(dir, 'sbom.spdx.json');
  await writeLargeSpdx(path, 50, 'upload-worker');
  const body = { path, bytes: statSync(path).size };
  return ingestUpload(body, {
    store,
    name: 'sbom.spdx.json',
    collector: 'test',
    maxDocumentBytes: 1 << 30,
    workerAboveBytes,
  });
}

describe('upload ingest thread', () => {
  it('a body at or above the threshold is stored by a worker thread, with the same answer', async () => {
    const outcome = await upload(0);
    expect(writesHere).toBe(0);
    expect(outcome.kind).toBe('document');
    if (outcome.kind !== 'document') return;
    expect(outcome.result).toMatchObject({ status: 'stored', format: 'spdx-2.3' });
    expect(outcome.result.counts.packages).toBe(50);
    // Committed: this thread's connection sees it.
    expect(await store.getDocument(outcome.result.digest)).toMatchObject({ digest: outcome.result.digest });
  });

  it('a body below the threshold is stored in this thread', async () => {
    const outcome = await upload(1 << 30);
    expect(writesHere).toBe(1);
    expect(outcome).toMatchObject({ kind: 'document', result: { status: 'stored' } });
  });
});
