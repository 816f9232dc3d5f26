// Keeps the feeds current in a running server (docs/api.md, "Feeds"): every check interval it
// claims the feed due first, syncs it, and goes on until none is due, one sync at a time. A claim
// is a lease in the store, so among replicas on one PostgreSQL database one syncs each feed; a
// lease left by a process that died runs out after LEASE_MS. A sync that changed something is
// followed by an index refresh.
import { retryDelayMs, type FeedSyncOutcome } from '../../ingest/feeds/sync.js';
import { NO_CHANGES, type FeedSync, type StoredFeed } from '../../model/feed.js';
import type { FeedStore } from '../../store/types.js';

/** How long a claim holds: longer than the slowest sync (a first import of a whole OSV archive). */
export const LEASE_MS = 60 * 60 * 1000;

export interface FeedSchedulerOptions {
  feeds: FeedStore;
  run: (feed: StoredFeed) => Promise<FeedSyncOutcome>;
  /** After a sync that changed something: the index refresh. */
  afterChange: () => Promise<unknown>;
  now: () => number;
  /** Names this process in leases. */
  owner: string;
  logger: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export class FeedScheduler {
  private queue: Promise<void> = Promise.resolve();
  private draining = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly o: FeedSchedulerOptions) {}

  /** Checks for due feeds every `intervalMs`. */
  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.tick(), intervalMs);
    this.timer.unref();
    void this.tick();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Checking for due feeds by itself (start was called). */
  get started(): boolean {
    return this.timer !== undefined;
  }

  /** Syncs the due feeds, one at a time, until none is due; settles when done. */
  tick(): Promise<void> {
    if (this.draining) return this.queue;
    this.draining = true;
    return this.enqueue(async () => {
      try {
        for (let feed = await this.claim(); feed; feed = await this.claim()) await this.syncOne(feed);
      } finally {
        this.draining = false;
      }
    });
  }

  /** Claims the named feed at once and syncs it after any sync under way. */
  async syncNow(name: string): Promise<'started' | 'busy' | 'not-found'> {
    const feed = await this.claim(name);
    if (!feed) return (await this.o.feeds.getFeed(name)) ? 'busy' : 'not-found';
    void this.enqueue(() => this.syncOne(feed));
    return 'started';
  }

  /** Settles once every sync queued so far has. */
  idle(): Promise<void> {
    return this.queue;
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(work).catch((err: unknown) => this.o.logger.error({ err }, 'feed sync failed'));
    return this.queue;
  }

  private claim(name?: string): Promise<StoredFeed | undefined> {
    const now = this.o.now();
    const until = new Date(now + LEASE_MS).toISOString();
    return this.o.feeds.claimFeed(new Date(now).toISOString(), this.o.owner, until, name);
  }

  private async syncOne(feed: StoredFeed): Promise<void> {
    const sync = await this.o.run(feed).then(
      (outcome) => outcome.sync,
      (err: unknown) => this.recordCrash(feed, err),
    );
    // Logged once the index has what the sync stored: the answers follow the line.
    if (sync.status === 'changed') await this.o.afterChange();
    const message = `feed ${feed.name} synced: ${sync.status}`;
    if (sync.status === 'failed') this.o.logger.error({ ...sync }, message);
    else this.o.logger.info({ ...sync }, message);
  }

  /** A sync that could not record its own outcome (its thread died): recorded failed, retried later. */
  private async recordCrash(feed: StoredFeed, err: unknown): Promise<FeedSync> {
    const now = this.o.now();
    const failures = feed.failures + 1;
    const error = err instanceof Error ? err.message : String(err);
    const sync: FeedSync = {
      feed: feed.name,
      startedAt: new Date(now).toISOString(),
      millis: 0,
      status: 'failed',
      changes: NO_CHANGES,
      error,
    };
    const nextSyncAt = new Date(now + retryDelayMs(failures, feed.intervalSeconds)).toISOString();
    await this.o.feeds.finishSync(sync, { etag: feed.etag, lastModified: feed.lastModified, nextSyncAt, failures });
    return sync;
  }
}
