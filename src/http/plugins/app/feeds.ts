// The feed scheduler of a running server (../../feeds/feed-scheduler.ts): checks for due feeds
// every `checkIntervalMs` once the app is ready (0: only on request), and stops with the app.
import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import { FeedScheduler } from '../../feeds/feed-scheduler.js';
import { runFeedSync, type FeedSyncSettings } from '../../feeds/run-feed-sync.js';

export interface FeedOptions extends Omit<FeedSyncSettings, 'collector' | 'maxDocumentBytes'> {
  /** How often to look for due feeds, ms; 0: never by itself (a sync on request still runs). */
  checkIntervalMs: number;
}

export const DEFAULT_FEEDS: FeedOptions = {
  checkIntervalMs: 0,
  fetch: { timeoutMs: 10 * 60 * 1000, maxBytes: 8 * 1024 ** 3 },
};

declare module 'fastify' {
  interface FastifyInstance {
    feedScheduler: FeedScheduler;
  }
}

export default fp<{ feeds?: FeedOptions }>(
  (app, options, done) => {
    const feeds = options.feeds ?? DEFAULT_FEEDS;
    const store = app.ports.writes;
    const settings = (): FeedSyncSettings => ({
      collector: app.uploadOptions.collector,
      maxDocumentBytes: app.uploadOptions.maxDocumentBytes,
      fetch: feeds.fetch,
    });
    const scheduler = new FeedScheduler({
      feeds: store.feeds,
      run: (feed) => runFeedSync(store, feed, settings()),
      afterChange: () => app.indexService.refresh(),
      now: app.indexService.now,
      owner: `${hostname()}-${process.pid}`,
      logger: app.log,
    });
    app.decorate('feedScheduler', scheduler);
    app.addHook('onReady', (ready) => {
      if (feeds.checkIntervalMs > 0) scheduler.start(feeds.checkIntervalMs);
      ready();
    });
    app.addHook('onClose', (_app, closed) => {
      scheduler.stop();
      closed();
    });
    done();
  },
  { name: 'feeds', dependencies: ['api-context'] },
);
