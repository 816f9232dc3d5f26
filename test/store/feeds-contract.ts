// The feeds contract of GraphStore, the same on both backends (sqlite/feeds.test.ts,
// postgres/feeds.test.ts): a feed written and listed, claimed by one owner at a time until its
// lease runs out or its sync is recorded, its records kept by id, and all of it gone with it.
import { describe, expect, it } from 'vitest';
import { NO_CHANGES, type FeedSync } from '../../src/model/feed.js';
import type { GraphStore } from '../../src/store/types.js';

const T0 = '2026-11-28T00:00:00.000Z';
const at = (minutes: number): string => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const settings = {
  name: 'osv',
  kind: 'osv-archive' as const,
  source: 'https://example.com/all.zip',
  intervalSeconds: 3600,
};

export function feedsContract(open: () => Promise<GraphStore>): void {
  describe('feeds', () => {
    it('are written and listed; a claim is leased to one owner until it runs out or the sync is recorded', async () => {
      const store = await open();
      try {
        expect(await store.feeds.putFeed(settings, T0)).toBe('created');
        expect(await store.feeds.listFeeds()).toEqual([
          { ...settings, createdAt: T0, etag: null, lastModified: null, nextSyncAt: T0, failures: 0, lastSync: null },
        ]);
        expect(await store.feeds.claimFeed(at(-1), 'a', at(59))).toBeUndefined(); // not due yet
        expect((await store.feeds.claimFeed(at(0), 'a', at(60)))?.name).toBe('osv');
        expect(await store.feeds.claimFeed(at(1), 'b', at(61))).toBeUndefined();
        expect(await store.feeds.claimFeed(at(1), 'b', at(61), 'osv')).toBeUndefined(); // leased, even by name
        expect((await store.feeds.claimFeed(at(61), 'b', at(121)))?.name).toBe('osv'); // the lease ran out
        const sync: FeedSync = {
          feed: 'osv',
          startedAt: at(61),
          millis: 1234,
          status: 'changed',
          changes: { ...NO_CHANGES, added: 2 },
          error: null,
        };
        await store.feeds.finishSync(sync, { etag: '"e1"', lastModified: 'Mon', nextSyncAt: at(121), failures: 0 });
        const [feed] = await store.feeds.listFeeds();
        expect(feed).toMatchObject({ etag: '"e1"', lastModified: 'Mon', nextSyncAt: at(121), lastSync: sync });
        expect(await store.feeds.getFeed('osv')).toEqual(feed);
        expect(await store.feeds.getFeed('OSV')).toBeUndefined();
        expect((await store.feeds.claimFeed(at(62), 'c', at(122), 'osv'))?.name).toBe('osv'); // by name: due or not
        expect(await store.feeds.feedSyncs('osv', 10)).toEqual([sync]);
        expect(await store.feeds.putFeed({ ...settings, intervalSeconds: 60 }, at(70))).toBe('updated');
        expect((await store.feeds.listFeeds())[0]).toMatchObject({
          intervalSeconds: 60,
          nextSyncAt: at(70),
          etag: '"e1"',
        });
      } finally {
        await store.close();
      }
    });

    it('keep the records a feed took by id (withdrawn ones apart), and lose them with the feed', async () => {
      const store = await open();
      try {
        await store.feeds.putFeed(settings, T0);
        const records = Array.from({ length: 1500 }, (_, i) => ({
          id: `GHSA-${i}`,
          modified: T0,
          digest: `sha256:${i}`,
        }));
        await store.feeds.putFeedRecords('osv', records);
        await store.feeds.putFeedRecords('osv', [{ id: 'GHSA-7', modified: at(1), digest: 'sha256:new' }]);
        expect(await store.feeds.feedRecords('osv', ['GHSA-7', 'GHSA-8', 'GHSA-none'])).toEqual(
          expect.arrayContaining([
            { id: 'GHSA-7', modified: at(1), digest: 'sha256:new' },
            { id: 'GHSA-8', modified: T0, digest: 'sha256:8' },
          ]),
        );
        expect((await store.feeds.feedRecordIds('osv')).length).toBe(1500);
        await store.feeds.putFeedRecords(
          'osv',
          ['GHSA-1', 'GHSA-2'].map((id) => ({ id, modified: at(2), digest: 'withdrawn' })),
        );
        expect((await store.feeds.feedRecordIds('osv')).length).toBe(1498); // withdrawn ones are not listed
        expect(await store.feeds.deleteFeed('osv')).toBe(true);
        expect(await store.feeds.deleteFeed('osv')).toBe(false);
        expect(await store.feeds.feedRecordIds('osv')).toEqual([]);
        expect(await store.feeds.listFeeds()).toEqual([]);
      } finally {
        await store.close();
      }
    });
  });
}
