// `supplygraph feeds add|list|remove|sync`: the feeds of the store, straight from the store (like
// `policies`). `sync` runs in this process, claiming each feed as a server would, so a server on
// the same store does not sync it at the same time; a running server sees what it stored at its
// next refresh.
import { hostname } from 'node:os';
import { LEASE_MS } from '../http/feeds/feed-scheduler.js';
import { DEFAULT_FEEDS } from '../http/plugins/app/feeds.js';
import { feedBody } from '../http/schemas/feeds.js';
import { syncHere } from '../http/feeds/run-feed-sync.js';
import { DEFAULTS } from '../config/settings.js';
import type { StoredFeed } from '../model/feed.js';
import { checkedFeed } from '../query/feeds.js';
import type { GraphStore } from '../store/types.js';
import { withStore } from './preflight.js';

export function runFeedList(location: string, json: boolean): Promise<number> {
  return withStore(location, async (store) => {
    const feeds = (await store.feeds.listFeeds()).map(feedBody);
    if (json) console.log(JSON.stringify({ feeds }));
    else
      for (const f of feeds)
        console.log(
          `${f.name}  ${f.kind}  every ${f.intervalSeconds} s  next ${f.nextSyncAt}  last ${f.lastSync?.status ?? 'never'}  ${f.source}`,
        );
    return 0;
  });
}

export function runFeedAdd(
  location: string,
  name: string,
  o: { kind: string; source: string; interval?: string },
): Promise<number> {
  const interval = o.interval === undefined ? undefined : Number(o.interval);
  const settings = checkedFeed(name, {
    kind: o.kind,
    source: o.source,
    ...(interval === undefined ? {} : { intervalSeconds: interval }),
  });
  return withStore(location, async (store) => {
    const outcome = await store.feeds.putFeed(settings, new Date().toISOString());
    console.error(`${outcome} feed ${name} (${settings.kind}, every ${settings.intervalSeconds} s): due now`);
    return 0;
  });
}

export function runFeedRemove(location: string, name: string): Promise<number> {
  return withStore(location, async (store) => {
    if (await store.feeds.deleteFeed(name)) return 0;
    console.error(`supplygraph: no feed is named "${name}"`);
    return 1;
  });
}

/** Syncs the named feed now, or every feed that is due; exit 1 when a sync failed or the feed is busy. */
export function runFeedSync(location: string, name: string | undefined): Promise<number> {
  return withStore(location, async (store) => {
    const owner = `cli-${hostname()}-${process.pid}`;
    let failed = false;
    for (let feed = await claim(store, owner, name); feed; feed = name ? undefined : await claim(store, owner)) {
      const { sync } = await syncHere(store, feed, {
        collector: DEFAULTS.collector,
        maxDocumentBytes: DEFAULTS.maxDocumentSize,
        fetch: DEFAULT_FEEDS.fetch,
      });
      const c = sync.changes;
      console.error(
        `${feed.name}: ${sync.status} in ${sync.millis} ms (added ${c.added}, updated ${c.updated}, removed ${c.removed}, unchanged ${c.unchanged}, failed ${c.failed})${sync.error ? `: ${sync.error}` : ''}`,
      );
      failed ||= sync.status === 'failed';
      if (name) return failed ? 1 : 0;
    }
    if (name === undefined) return failed ? 1 : 0;
    const known = (await store.feeds.getFeed(name)) !== undefined;
    console.error(
      known
        ? `supplygraph: feed ${name} is being synced by another process`
        : `supplygraph: no feed is named "${name}"`,
    );
    return 1;
  });
}

function claim(store: GraphStore, owner: string, name?: string): Promise<StoredFeed | undefined> {
  const now = Date.now();
  return store.feeds.claimFeed(new Date(now).toISOString(), owner, new Date(now + LEASE_MS).toISOString(), name);
}
