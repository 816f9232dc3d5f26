// Feeds the server keeps current (docs/api.md, "Feeds"): a kind of vulnerability data, where it
// is read from, and how often; each sync recorded.

export const FEED_KINDS = ['osv-archive', 'osv-records', 'kev', 'epss'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** What a user sets. */
export interface FeedSettings {
  name: string;
  kind: FeedKind;
  /** An http(s) URL or a path on the server's machine. */
  source: string;
  /** Seconds between syncs. */
  intervalSeconds: number;
}

export type SyncStatus = 'changed' | 'unchanged' | 'failed';

/** One sync of a feed: when, what it changed, or why it failed. */
export interface FeedSync {
  feed: string;
  startedAt: string;
  millis: number;
  status: SyncStatus;
  /** Records (OSV) or entries (KEV, EPSS) added, updated, withdrawn or gone, unchanged, failed. */
  changes: SyncChanges;
  /** Why it failed (status failed), or the first failures of records that were left out. */
  error: string | null;
}

export interface SyncChanges {
  added: number;
  updated: number;
  /** Records that disappeared from the source (they stop matching). */
  removed: number;
  unchanged: number;
  /** Records that could not be taken (each left out; the sync goes on). */
  failed: number;
}

export const NO_CHANGES: SyncChanges = { added: 0, updated: 0, removed: 0, unchanged: 0, failed: 0 };

/** A feed with its state: the validators of its last download and when it is due. */
export interface StoredFeed extends FeedSettings {
  createdAt: string;
  /** The source's ETag and Last-Modified (or a file's size and time) when it was last read whole. */
  etag: string | null;
  lastModified: string | null;
  nextSyncAt: string;
  /** Failed syncs in a row (the retry delay doubles with each). */
  failures: number;
  lastSync: FeedSync | null;
}

/** What a finished sync leaves for the next one. */
export interface FeedState {
  etag: string | null;
  lastModified: string | null;
  nextSyncAt: string;
  failures: number;
}

/**
 * A source as answers, logs and errors show it: a URL's user and password (a private mirror's
 * credentials) replaced by `***`. The stored source keeps them.
 */
export function shownSource(source: string): string {
  return source.replace(/^(https?:\/\/)[^/@\s]*@/i, '$1***@');
}

/** A feed's settings that cannot be taken: the message names the field. */
export class FeedSettingsError extends Error {}
