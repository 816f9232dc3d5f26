// Bodies of the feeds API (docs/api.md, "Feeds").
import { Type, type Static } from 'typebox';
import { FEED_KINDS, shownSource, type StoredFeed } from '../../model/feed.js';
import { StringEnum } from './typebox.js';

const ChangesSchema = Type.Object({
  added: Type.Integer(),
  updated: Type.Integer(),
  removed: Type.Integer({ description: 'Records gone from the source: each withdrawn (it stops matching).' }),
  unchanged: Type.Integer(),
  failed: Type.Integer({ description: 'Records left out, each alone (the first named in `error`).' }),
});

export const FeedSyncSchema = Type.Object({
  startedAt: Type.String(),
  millis: Type.Integer(),
  status: StringEnum(['changed', 'unchanged', 'failed'], {
    description: '`unchanged`: the source had not changed (one conditional request), or nothing in it was new.',
  }),
  changes: ChangesSchema,
  error: Type.Union([Type.String(), Type.Null()], {
    description: 'Why it failed (the data stored before is intact), or the records left out.',
  }),
});

export const FeedSchema = Type.Object({
  name: Type.String(),
  kind: StringEnum(FEED_KINDS),
  source: Type.String({ description: 'An http(s) URL, or a path on the server.' }),
  intervalSeconds: Type.Integer(),
  createdAt: Type.String(),
  nextSyncAt: Type.String({ description: 'When it is due next (sooner after a failure, doubling per failure).' }),
  failures: Type.Integer({ description: 'Failed syncs in a row.' }),
  lastSync: Type.Union([FeedSyncSchema, Type.Null()]),
});
export type FeedBody = Static<typeof FeedSchema>;

export const FeedListSchema = Type.Object({ feeds: Type.Array(FeedSchema) });
export const FeedSyncListSchema = Type.Object({ syncs: Type.Array(FeedSyncSchema, { description: 'Newest first.' }) });

export const FeedSettingsSchema = Type.Object(
  {
    kind: Type.String({ description: `One of ${FEED_KINDS.join(', ')}.` }),
    source: Type.String({ minLength: 1, maxLength: 2048 }),
    intervalSeconds: Type.Optional(
      Type.Integer({ description: 'Seconds between syncs (60 to 31 days; default a day).' }),
    ),
  },
  { additionalProperties: false },
);

export const SyncStartedSchema = Type.Object({
  feed: Type.String(),
  status: StringEnum(['started']),
});

/** The stored feed as the API shows it (the source's validators are internal). */
export function feedBody(f: StoredFeed): FeedBody {
  return {
    name: f.name,
    kind: f.kind,
    source: shownSource(f.source),
    intervalSeconds: f.intervalSeconds,
    createdAt: f.createdAt,
    nextSyncAt: f.nextSyncAt,
    failures: f.failures,
    lastSync: f.lastSync && syncBody(f.lastSync),
  };
}

export function syncBody(s: NonNullable<StoredFeed['lastSync']>): Static<typeof FeedSyncSchema> {
  return { startedAt: s.startedAt, millis: s.millis, status: s.status, changes: s.changes, error: s.error };
}
