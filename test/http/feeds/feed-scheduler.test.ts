// The feed scheduler with a fake clock and a fake runner over a real embedded store: it syncs
// every due feed one at a time, a sync asked for runs after the one under way, and a sync whose
// runner dies (a worker thread gone) is recorded failed and retried sooner.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedScheduler } from '../../../src/http/feeds/feed-scheduler.js';
import { NO_CHANGES, type StoredFeed } from '../../../src/model/feed.js';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.js';
import type { GraphStore } from '../../../src/store/types.js';
import { tempDir } from '../../helpers/server.js';

const T0 = Date.parse('2026-11-28T00:00:00Z');
let store: GraphStore;
let now = T0;
const ran: string[] = [];
const quiet = { info: () => undefined, error: () => undefined };

function scheduler(fail = false): FeedScheduler {
  return new FeedScheduler({
    feeds: store.feeds,
    now: () => now,
    owner: 'test',
    logger: quiet,
    afterChange: () => Promise.resolve(),
    run: async (feed: StoredFeed) => {
      ran.push(feed.name);
      if (fail) throw new Error('worker thread stopped');
      const sync = {
        feed: feed.name,
        startedAt: new Date(now).toISOString(),
        millis: 1,
        status: 'unchanged' as const,
        changes: NO_CHANGES,
        error: null,
      };
      const state = {
        etag: null,
        lastModified: null,
        nextSyncAt: new Date(now + 3_600_000).toISOString(),
        failures: 0,
      };
      await store.feeds.finishSync(sync, state);
      return { sync, state };
    },
  });
}

beforeAll(async () => {
  store = SqliteStore.open(join(tempDir('sg-scheduler-'), 'store'));
  for (const name of ['a', 'b'])
    await store.feeds.putFeed(
      { name, kind: 'kev', source: `/kev/${name}.json`, intervalSeconds: 3600 },
      new Date(T0).toISOString(),
    );
});
afterAll(async () => {
  await store?.close();
});

describe('FeedScheduler', () => {
  it('syncs every due feed once, then none until they are due again', async () => {
    const s = scheduler();
    await s.tick();
    expect(ran.splice(0)).toEqual(['a', 'b']);
    now += 60_000;
    await s.tick();
    expect(ran).toEqual([]);
    expect(s.started).toBe(false);
  });

  it('start checks at once and then on its interval, until stop', async () => {
    now += 7_200_000; // both due again
    const s = scheduler();
    s.start(3_600_000);
    expect(s.started).toBe(true);
    await s.idle();
    expect(ran.splice(0)).toEqual(['a', 'b']);
    s.stop();
    expect(s.started).toBe(false);
  });

  it('a sync asked for runs even when not due; an unknown feed is not-found', async () => {
    const s = scheduler();
    expect(await s.syncNow('a')).toBe('started');
    await s.idle();
    expect(ran.splice(0)).toEqual(['a']);
    expect(await s.syncNow('nope')).toBe('not-found');
  });

  it('records a sync whose runner died as failed, retried after a minute', async () => {
    const s = scheduler(true);
    expect(await s.syncNow('b')).toBe('started');
    await s.idle();
    const b = (await store.feeds.listFeeds()).find((f) => f.name === 'b')!;
    expect(b.lastSync).toMatchObject({ status: 'failed', error: 'worker thread stopped' });
    expect([b.failures, Date.parse(b.nextSyncAt) - now]).toEqual([1, 60_000]);
  });
});
