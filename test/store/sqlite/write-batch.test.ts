// The CLI writes many documents in one transaction of about a second (GraphStore.writeBatch).
// The transaction holds the store's write lock, so it must be committed when its second is up
// even while no further document arrives (a pipe that is slow to write, a large file streamed):
// another connection sees the first document, and can write, before the batch ends.
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ingestDocument } from '../../../src/ingest/pipeline.js';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.js';
import type { GraphStore } from '../../../src/store/types.js';
import { dependsOn } from '../../helpers/predicates.js';
import { tempDir } from '../../helpers/server.js';

const opened: GraphStore[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

function open(dir: string): SqliteStore {
  const store = SqliteStore.open(dir);
  opened.push(store);
  return store;
}

function write(store: GraphStore, name: string, from: string, to: string) {
  const text = JSON.stringify({ isDependency: [dependsOn(from, to)] });
  return ingestDocument(
    { name, read: () => Promise.resolve(Buffer.from(text)) },
    { store, collector: 'test', maxDocumentBytes: 1 << 20 },
  );
}

const count = async (store: GraphStore) => (await store.listDocuments({ limit: 10 })).total;

describe('write batches (embedded store)', () => {
  it('commit when their second is up even while no document comes, and commit the rest at the end', async () => {
    // The batch's clock and its commit timer are faked: 1.6 s pass without waiting for them.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const dir = tempDir('sg-batch-');
    const cli = open(dir);
    const other = open(dir);
    let seenDuring = -1;
    let otherWrote = '';
    await cli.writeBatch(async () => {
      expect((await write(cli, 'a.json', 'pkg:npm/a@1', 'pkg:npm/b@1')).status).toBe('stored');
      expect(await count(other)).toBe(0); // not committed yet
      await vi.advanceTimersByTimeAsync(1600);
      seenDuring = await count(other);
      otherWrote = (await write(other, 'c.json', 'pkg:npm/c@1', 'pkg:npm/d@1')).status;
      expect((await write(cli, 'b.json', 'pkg:npm/b@1', 'pkg:npm/e@1')).status).toBe('stored');
    });
    expect(seenDuring).toBe(1);
    expect(otherWrote).toBe('stored');
    expect(await count(other)).toBe(3);
  });

  it('keep the documents written before a failing one', async () => {
    const dir = tempDir('sg-batch-');
    const cli = open(dir);
    await cli.writeBatch(async () => {
      expect((await write(cli, 'a.json', 'pkg:npm/a@1', 'pkg:npm/b@1')).status).toBe('stored');
      const bad = await ingestDocument(
        { name: 'bad.json', read: () => Promise.resolve(Buffer.from('{"isDependency": [{"nope": 1}]}')) },
        { store: cli, collector: 'test', maxDocumentBytes: 1 << 20 },
      );
      expect(bad.status).toBe('failed');
      expect((await write(cli, 'c.json', 'pkg:npm/c@1', 'pkg:npm/d@1')).status).toBe('stored');
    });
    expect(await count(open(dir))).toBe(2);
  });
});
