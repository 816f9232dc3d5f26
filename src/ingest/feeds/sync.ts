// One sync of a feed (docs/api.md, "Feeds"): its source read when it changed, its records or
// entries taken, the outcome recorded with the state the next sync starts from. A failure of any
// kind leaves what was stored before in place, and the feed is retried sooner than its interval,
// the delay doubling with each failure in a row.
import { readFile } from 'node:fs/promises';
import {
  NO_CHANGES,
  shownSource,
  type FeedState,
  type FeedSync,
  type StoredFeed,
  type SyncChanges,
} from '../../model/feed.js';
import type { ExploitationStore, FeedStore } from '../../store/types.js';
import { importExploitation } from '../exploitation/import.js';
import type { IngestOptions } from '../pipeline.js';
import { directorySource, fetchSource, type FetchLimits } from './fetch-source.js';
import { syncOsvArchive, syncOsvRecordFiles } from './osv-archive.js';

/** The first retry after a failure; each failure in a row doubles it, up to the feed's interval. */
export const FIRST_RETRY_MS = 60_000;

export interface FeedSyncOptions {
  feeds: FeedStore;
  exploitation: ExploitationStore;
  /** How records are ingested (store, collector, limits). */
  ingest: IngestOptions;
  fetch: FetchLimits;
  now: () => number;
}

export interface FeedSyncOutcome {
  sync: FeedSync;
  state: FeedState;
}

const iso = (ms: number): string => new Date(ms).toISOString();

export function retryDelayMs(failures: number, intervalSeconds: number): number {
  return Math.min(intervalSeconds * 1000, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}

/** Syncs the feed (which the caller has claimed) and records the outcome. */
export async function syncFeed(feed: StoredFeed, o: FeedSyncOptions): Promise<FeedSyncOutcome> {
  const started = o.now();
  const outcome = await attempt(feed, o, started);
  await o.feeds.finishSync(outcome.sync, outcome.state);
  return outcome;
}

async function attempt(feed: StoredFeed, o: FeedSyncOptions, started: number): Promise<FeedSyncOutcome> {
  const base = { feed: feed.name, startedAt: iso(started) };
  try {
    const fetched =
      feed.kind === 'osv-records' ? await directorySource(feed.source) : await fetchSource(feed.source, feed, o.fetch);
    const next = { nextSyncAt: iso(started + feed.intervalSeconds * 1000), failures: 0 };
    if (fetched.status === 'unchanged') {
      const sync = {
        ...base,
        millis: o.now() - started,
        status: 'unchanged' as const,
        changes: NO_CHANGES,
        error: null,
      };
      return { sync, state: { etag: feed.etag, lastModified: feed.lastModified, ...next } };
    }
    try {
      const { changes, failures } = await take(feed, fetched.path, o);
      const changed = changes.added + changes.updated + changes.removed > 0;
      const error = failures.length ? `${changes.failed} left out: ${failures.join('; ')}` : null;
      const sync = {
        ...base,
        millis: o.now() - started,
        status: changed ? ('changed' as const) : ('unchanged' as const),
        changes,
        error,
      };
      return { sync, state: { ...fetched.validators, ...next } };
    } finally {
      await fetched.done();
    }
  } catch (err) {
    const failures = feed.failures + 1;
    const error = err instanceof Error ? err.message : String(err);
    const sync = { ...base, millis: o.now() - started, status: 'failed' as const, changes: NO_CHANGES, error };
    const nextSyncAt = iso(started + retryDelayMs(failures, feed.intervalSeconds));
    return { sync, state: { etag: feed.etag, lastModified: feed.lastModified, nextSyncAt, failures } };
  }
}

async function take(
  feed: StoredFeed,
  path: string,
  o: FeedSyncOptions,
): Promise<{ changes: SyncChanges; failures: string[] }> {
  if (feed.kind === 'osv-archive' || feed.kind === 'osv-records') {
    const job = {
      feed: feed.name,
      source: shownSource(feed.source),
      path,
      feeds: o.feeds,
      ingest: o.ingest,
      now: o.now,
    };
    if (feed.kind === 'osv-archive') return syncOsvArchive(job);
    // Origins are `<directory>/<path below it>`, however the directory was written.
    return syncOsvRecordFiles({ ...job, source: job.source.replace(/\/+$/, ''), within: '/' });
  }
  const imported = await importExploitation(
    o.exploitation,
    feed.kind,
    await readFile(path),
    shownSource(feed.source),
    iso(o.now()),
  );
  const entries = imported.source.entries;
  const changes =
    imported.result === 'replaced' ? { ...NO_CHANGES, updated: entries } : { ...NO_CHANGES, unchanged: entries };
  return { changes, failures: [] };
}
