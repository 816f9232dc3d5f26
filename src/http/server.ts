// Starts the API: open the store, load the index and build the app (openServer, which tests drive
// through inject), then listen (startServer); shut down gracefully on SIGTERM/SIGINT.
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { isLoopbackHost } from '../config/values.js';
import { IndexService } from '../index/index-service.js';
import { openStore } from '../store/open.js';
import type { PageLimits } from '../query/pagination.js';
import { buildApp } from './app.js';
import { hostAllowList } from './plugins/app/host-check.js';
import { ACCESS_LOG_SERIALIZERS } from './request-log.js';
import {
  DEFAULT_ACCESS,
  DEFAULT_BATCH,
  DEFAULT_UPLOADS,
  type AccessOptions,
  type BatchOptions,
  type UploadOptions,
} from './plugins/app/api-context.js';
import { DEFAULT_FEEDS } from './plugins/app/feeds.js';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from './limits.js';

export interface ServeOptions {
  store: string;
  host: string;
  port: number;
  limits: PageLimits;
  refreshIntervalMs: number;
  /** How often to look for feeds due a sync; 0 (the default here): only when asked. */
  feedCheckIntervalMs?: number;
  logLevel: string;
  /** Connection limits, budgets and the drain deadline; each defaults to its setting's default. */
  http?: Partial<HttpLimits>;
  /** Read access and rate limits; readAccess defaults by the host (open on loopback only). */
  access?: Partial<AccessOptions>;
  uploads?: Partial<UploadOptions>;
  batch?: Partial<BatchOptions>;
  corsOrigins?: readonly string[];
  /**
   * Host names accepted besides the loopback ones while reads are open on a loopback listener
   * (`*`: any); elsewhere any Host is accepted.
   */
  allowedHosts?: readonly string[];
  compressThresholdBytes?: number;
  /** The built web UI served at /ui/ (default dist/ui of this package). */
  uiDirectory?: string;
}

/** The app on its loaded index, ready to answer (through `app.inject`) but not listening. */
export interface OpenServer {
  app: FastifyInstance;
  service: IndexService;
  /** Graceful: stop accepting, let responses under way finish (up to the drain deadline), close. */
  close(): Promise<void>;
}

export interface RunningServer extends OpenServer {
  url: string;
}

/** Listens on the host and port of `options`. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const server = await openServer(options);
  try {
    const url = await server.app.listen({ host: options.host, port: options.port });
    announceAccess(server.app, options.host);
    // The address a newcomer opens first (the API's own docs page is at /docs).
    server.app.log.info({ ui: `${url}/ui/`, docs: `${url}/docs` }, `web UI at ${url}/ui/`);
    return { ...server, url };
  } catch (err) {
    await server.close();
    throw err;
  }
}

/** Says which read access is in force; a warning when anyone on the network may read the graph. */
function announceAccess(app: FastifyInstance, host: string): void {
  const { readAccess, rateLimitPerMinute, anonymousRateLimitPerMinute } = app.accessOptions;
  const limits = { rateLimitPerMinute, anonymousRateLimitPerMinute };
  if (readAccess === 'token') {
    app.log.info({ readAccess, ...limits }, 'read access: token (every request but /healthz and /readyz needs one)');
  } else if (isLoopbackHost(host)) {
    app.log.info({ readAccess, ...limits }, 'read access: open (reads need no token; listening on loopback only)');
  } else {
    app.log.warn(
      { readAccess, host, ...limits },
      `read access: open on ${host}, a non-loopback address: anyone who can reach the port can read the graph`,
    );
  }
}

/** Opens the store, loads the index and builds the app, without listening. */
export async function openServer(options: ServeOptions): Promise<OpenServer> {
  // Every limit not given is its setting's default, as the CLI's are (config/settings.ts).
  const limits: HttpLimits = { ...DEFAULT_HTTP_LIMITS, ...options.http };
  // Tokens never reach the log: the request serializer leaves headers out and censors query
  // parameters that can carry a credential (request-log.ts), and should a header object be
  // logged anyway, its credentials are censored.
  // Written asynchronously: a synchronous write per access-log line blocks the event loop on
  // the terminal or pipe, the largest per-request cost at the default level. Lines still buffered
  // are flushed at exit (pino registers it), so only a crash of the process itself loses them.
  const logger = pino(
    {
      level: options.logLevel,
      serializers: ACCESS_LOG_SERIALIZERS,
      redact: {
        paths: ['req.headers.authorization', 'request.headers.authorization', 'headers.authorization', 'authorization'],
        censor: '[redacted]',
      },
    },
    pino.destination({ dest: 1, sync: false }),
  );
  const store = await openStore(options.store);
  const service = new IndexService(store, { refreshIntervalMs: options.refreshIntervalMs, logger });
  await service.start();
  let draining = false;
  const readAccess = options.access?.readAccess ?? (isLoopbackHost(options.host) ? 'open' : 'token');
  const app = await buildApp(
    {
      service,
      limits: options.limits,
      queryBudgetMs: limits.queryBudgetMs,
      access: {
        ...DEFAULT_ACCESS,
        ...options.access,
        readAccess,
      },
      uploads: { ...DEFAULT_UPLOADS, ...options.uploads },
      batch: { ...DEFAULT_BATCH, ...options.batch },
      corsOrigins: options.corsOrigins,
      compressThresholdBytes: options.compressThresholdBytes,
      uiDirectory: options.uiDirectory,
      feeds: { ...DEFAULT_FEEDS, checkIntervalMs: options.feedCheckIntervalMs ?? 0 },
    },
    {
      logger,
      limits,
      isDraining: () => draining,
      allowedHosts: hostAllowList(options.host, readAccess, options.allowedHosts),
    },
  );
  // Responses not yet handed to the operating system in full ('close' follows 'finish').
  const inFlight = new Set<ServerResponse>();
  app.server.on('request', (_request, response: ServerResponse) => {
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });
  await app.ready();
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      draining = true;
      service.stop();
      // Stop accepting at once. Not through http.Server.close yet: it also destroys connections
      // whose response is fully written by the app but still queued for a slow reader.
      if (app.server.listening) NetServer.prototype.close.call(app.server);
      const deadline = Date.now() + limits.drainTimeoutMs;
      while (inFlight.size > 0 && Date.now() < deadline) await sleep(25);
      if (inFlight.size > 0) {
        logger.warn(
          { responses: inFlight.size },
          'drain deadline reached; closing connections with responses under way',
        );
        app.server.closeAllConnections();
      }
      await app.close(); // closes the idle keep-alive connections
      await store.close();
      // The last access-log lines reach their destination before close resolves.
      await new Promise<void>((resolve) => {
        logger.flush(() => resolve());
      });
    })();
    return closing;
  };
  return { app, service, close };
}
