// Decorators for what the routes need from the rest of the service: the index service, the page
// limits, the version ETag and the query budget for background computations.
import fp from 'fastify-plugin';
import type { IndexService } from '../../../index/index-service.js';
import type { PageLimits } from '../../../query/pagination.js';
import { ProblemError } from '../../errors.js';

export interface ApiContext {
  service: IndexService;
  limits: PageLimits;
  /** ms a request may wait for a background computation before 504 (default 30 s). */
  queryBudgetMs?: number;
}

const DEFAULT_QUERY_BUDGET_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    indexService: IndexService;
    pageLimits: PageLimits;
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
