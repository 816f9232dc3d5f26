// SQLite's FeedStore (../feed-rows.ts): each write one IMMEDIATE transaction, so a claim is atomic.
import type { Database } from 'better-sqlite3';
import type { FeedSettings, FeedState, FeedSync, StoredFeed } from '../../model/feed.js';
import {
  claimFeedSql,
  deleteFeedRowSql,
  deleteFeedSql,
  feedFromRow,
  feedNamedSql,
  feedRecordIdsSql,
  feedRecordsSql,
  feedSyncsSql,
  inChunks,
  finishSyncSql,
  listFeedsSql,
  putFeedRecordsSql,
  putFeedSql,
  syncFromRow,
  type FeedRecordRowValues,
  type FeedRowValues,
  type FeedSyncRowValues,
} from '../feed-rows.js';
import { SQLITE_DIALECT as D } from '../schema/dialect.js';
import type { FeedRecord, FeedStore } from '../types.js';
import { PreparedStatements } from './projects.js';

/** Ids per statement: under SQLite's 32,766 parameters with room to spare. */
const IDS_PER_STATEMENT = 1000;

export class SqliteFeeds implements FeedStore {
  private readonly sql: PreparedStatements;

  constructor(private readonly db: Database) {
    this.sql = new PreparedStatements(db);
  }

  private inTransaction<T>(work: () => T): Promise<T> {
    return Promise.resolve(this.db.transaction(work).immediate());
  }

  putFeed(settings: FeedSettings, at: string): Promise<'created' | 'updated'> {
    return this.inTransaction(() => {
      const existed = this.sql.get(feedNamedSql(D, settings.name)) !== undefined;
      this.sql.run([putFeedSql(D, settings, at)]);
      return existed ? 'updated' : 'created';
    });
  }

  deleteFeed(name: string): Promise<boolean> {
    return this.inTransaction(() => {
      this.sql.run(deleteFeedSql(D, name));
      return this.sql.all(deleteFeedRowSql(D, name)).length > 0;
    });
  }

  listFeeds(): Promise<StoredFeed[]> {
    return Promise.resolve(this.sql.all<FeedRowValues>(listFeedsSql(D)).map(feedFromRow));
  }

  getFeed(name: string): Promise<StoredFeed | undefined> {
    const row = this.sql.get<FeedRowValues>(feedNamedSql(D, name));
    return Promise.resolve(row && feedFromRow(row));
  }

  claimFeed(now: string, owner: string, leaseUntil: string, name?: string): Promise<StoredFeed | undefined> {
    return this.inTransaction(() => {
      const [row] = this.sql.all<FeedRowValues>(claimFeedSql(D, now, owner, leaseUntil, name));
      return row && feedFromRow(row);
    });
  }

  finishSync(sync: FeedSync, state: FeedState): Promise<void> {
    return this.inTransaction(() => this.sql.run(finishSyncSql(D, sync, state)));
  }

  feedSyncs(name: string, limit: number): Promise<FeedSync[]> {
    return Promise.resolve(this.sql.all<FeedSyncRowValues>(feedSyncsSql(D, name, limit)).map(syncFromRow));
  }

  feedRecords(feed: string, ids: readonly string[]): Promise<FeedRecord[]> {
    const found = inChunks(ids, IDS_PER_STATEMENT).flatMap((c) =>
      this.sql.all<FeedRecordRowValues>(feedRecordsSql(D, feed, c)),
    );
    return Promise.resolve(found);
  }

  feedRecordIds(feed: string): Promise<string[]> {
    return Promise.resolve(this.sql.all<{ id: string }>(feedRecordIdsSql(D, feed)).map((r) => r.id));
  }

  putFeedRecords(feed: string, records: readonly FeedRecord[]): Promise<void> {
    return this.inTransaction(() => {
      for (const c of inChunks(records, IDS_PER_STATEMENT / 4)) this.sql.run([putFeedRecordsSql(D, feed, c)]);
    });
  }
}
