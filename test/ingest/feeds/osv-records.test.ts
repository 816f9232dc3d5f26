// An osv-records feed: the OSV records of a directory, taken as an archive's entries are. A file
// nobody touched is not read again; a newer record is taken; a file that left is withdrawn; a
// URL is refused as its source.
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncOsvRecordFiles } from '../../../src/ingest/feeds/osv-archive.js';
import { recordFileBatches } from '../../../src/ingest/feeds/record-files.js';
import { syncFeed } from '../../../src/ingest/feeds/sync.js';
import { checkedFeed } from '../../../src/query/feeds.js';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.js';
import type { GraphStore } from '../../../src/store/types.js';
import { tempDir } from '../../helpers/server.js';

const record = (id: string, modified = '2024-01-01T00:00:00Z') => JSON.stringify({ id, modified, affected: [] });

/** A whole second, so setting it again gives the same modification time to the millisecond. */
const WRITTEN = new Date('2024-01-02T00:00:00Z');

let store: GraphStore;
let dir: string;
beforeAll(async () => {
  const root = tempDir('sg-osv-records-');
  store = SqliteStore.open(join(root, 'store'));
  await store.feeds.putFeed(
    { name: 'osv', kind: 'osv-records', source: '/x/records', intervalSeconds: 3600 },
    '2024-01-01T00:00:00.000Z',
  );
  dir = join(root, 'records');
  mkdirSync(join(dir, 'npm'), { recursive: true });
  mkdirSync(join(dir, 'PyPI'), { recursive: true });
  writeFileSync(join(dir, 'npm', 'GHSA-1.json'), record('GHSA-1'));
  utimesSync(join(dir, 'npm', 'GHSA-1.json'), WRITTEN, WRITTEN);
  writeFileSync(join(dir, 'PyPI', 'PYSEC-1.json'), record('PYSEC-1'));
  writeFileSync(join(dir, 'npm', 'broken.json'), '{ not json');
  writeFileSync(join(dir, 'README.md'), 'not a record, not a .json file');
});
afterAll(async () => {
  await store?.close();
});

const sync = () =>
  syncOsvRecordFiles({
    feed: 'osv',
    source: '/x/records',
    path: dir,
    feeds: store.feeds,
    ingest: { store, collector: 'test', maxDocumentBytes: 1 << 20 },
    now: () => Date.parse('2024-02-01T00:00:00Z'),
    within: '/',
  });

describe('syncOsvRecordFiles', () => {
  it('takes every .json record below the directory, naming each by its path, and leaves out the rest', async () => {
    const { changes, failures } = await sync();
    expect(changes).toEqual({ added: 2, updated: 0, removed: 0, unchanged: 0, failed: 1 });
    expect(failures).toEqual(['npm/broken.json: not JSON']);
    const { documents } = await store.listDocuments({ limit: 10 });
    expect(documents.map((d) => d.origin).sort()).toEqual([
      '/x/records/PyPI/PYSEC-1.json',
      '/x/records/npm/GHSA-1.json',
    ]);
  });

  it('reads no file it took that nobody touched since, takes a newer record, withdraws one that left', async () => {
    // Other bytes, same size and modification time: judged by those, it is not read, so not taken.
    const path = join(dir, 'npm', 'GHSA-1.json');
    writeFileSync(path, record('GHSA-9'));
    utimesSync(path, WRITTEN, WRITTEN);
    expect((await sync()).changes).toEqual({ added: 0, updated: 0, removed: 0, unchanged: 2, failed: 1 });
    writeFileSync(path, record('GHSA-1', '2024-03-01T00:00:00Z'));
    rmSync(join(dir, 'PyPI', 'PYSEC-1.json'));
    expect((await sync()).changes).toEqual({ added: 0, updated: 1, removed: 1, unchanged: 0, failed: 1 });
    expect(await store.feeds.feedRecordIds('osv')).toEqual(['GHSA-1']);
    expect((await sync()).changes).toEqual({ added: 0, updated: 0, removed: 0, unchanged: 1, failed: 1 });
  });

  it('is refused with a URL as its source', () => {
    expect(() => checkedFeed('osv', { kind: 'osv-records', source: 'https://example.com/osv/' })).toThrow(
      /osv-records feed reads a directory/,
    );
    expect(checkedFeed('osv', { kind: 'osv-records', source: '/srv/osv' }).kind).toBe('osv-records');
  });

  it('syncs as a feed from its directory; a missing directory or a file is a failed sync', async () => {
    const feedOf = async (source: string) => {
      await store.feeds.putFeed(
        { name: 'dir', kind: 'osv-records', source, intervalSeconds: 3600 },
        '2024-01-01T00:00:00.000Z',
      );
      const feed = await store.feeds.getFeed('dir');
      return syncFeed(feed!, {
        feeds: store.feeds,
        exploitation: store.exploitation,
        ingest: { store, collector: 'feed:dir', maxDocumentBytes: 1 << 20 },
        fetch: { timeoutMs: 1000, maxBytes: 1 << 20 },
        now: () => Date.parse('2024-02-01T00:00:00Z'),
      });
    };
    expect((await feedOf(dir)).sync).toMatchObject({ status: 'changed', changes: { added: 1, failed: 1 } });
    expect((await feedOf(join(dir, 'gone'))).sync).toMatchObject({
      status: 'failed',
      error: `${join(dir, 'gone')}: no such directory`,
    });
    const file = join(dir, 'npm', 'GHSA-1.json');
    expect((await feedOf(file)).sync).toMatchObject({ status: 'failed', error: `${file}: not a directory` });
  });

  it('names each file by its path below the directory, however the directory is written', async () => {
    const files = async (at: string) => {
      const out: string[] = [];
      for await (const batch of recordFileBatches(at, 1 << 20, 2)) out.push(...batch.map((e) => e.file));
      return out;
    };
    expect(await files(dir)).toEqual(['npm/GHSA-1.json', 'npm/broken.json']);
    expect(await files(`${dir}/`)).toEqual(await files(dir));
    expect(await files(`${dir}/npm/..`)).toEqual(await files(dir));
  });
});
