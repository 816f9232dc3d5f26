// `supplygraph serve`: every option is checked, the store looked for and the port tried before
// the index loads; then the server runs until SIGTERM/SIGINT and closes gracefully.
import pino from 'pino';
import { EXPOSED_ANONYMOUS_RATE_LIMIT } from '../config/settings.js';
import { isLoopbackHost, type ReadAccess } from '../config/values.js';
import type { Invocation } from '../config/load.js';
import { DEFAULT_BATCH } from '../http/plugins/app/api-context.js';
import { batchOptionsProblem } from '../http/routes/query.js';
import { startServer, type ServeOptions } from '../http/server.js';
import { setStoreDefaults } from '../store/open.js';
import { probeListen, requireExistingStore } from './preflight.js';
import { signatureVerifierOf } from './signature-options.js';
import { storeOptionsOf } from './store-options.js';

type ServeSettings = Invocation<'serve'>['settings'];

/** --read-access as given, or by the host: open on loopback only, token anywhere else. */
function readAccessOf(settings: ServeSettings): ReadAccess {
  return settings.readAccess ?? (isLoopbackHost(settings.host) ? 'open' : 'token');
}

/**
 * --anonymous-rate-limit, or its default: no limit while reads are open on loopback (scripts and
 * dashboards on the user's own machine), EXPOSED_ANONYMOUS_RATE_LIMIT anywhere else (README).
 */
function anonymousRateLimitOf(given: number | undefined, readAccess: ReadAccess, host: string): number {
  if (given !== undefined) return given;
  return readAccess === 'open' && isLoopbackHost(host) ? 0 : EXPOSED_ANONYMOUS_RATE_LIMIT;
}

function httpLimitsOf(s: ServeSettings): ServeOptions['http'] {
  return {
    requestTimeoutMs: s.requestTimeout,
    headersTimeoutMs: s.headersTimeout,
    keepAliveTimeoutMs: s.keepAliveTimeout,
    maxConnections: s.maxConnections,
    maxConnectionsPerAddress: s.maxConnectionsPerAddress,
    maxHeaderSize: s.maxHeaderSize,
    queryBudgetMs: s.queryBudget,
    maxEventLoopDelayMs: s.maxEventLoopDelay,
    drainTimeoutMs: s.drainTimeout,
  };
}

function accessOf(s: ServeSettings): ServeOptions['access'] {
  const readAccess = readAccessOf(s);
  return {
    readAccess,
    rateLimitPerMinute: s.rateLimit,
    anonymousRateLimitPerMinute: anonymousRateLimitOf(s.anonymousRateLimit, readAccess, s.host),
    trustProxy: s.trustProxy,
  };
}

/** The server's options: the slices of the settings each part of the app takes. */
export function serveOptionsOf(s: ServeSettings): ServeOptions {
  const signatures = signatureVerifierOf(s);
  return {
    store: s.store,
    host: s.host,
    port: s.port,
    limits: { listCap: s.listCap, maxPageSize: s.maxPageSize },
    refreshIntervalMs: s.refreshInterval,
    feedCheckIntervalMs: s.feedCheckInterval,
    logLevel: s.logLevel,
    http: httpLimitsOf(s),
    access: accessOf(s),
    uploads: { maxDocumentBytes: s.maxDocumentSize, ...(signatures ? { signatures } : {}) },
    batch: { maxInputs: s.maxBatchInputs, bodyBudgetBytes: s.bodyBudget },
    corsOrigins: s.corsOrigin,
    allowedHosts: s.allowedHosts,
    compressThresholdBytes: s.compressThreshold,
  };
}

export async function serveCommand({ settings }: Invocation<'serve'>): Promise<number> {
  const options = serveOptionsOf(settings);
  const batchProblem = batchOptionsProblem({ ...DEFAULT_BATCH, ...options.batch });
  if (batchProblem !== undefined) throw new Error(batchProblem);
  requireExistingStore(options.store);
  await probeListen(options.host, options.port);
  // Start-up with the database down: retry with backoff for --pg-startup-wait, logging each try.
  setStoreDefaults({ ...storeOptionsOf(settings), logger: pino({ level: options.logLevel }) });
  return runServe(options);
}

/** Runs until SIGTERM/SIGINT, then closes gracefully (in-flight requests finish). */
export async function runServe(options: ServeOptions): Promise<number> {
  const server = await startServer(options);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      void server.close().then(resolve);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  return 0;
}
