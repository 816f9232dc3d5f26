// `supplygraph feeds add|list|sync|remove`, run as child processes on an embedded store with a
// feed read from a path: synced once (changed), again (unchanged: the file did not change), a bad
// name or kind refused in one line.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.js';
import { FIXTURES_DIR } from '../helpers/corpus.js';
import { createTestStore } from '../helpers/server.js';
import { cli, oneLine } from './run-cli.js';

let store: { location: string; remove: () => Promise<void> };
const run = (...args: string[]) => cli([...args, '--store', store.location]);
const KEV = join(FIXTURES_DIR, 'exploitation', 'kev.json');

beforeAll(async () => {
  store = await createTestStore();
  await (await openStore(store.location)).close();
});
afterAll(async () => {
  await store?.remove();
});

describe('supplygraph feeds', () => {
  it('add, sync (every due feed), sync by name, list, remove', async () => {
    const added = await run('feeds', 'add', 'kev', '--kind', 'kev', '--source', KEV, '--interval', '3600');
    expect([added.code, oneLine(added.stderr)]).toEqual([0, 'created feed kev (kev, every 3600 s): due now']);
    const first = await run('feeds', 'sync');
    expect([first.code, oneLine(first.stderr)]).toEqual([
      0,
      expect.stringMatching(/^kev: changed in \d+ ms \(added 0, updated 3, removed 0, unchanged 0, failed 0\)$/),
    ]);
    expect((await run('feeds', 'sync')).stderr).toBe(''); // nothing due
    const again = await run('feeds', 'sync', 'kev');
    expect(oneLine(again.stderr)).toMatch(/^kev: unchanged in \d+ ms/);
    const listed = JSON.parse((await run('feeds', 'list', '--json')).stdout) as {
      feeds: { name: string; lastSync: { status: string } }[];
    };
    expect(listed.feeds.map((f) => [f.name, f.lastSync.status])).toEqual([['kev', 'unchanged']]);
    expect((await run('feeds', 'remove', 'kev')).code).toBe(0);
    const gone = await run('feeds', 'sync', 'kev');
    expect([gone.code, oneLine(gone.stderr)]).toEqual([1, 'supplygraph: no feed is named "kev"']);
  });

  it('refuses a bad kind or source in one line, exit 1', async () => {
    const kind = await run('feeds', 'add', 'x', '--kind', 'nvd', '--source', KEV);
    expect([kind.code, oneLine(kind.stderr)]).toEqual([
      1,
      'supplygraph: kind: "nvd" is not one of osv-archive, osv-records, kev, epss',
    ]);
    const source = await run('feeds', 'add', 'x', '--kind', 'kev', '--source', 'kev.json');
    expect(oneLine(source.stderr)).toMatch(
      /^supplygraph: source: "kev.json" is not an http\(s\) URL or an absolute path/,
    );
  });
});
