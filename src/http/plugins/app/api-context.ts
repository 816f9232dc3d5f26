// Decorators for what the routes need from the rest of the service: the index service, the page
// limits, the version ETag and the query budget for background computations.
import type { FeedOptions } from './feeds.js';
import fp from 'fastify-plugin';
import { DEFAULTS } from '../../../config/settings.js';
import type { IndexService } from '../../../index/index-service.js';
import type { SignatureVerifier } from '../../../ingest/pipeline.js';
import type { PageLimits } from '../../../query/pagination.js';
import type {
  AccessStore,
  DocumentCatalogue,
  FactLog,
  GraphEvidence,
  GraphStore,
  PolicyStore,
  ExploitationStore,
  FeedStore,
  ProjectCatalogue,
  StoreHandle,
} from '../../../store/types.js';
import { ProblemError } from '../../errors.js';
import type { TrustProxy } from '../../../config/values.js';

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

/** Open reads on loopback (the server embedded in another program is a local one). */
export const DEFAULT_ACCESS: AccessOptions = {
  readAccess: 'open',
  rateLimitPerMinute: DEFAULTS.rateLimit,
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

/** Uploads are recorded as the API's (the CLI's ingest records --collector). */
export const DEFAULT_UPLOADS: UploadOptions = {
  maxDocumentBytes: DEFAULTS.maxDocumentSize,
  collector: 'supplygraph-api',
};

/** How much one batch question (POST /v0/query/*) may ask. */
export interface BatchOptions {
  /** Inputs (purls and digests together) per request; more is 413. */
  maxInputs: number;
  /** Bytes of batch bodies held in memory at once by requests under way; past it 503 (see body-budget.ts). */
  bodyBudgetBytes: number;
}

export const DEFAULT_BATCH: BatchOptions = {
  maxInputs: DEFAULTS.maxBatchInputs,
  bodyBudgetBytes: DEFAULTS.bodyBudget,
};

/** The ports of the store the HTTP layer uses (store/types.ts). */
export interface StorePorts {
  /** The catalogue, with what ingest skipped in each document. */
  readonly documents: DocumentCatalogue & Pick<FactLog, 'documentSkips'>;
  readonly access: AccessStore;
  readonly evidence: GraphEvidence;
  readonly projects: ProjectCatalogue;
  readonly policies: PolicyStore;
  readonly exploitation: ExploitationStore;
  readonly feeds: FeedStore;
  readonly handle: StoreHandle;
  /** The store uploads (through the ingest pipeline) and deletes write to; a worker thread reopens it by its location. */
  readonly writes: GraphStore;
}

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
  /** The feed scheduler's settings (default: no periodic check). */
  feeds?: FeedOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    indexService: IndexService;
    pageLimits: PageLimits;
    accessOptions: AccessOptions;
    uploadOptions: UploadOptions;
    batchOptions: BatchOptions;
    /**
     * The store as the routes and hooks may reach it: one narrow port per concern, handed to the
     * query that composes an answer (docs/architecture.md, "Store ports").
     */
    ports: StorePorts;
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
    const budgetMs = ctx.queryBudgetMs ?? DEFAULTS.queryBudget;
    app.decorate('indexService', service);
    const { store } = service;
    app.decorate('ports', {
      documents: store,
      access: store,
      evidence: store,
      projects: store,
      policies: store,
      exploitation: store.exploitation,
      feeds: store.feeds,
      handle: store,
      writes: store,
    } satisfies StorePorts);
    app.decorate('pageLimits', ctx.limits);
    app.decorate('accessOptions', ctx.access ?? DEFAULT_ACCESS);
    app.decorate('uploadOptions', ctx.uploads ?? DEFAULT_UPLOADS);
    app.decorate('batchOptions', ctx.batch ?? DEFAULT_BATCH);
    app.decorate('versionTag', (version = service.version) => `"${store.storeId.slice(0, 8)}-${version}"`);
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
