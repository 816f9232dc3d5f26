// An OSV archive taken by a feed, on the embedded store: entries that are not OSV records are
// left out one by one, named in the failures; the rest are taken, and a second pass takes none.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncOsvArchive } from '../../../src/ingest/feeds/osv-archive.js';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.js';
import type { GraphStore } from '../../../src/store/types.js';
import { tempDir } from '../../helpers/server.js';
import { zipOf } from '../../helpers/zip.js';

const record = (id: string, modified = '2024-01-01T00:00:00Z') => JSON.stringify({ id, modified, affected: [] });

let store: GraphStore;
let path: string;
beforeAll(async () => {
  const dir = tempDir('sg-osv-archive-');
  store = SqliteStore.open(join(dir, 'store'));
  await store.feeds.putFeed(
    { name: 'osv', kind: 'osv-archive', source: '/x/all.zip', intervalSeconds: 3600 },
    '2024-01-01T00:00:00.000Z',
  );
  path = join(dir, 'all.zip');
  writeFileSync(
    path,
    await zipOf({
      'GHSA-1.json': record('GHSA-1'),
      'notes.txt': 'not json at all',
      'no-id.json': JSON.stringify({ modified: '2024-01-01T00:00:00Z' }),
      'no-modified.json': JSON.stringify({ id: 'GHSA-2' }),
      'GHSA-3.json': record('GHSA-3'),
    }),
  );
});
afterAll(async () => {
  await store?.close();
});

const sync = () =>
  syncOsvArchive({
    feed: 'osv',
    source: '/x/all.zip',
    path,
    feeds: store.feeds,
    ingest: { store, collector: 'test', maxDocumentBytes: 1 << 20 },
    now: () => Date.parse('2024-02-01T00:00:00Z'),
  });

describe('syncOsvArchive', () => {
  it('leaves out each entry that is not an OSV record, naming the first three, and takes the rest', async () => {
    const { changes, failures } = await sync();
    expect(changes).toEqual({ added: 2, updated: 0, removed: 0, unchanged: 0, failed: 3 });
    expect(failures).toEqual([
      'notes.txt: not JSON',
      'no-id.json: no "id": not an OSV record',
      'no-modified.json: GHSA-2: no "modified"',
    ]);
    expect((await store.feeds.feedRecordIds('osv')).sort()).toEqual(['GHSA-1', 'GHSA-3']);
  });

  it('takes nothing the second time: each record is known by its bytes', async () => {
    expect((await sync()).changes).toEqual({ added: 0, updated: 0, removed: 0, unchanged: 2, failed: 3 });
  });

  it('never reads an entry listed with the size and CRC-32 of the record it took from that name', async () => {
    // Stored, not deflated: the record's bytes are changed in place, the directory left as it was.
    const original = await zipOf(
      { 'GHSA-1.json': record('GHSA-1'), 'GHSA-3.json': record('GHSA-3') },
      { compress: false },
    );
    const tampered = Buffer.from(original.toString('latin1').replace('"GHSA-3"', '"GHSA-9"'), 'latin1');
    expect(tampered.equals(original)).toBe(false);
    writeFileSync(path, tampered);
    expect((await sync()).changes).toEqual({ added: 0, updated: 0, removed: 0, unchanged: 2, failed: 0 });
    // The same bytes under another name are read: the name is only a hint.
    writeFileSync(path, await zipOf({ 'GHSA-1.json': record('GHSA-1'), 'renamed.json': record('GHSA-3') }));
    expect((await sync()).changes).toEqual({ added: 0, updated: 0, removed: 0, unchanged: 2, failed: 0 });
    expect((await store.feeds.feedRecordIds('osv')).sort()).toEqual(['GHSA-1', 'GHSA-3']);
  });
});
