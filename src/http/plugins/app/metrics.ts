// Service metrics for `/metrics` (Prometheus text). Placeholder: the counters routes report to;
// the registry and the route come with the operations work.
import fp from 'fastify-plugin';

/** What routes report that hooks cannot see. */
export interface ServiceMetrics {
  /** One uploaded document (or archive entry) and what became of it. */
  documentIngested(result: 'stored' | 'already-present' | 'failed'): void;
  /** A response answered from the response cache. */
  cacheHit(): void;
  /** A store call made while answering a request failed. */
  storeError(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ServiceMetrics;
  }
}

export default fp(
  (app, _options, done) => {
    const ignore = (): void => undefined;
    app.decorate('metrics', {
      documentIngested: ignore,
      cacheHit: ignore,
      storeError: ignore,
    } satisfies ServiceMetrics);
    done();
  },
  { name: 'metrics' },
);
