// Decorators for what the routes need from the rest of the service: the index service, the page
// limits, the version ETag and the query budget for background computations.
import fp from 'fastify-plugin';
import { SETTINGS } from '../../../config.js';
import type { IndexService } from '../../../index/index-service.js';
import type { SignatureVerifier } from '../../../ingest/pipeline.js';
import type { PageLimits } from '../../../query/pagination.js';
import { ProblemError } from '../../errors.js';
import type { TrustProxy } from '../../trust-proxy.js';

/** Who may do what, and how often (see plugins/app/access.ts). */
export interface AccessOptions {
  /** open: reads need no token; token: every request but liveness and readiness needs one. */
  readAccess: 'open' | 'token';
  /** Requests per minute per token (0: none). */
  rateLimitPerMinute: number;
  /** Requests per minute per client address without a token (0: none). */
  anonymousRateLimitPerMinute: number;
  /** Reverse proxies whose X-Forwarded-For gives the client address (--trust-proxy); none by default. */
  trustProxy?: TrustProxy;
}

export const DEFAULT_ACCESS: AccessOptions = {
  readAccess: 'open',
  rateLimitPerMinute: 0,
  anonymousRateLimitPerMinute: 0,
};

/** What uploads over HTTP are allowed and recorded as. */
export interface UploadOptions {
  /** Largest document (after gzip decoding), bytes; larger is 413. */
  maxDocumentBytes: number;
  /** Recorded as the collector of uploaded documents. */
  collector: string;
  /** Judges provenance signatures of uploaded documents (--trusted-keys, --sigstore-trusted-root). */
  signatures?: SignatureVerifier;
}

export const DEFAULT_UPLOADS: UploadOptions = { maxDocumentBytes: 256 * 1024 * 1024, collector: 'supplygraph-api' };

/** How much one batch question (POST /v0/query/*) may ask. */
export interface BatchOptions {
  /** Inputs (purls and digests together) per request; more is 413. */
  maxInputs: number;
  /** Bytes of batch bodies held in memory at once by requests under way; past it 503 (see body-budget.ts). */
  bodyBudgetBytes: number;
}

export const DEFAULT_BATCH: BatchOptions = {
  maxInputs: Number(SETTINGS.maxBatchInputs.defaultValue),
  bodyBudgetBytes: Number(SETTINGS.bodyBudget.defaultValue),
};

export interface ApiContext {
  service: IndexService;
  limits: PageLimits;
  /** ms a request may wait for a background computation before 504 (default 30 s). */
  queryBudgetMs?: number;
  access?: AccessOptions;
  uploads?: UploadOptions;
  batch?: BatchOptions;
  /** Origins allowed by CORS; none (the default) leaves CORS off. */
  corsOrigins?: readonly string[];
  /** Answers at least this many bytes are compressed when the client asks. */
  compressThresholdBytes?: number;
  /** The built web UI (default dist/ui of this package). */
  uiDirectory?: string;
}

const DEFAULT_QUERY_BUDGET_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    indexService: IndexService;
    pageLimits: PageLimits;
    accessOptions: AccessOptions;
    uploadOptions: UploadOptions;
    batchOptions: BatchOptions;
    /** ETag of everything derived from the store at one version (the index's current one by default). */
    versionTag(version?: number): string;
    /**
     * Waits for a background computation at most the query budget, then fails with 504. Walks on
     * the in-memory index are synchronous and are not interrupted; this bounds the waits.
     */
    withinBudget<T>(work: Promise<T>, what: string): Promise<T>;
  }
}

export default fp<ApiContext>(
  (app, ctx, done) => {
    const { service } = ctx;
    const budgetMs = ctx.queryBudgetMs ?? DEFAULT_QUERY_BUDGET_MS;
    app.decorate('indexService', service);
    app.decorate('pageLimits', ctx.limits);
    app.decorate('accessOptions', ctx.access ?? DEFAULT_ACCESS);
    app.decorate('uploadOptions', ctx.uploads ?? DEFAULT_UPLOADS);
    app.decorate('batchOptions', ctx.batch ?? DEFAULT_BATCH);
    app.decorate('versionTag', (version = service.version) => `"${service.store.storeId.slice(0, 8)}-${version}"`);
    app.decorate('withinBudget', async <T>(work: Promise<T>, what: string): Promise<T> => {
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new ProblemError(
                'SG_TIMEOUT',
                `${what} was not ready within the ${budgetMs} ms query budget; try again later`,
              ),
            ),
          budgetMs,
        );
      });
      try {
        return await Promise.race([work, expired]);
      } finally {
        clearTimeout(timer);
      }
    });
    done();
  },
  { name: 'api-context' },
);
