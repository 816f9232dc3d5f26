// Feeds, their syncs and the records an OSV archive feed has taken, as both backends keep them
// (schema step 15): plain rows beside the graph. One SQL builder per statement, one row → record
// mapping. A sync is claimed with a lease, so on PostgreSQL one replica syncs a feed at a time.
import {
  NO_CHANGES,
  type FeedKind,
  type FeedSettings,
  type FeedState,
  type FeedSync,
  type StoredFeed,
} from '../model/feed.js';
import { SqlParams, type Dialect, type SqlStatement } from './schema/dialect.js';

export interface FeedRowValues {
  name: string;
  kind: string;
  source: string;
  interval_seconds: number | string;
  created_at: string;
  etag: string | null;
  last_modified: string | null;
  next_sync_at: string;
  failures: number | string;
  last_sync: string | null;
}

export interface FeedSyncRowValues {
  feed: string;
  started_at: string;
  millis: number | string;
  status: string;
  changes: string;
  error: string | null;
}

export interface FeedRecordRowValues {
  id: string;
  modified: string;
  digest: string;
}

/** `items` in runs of at most `size` (one statement each). */
export function inChunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const FEED_COLUMNS =
  'name, kind, source, interval_seconds, created_at, etag, last_modified, next_sync_at, failures, last_sync';

export function feedFromRow(r: FeedRowValues): StoredFeed {
  return {
    name: r.name,
    kind: r.kind as FeedKind,
    source: r.source,
    intervalSeconds: Number(r.interval_seconds),
    createdAt: r.created_at,
    etag: r.etag,
    lastModified: r.last_modified,
    nextSyncAt: r.next_sync_at,
    failures: Number(r.failures),
    lastSync: r.last_sync === null ? null : (JSON.parse(r.last_sync) as FeedSync),
  };
}

export function syncFromRow(r: FeedSyncRowValues): FeedSync {
  return {
    feed: r.feed,
    startedAt: r.started_at,
    millis: Number(r.millis),
    status: r.status as FeedSync['status'],
    changes: { ...NO_CHANGES, ...(JSON.parse(r.changes) as object) },
    error: r.error,
  };
}

export function listFeedsSql(d: Dialect): SqlStatement {
  return { text: `SELECT ${FEED_COLUMNS} FROM ${d.table('feeds')} ORDER BY name`, params: [] };
}

export function feedNamedSql(d: Dialect, name: string): SqlStatement {
  const p = new SqlParams(d);
  return p.statement(`SELECT ${FEED_COLUMNS} FROM ${d.table('feeds')} WHERE name = ${p.bind(name)}`);
}

/** Creates the feed, or changes its kind, source and interval; either way it is due at once. */
export function putFeedSql(d: Dialect, f: FeedSettings, at: string): SqlStatement {
  const p = new SqlParams(d);
  const v = [f.name, f.kind, f.source, f.intervalSeconds, at, at].map((x) => p.bind(x));
  return p.statement(
    `INSERT INTO ${d.table('feeds')} (name, kind, source, interval_seconds, created_at, next_sync_at, failures)
     VALUES (${v.join(', ')}, 0)
     ON CONFLICT (name) DO UPDATE SET kind = excluded.kind, source = excluded.source,
       interval_seconds = excluded.interval_seconds, next_sync_at = excluded.next_sync_at, failures = 0,
       etag = CASE WHEN ${d.table('feeds')}.source = excluded.source THEN ${d.table('feeds')}.etag END,
       last_modified = CASE WHEN ${d.table('feeds')}.source = excluded.source THEN ${d.table('feeds')}.last_modified END`,
  );
}

/** A feed, its syncs and its records go together. */
export function deleteFeedSql(d: Dialect, name: string): SqlStatement[] {
  return ['feed_records', 'feed_syncs'].map((t) => {
    const p = new SqlParams(d);
    return p.statement(`DELETE FROM ${d.table(t)} WHERE feed = ${p.bind(name)}`);
  });
}

export function deleteFeedRowSql(d: Dialect, name: string): SqlStatement {
  const p = new SqlParams(d);
  return p.statement(`DELETE FROM ${d.table('feeds')} WHERE name = ${p.bind(name)} RETURNING name`);
}

/**
 * Leases the feed due first (or the one named, due or not) to `owner` until `leaseUntil`, unless
 * another holds a live lease: one statement, so two replicas never both take it (PostgreSQL skips
 * a row another is claiming).
 */
export function claimFeedSql(d: Dialect, now: string, owner: string, leaseUntil: string, name?: string): SqlStatement {
  const p = new SqlParams(d);
  // Bound in the order the text names them (SQLite's parameters are positional).
  const [o, until] = [p.bind(owner), p.bind(leaseUntil)];
  const which = name === undefined ? `next_sync_at <= ${p.bind(now)}` : `name = ${p.bind(name)}`;
  const free = `(lease_until IS NULL OR lease_until < ${p.bind(now)})`;
  const lock = d.name === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
  const feeds = d.table('feeds');
  return p.statement(
    `UPDATE ${feeds} SET lease_owner = ${o}, lease_until = ${until}
     WHERE name = (SELECT name FROM ${feeds} WHERE ${which} AND ${free} ORDER BY next_sync_at, name LIMIT 1${lock})
     RETURNING ${FEED_COLUMNS}`,
  );
}

/** The sync recorded, the feed's state set, its lease given back. */
export function finishSyncSql(d: Dialect, sync: FeedSync, state: FeedState): SqlStatement[] {
  const p = new SqlParams(d);
  const s = [sync.feed, sync.startedAt, sync.millis, sync.status, JSON.stringify(sync.changes), sync.error];
  const insert = p.statement(
    `INSERT INTO ${d.table('feed_syncs')} (feed, started_at, millis, status, changes, error)
     VALUES (${s.map((x) => p.bind(x)).join(', ')})`,
  );
  const q = new SqlParams(d);
  const set = [state.etag, state.lastModified, state.nextSyncAt, state.failures, JSON.stringify(sync)].map((x) =>
    q.bind(x),
  );
  const update = q.statement(
    `UPDATE ${d.table('feeds')} SET etag = ${set[0]}, last_modified = ${set[1]}, next_sync_at = ${set[2]},
       failures = ${set[3]}, last_sync = ${set[4]}, lease_owner = NULL, lease_until = NULL
     WHERE name = ${q.bind(sync.feed)}`,
  );
  return [insert, update];
}

export function feedSyncsSql(d: Dialect, name: string, limit: number): SqlStatement {
  const p = new SqlParams(d);
  return p.statement(`SELECT feed, started_at, millis, status, changes, error FROM ${d.table('feed_syncs')}
    WHERE feed = ${p.bind(name)} ORDER BY started_at DESC LIMIT ${p.bind(limit)}`);
}

/** The records of a feed among `ids` (a batch of an archive's entries). */
export function feedRecordsSql(d: Dialect, feed: string, ids: readonly string[]): SqlStatement {
  const p = new SqlParams(d);
  const where = `feed = ${p.bind(feed)}`;
  const list = ids.map((id) => p.bind(id)).join(', ');
  return p.statement(`SELECT id, modified, digest FROM ${d.table('feed_records')} WHERE ${where} AND id IN (${list})`);
}

/** The ids of the records a feed holds, but those it withdrew (kept with the digest `withdrawn`). */
export function feedRecordIdsSql(d: Dialect, feed: string): SqlStatement {
  const p = new SqlParams(d);
  return p.statement(
    `SELECT id FROM ${d.table('feed_records')} WHERE feed = ${p.bind(feed)} AND digest <> 'withdrawn'`,
  );
}

export function putFeedRecordsSql(d: Dialect, feed: string, records: readonly FeedRecordRowValues[]): SqlStatement {
  const p = new SqlParams(d);
  const tuples = records.map((r) => `(${[feed, r.id, r.modified, r.digest].map((x) => p.bind(x)).join(', ')})`);
  return p.statement(`INSERT INTO ${d.table('feed_records')} (feed, id, modified, digest) VALUES ${tuples.join(', ')}
    ON CONFLICT (feed, id) DO UPDATE SET modified = excluded.modified, digest = excluded.digest`);
}
