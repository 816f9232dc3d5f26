// /v0/feeds (docs/api.md, "Feeds"): the feeds the server keeps current, each with its last sync;
// written and deleted with the admin scope; a sync started on request (202: it may take minutes,
// its outcome is read at the feed). The settings body is a small JSON document (json-body.ts).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { checkedFeed } from '../../query/feeds.js';
import { ProblemError } from '../errors.js';
import { acceptJsonOnly } from '../json-body.js';
import { FEEDS_PATH } from '../paths.js';
import {
  FeedListSchema,
  FeedSchema,
  FeedSettingsSchema,
  FeedSyncListSchema,
  SyncStartedSchema,
  feedBody,
  syncBody,
} from '../schemas/feeds.js';
import { jsonResponse, problemResponses, requestErrors } from '../schemas/responses.js';

const NameParams = Type.Object({ name: Type.String({ description: 'The feed name.' }) });
const SETTINGS_BODY_LIMIT = 8 * 1024;
/** Syncs listed at a feed's syncs. */
const SYNCS_LISTED = 50;

async function storedFeed(app: FastifyInstance, name: string) {
  const found = await app.ports.feeds.getFeed(name);
  if (!found) throw new ProblemError('SG_FEED_NOT_FOUND', `no feed is named "${name}"`);
  return found;
}

type TypedApp = Parameters<FastifyPluginAsyncTypebox>[0];
const tags = ['feeds'];

const readRoutes: FastifyPluginAsyncTypebox = (app) => {
  const errors = { ...requestErrors, ...problemResponses(401, 404, 429, 502) };
  app.get(
    FEEDS_PATH,
    {
      config: { access: 'read' },
      schema: {
        operationId: 'listFeeds',
        summary: 'The feeds, by name, each with its last sync',
        tags,
        response: { 200: jsonResponse('Every feed', FeedListSchema), ...errors },
      },
    },
    async () => ({ feeds: (await app.ports.feeds.listFeeds()).map(feedBody) }),
  );
  app.get(
    `${FEEDS_PATH}/:name`,
    {
      config: { access: 'read' },
      schema: {
        operationId: 'getFeed',
        summary: 'One feed and its last sync',
        tags,
        params: NameParams,
        response: { 200: jsonResponse('The feed', FeedSchema), ...errors },
      },
    },
    async (request) => feedBody(await storedFeed(app, request.params.name)),
  );
  app.get(
    `${FEEDS_PATH}/:name/syncs`,
    {
      config: { access: 'read' },
      schema: {
        operationId: 'listFeedSyncs',
        summary: "A feed's last syncs, newest first",
        tags,
        params: NameParams,
        response: { 200: jsonResponse('Its syncs', FeedSyncListSchema), ...errors },
      },
    },
    async (request) => {
      await storedFeed(app, request.params.name);
      return { syncs: (await app.ports.feeds.feedSyncs(request.params.name, SYNCS_LISTED)).map(syncBody) };
    },
  );
  return Promise.resolve();
};

function putFeedRoute(app: TypedApp): void {
  app.put(
    `${FEEDS_PATH}/:name`,
    {
      bodyLimit: SETTINGS_BODY_LIMIT,
      config: { access: 'admin', buffersBody: true },
      schema: {
        operationId: 'putFeed',
        summary: 'Create or change a feed (due at once)',
        tags,
        params: NameParams,
        body: FeedSettingsSchema,
        response: {
          200: jsonResponse('Changed', FeedSchema),
          201: jsonResponse('Created', FeedSchema),
          ...requestErrors,
          ...problemResponses(400, 401, 403, 415, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const settings = checkedFeed(request.params.name, request.body);
      const outcome = await app.ports.feeds.putFeed(settings, new Date(app.indexService.now()).toISOString());
      await app.audit(request, { action: 'feed.put', digest: null, result: outcome });
      // Due at once: a server that checks by itself takes it now.
      if (app.feedScheduler.started) void app.feedScheduler.tick();
      return reply.code(outcome === 'created' ? 201 : 200).send(feedBody(await storedFeed(app, settings.name)));
    },
  );
}

function deleteFeedRoute(app: TypedApp): void {
  app.delete(
    `${FEEDS_PATH}/:name`,
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'deleteFeed',
        summary: 'Delete a feed (what it stored stays)',
        tags,
        params: NameParams,
        response: {
          204: { description: 'Deleted', type: 'null' },
          ...requestErrors,
          ...problemResponses(401, 403, 404, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const deleted = await app.ports.feeds.deleteFeed(request.params.name);
      await app.audit(request, { action: 'feed.delete', digest: null, result: deleted ? 'deleted' : 'not-found' });
      if (!deleted) throw new ProblemError('SG_FEED_NOT_FOUND', `no feed is named "${request.params.name}"`);
      return reply.code(204).send(null);
    },
  );
}

function syncFeedRoute(app: TypedApp): void {
  app.post(
    `${FEEDS_PATH}/:name/sync`,
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'syncFeed',
        summary: 'Sync a feed now (its outcome is then at the feed)',
        tags,
        params: NameParams,
        response: {
          202: jsonResponse('Started', SyncStartedSchema),
          ...requestErrors,
          ...problemResponses(401, 403, 404, 409, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const started = await app.feedScheduler.syncNow(name);
      await app.audit(request, { action: 'feed.sync', digest: null, result: started });
      if (started === 'not-found') throw new ProblemError('SG_FEED_NOT_FOUND', `no feed is named "${name}"`);
      if (started === 'busy')
        throw new ProblemError('SG_FEED_BUSY', `feed ${name} is being synced; see GET ${FEEDS_PATH}/${name}`);
      return reply
        .code(202)
        .header('location', `${FEEDS_PATH}/${name}`)
        .send({ feed: name, status: 'started' as const });
    },
  );
}

const writeRoutes: FastifyPluginAsyncTypebox = (app) => {
  acceptJsonOnly(app);
  putFeedRoute(app);
  deleteFeedRoute(app);
  syncFeedRoute(app);
  return Promise.resolve();
};

const feedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(readRoutes);
  await app.register(writeRoutes);
};

export default feedRoutes;
