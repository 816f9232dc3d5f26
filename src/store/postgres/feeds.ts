// PostgreSQL's FeedStore (../feed-rows.ts): a claim is one UPDATE that skips a row another replica
// is claiming, so one replica syncs a feed at a time.
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
import { POSTGRES_DIALECT as D } from '../schema/dialect.js';
import type { FeedRecord, FeedStore } from '../types.js';
import type { Db } from './connection.js';
import { pgStatement } from './projects.js';
import { inTransaction } from './transaction.js';

/** Ids per statement: well under PostgreSQL's 65,535 parameters. */
const IDS_PER_STATEMENT = 5000;

export class PgFeeds implements FeedStore {
  constructor(private readonly db: Db) {}

  putFeed(settings: FeedSettings, at: string): Promise<'created' | 'updated'> {
    return inTransaction(this.db, async (tx) => {
      const existed = (await tx.rows(pgStatement(feedNamedSql(D, settings.name)))).length > 0;
      await tx.run(pgStatement(putFeedSql(D, settings, at)));
      return existed ? 'updated' : 'created';
    });
  }

  deleteFeed(name: string): Promise<boolean> {
    return inTransaction(this.db, async (tx) => {
      for (const s of deleteFeedSql(D, name)) await tx.run(pgStatement(s));
      return (await tx.rows(pgStatement(deleteFeedRowSql(D, name)))).length > 0;
    });
  }

  async listFeeds(): Promise<StoredFeed[]> {
    return (await this.db.rows<FeedRowValues>(pgStatement(listFeedsSql(D)))).map(feedFromRow);
  }

  async getFeed(name: string): Promise<StoredFeed | undefined> {
    const [row] = await this.db.rows<FeedRowValues>(pgStatement(feedNamedSql(D, name)));
    return row && feedFromRow(row);
  }

  async claimFeed(now: string, owner: string, leaseUntil: string, name?: string): Promise<StoredFeed | undefined> {
    const [row] = await this.db.rows<FeedRowValues>(pgStatement(claimFeedSql(D, now, owner, leaseUntil, name)));
    return row && feedFromRow(row);
  }

  finishSync(sync: FeedSync, state: FeedState): Promise<void> {
    return inTransaction(this.db, async (tx) => {
      for (const s of finishSyncSql(D, sync, state)) await tx.run(pgStatement(s));
    });
  }

  async feedSyncs(name: string, limit: number): Promise<FeedSync[]> {
    return (await this.db.rows<FeedSyncRowValues>(pgStatement(feedSyncsSql(D, name, limit)))).map(syncFromRow);
  }

  async feedRecords(feed: string, ids: readonly string[]): Promise<FeedRecord[]> {
    const out: FeedRecord[] = [];
    for (const c of inChunks(ids, IDS_PER_STATEMENT))
      out.push(...(await this.db.rows<FeedRecordRowValues>(pgStatement(feedRecordsSql(D, feed, c)))));
    return out;
  }

  async feedRecordIds(feed: string): Promise<string[]> {
    return (await this.db.rows<{ id: string }>(pgStatement(feedRecordIdsSql(D, feed)))).map((r) => r.id);
  }

  putFeedRecords(feed: string, records: readonly FeedRecord[]): Promise<void> {
    return inTransaction(this.db, async (tx) => {
      for (const c of inChunks(records, IDS_PER_STATEMENT / 4))
        await tx.run(pgStatement(putFeedRecordsSql(D, feed, c)));
    });
  }
}
