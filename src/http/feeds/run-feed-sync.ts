// One feed sync, run on a worker thread of its own when the store can be reopened there (an
// archive of 500,000 records is minutes of parsing and writing the event loop must not carry),
// else in this thread. Either way the sync opens nothing the server's readers wait on.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FetchLimits } from '../../ingest/feeds/fetch-source.js';
import { syncFeed, type FeedSyncOutcome } from '../../ingest/feeds/sync.js';
import type { StoredFeed } from '../../model/feed.js';
import { storeLocationOf, type StoreOptions } from '../../store/open.js';
import type { GraphStore } from '../../store/types.js';
import { runWorkerJob } from '../worker-job.js';

const WORKER_FILE = fileURLToPath(new URL('./feed-worker.js', import.meta.url));

export interface FeedSyncSettings {
  collector: string;
  maxDocumentBytes: number;
  fetch: FetchLimits;
}

export interface FeedJob extends FeedSyncSettings {
  feed: StoredFeed;
  location: string;
  storeOptions: StoreOptions;
}

/** Syncs a claimed feed on `store`. */
export function runFeedSync(store: GraphStore, feed: StoredFeed, settings: FeedSyncSettings): Promise<FeedSyncOutcome> {
  const where = storeLocationOf(store);
  if (where && existsSync(WORKER_FILE)) {
    const job: FeedJob = { ...settings, feed, location: where.location, storeOptions: where.options };
    return runWorkerJob<FeedSyncOutcome>(WORKER_FILE, job, `the sync of feed ${feed.name}`);
  }
  return syncHere(store, feed, settings);
}

export function syncHere(store: GraphStore, feed: StoredFeed, settings: FeedSyncSettings): Promise<FeedSyncOutcome> {
  return syncFeed(feed, {
    feeds: store.feeds,
    exploitation: store.exploitation,
    ingest: {
      store,
      collector: settings.collector,
      maxDocumentBytes: settings.maxDocumentBytes,
      ingestedBy: `feed:${feed.name}`,
    },
    fetch: settings.fetch,
    now: Date.now,
  });
}
