// Service metrics for `/metrics` (Prometheus text format): requests per route, method and status
// with their latency, cached answers, the index's size and freshness, uploads and store errors.
// Each app has its own registry (tests build many apps in one process, and two apps must not
// count each other's requests); the process metrics (CPU, memory, event loop, GC) belong to the
// process, so they are collected once into a registry of their own and written before the app's.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AdjacencyView } from '../../../index/adjacency.js';
import { edgeCount } from '../../../index/csr.js';
import { feedGauges } from './feed-metrics.js';

/** What routes report that hooks cannot see. */
export interface ServiceMetrics {
  /** One uploaded document (or archive entry) and what became of it. */
  documentIngested(result: 'stored' | 'already-present' | 'failed'): void;
  /** A response answered from the response cache. */
  cacheHit(): void;
  /** A store call made while answering a request failed. */
  storeError(): void;
}

/**
 * What the gauges read from the index service when scraped. The optional figures are read only
 * where the service has them; a figure it does not know yet (no refresh, no ranking) is left out
 * of the output rather than written as a made-up zero.
 */
export interface IndexFigures {
  readonly index: {
    readonly nodeCount: number;
    readonly adjacency: AdjacencyView;
    /** Parts of stored documents the index left out (docs/reliability.md). */
    readonly loadProblems?: { readonly count: number };
  };
  /** Store version the index answers for. */
  readonly version: number;
  readonly backendHealthy: boolean;
  /** Milliseconds since the last store call that succeeded. */
  readonly msSinceContact: number;
  readonly indexedDocuments?: number | undefined;
  /** Duration of the last refresh that loaded something. */
  readonly lastRefreshMillis?: number | undefined;
  /** Failed refreshes since start. */
  readonly refreshFailureCount?: number | undefined;
  /** Duration of the last frequency ranking computation. */
  readonly lastRankingMillis?: number | undefined;
}

/** The Prometheus text format version 0.0.4. */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/** Route label of a request no route matched (its URL is not a label: any client can invent URLs). */
export const UNMATCHED_ROUTE = 'unmatched';

const PREFIX = 'supplygraph_';

/** Seconds: from a cached answer (well under a millisecond) to a ranking waiting on its budget. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const INGEST_RESULTS = ['stored', 'already-present', 'failed'] as const;

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ServiceMetrics;
    /** The metrics of the process and of this app, in the Prometheus text format. */
    renderMetrics(): Promise<string>;
  }
}

let processRegistry: Registry | undefined;

/** CPU, memory, handles, event-loop lag and GC of this process: registered once, whatever the number of apps. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A gauge that reads one figure when scraped, and is absent while the figure is unknown. */
function readGauge(registry: Registry, name: string, help: string, read: () => number | undefined): Gauge {
  return new Gauge({
    name: PREFIX + name,
    help,
    registers: [registry],
    collect() {
      const value = read();
      if (value === undefined) this.remove();
      else this.set(value);
    },
  });
}

/** The gauges of the index service: size, freshness and the cost of keeping it up to date. */
function indexGauges(registry: Registry, service: IndexFigures): void {
  const seconds = (millis: number | undefined) => (millis === undefined ? undefined : millis / 1000);
  // Node id 0 is never used: ids start at 1.
  readGauge(registry, 'index_nodes', 'Nodes in the in-memory graph index.', () => service.index.nodeCount - 1);
  new Gauge({
    name: `${PREFIX}index_edges`,
    help: 'Distinct edges the index walks, by kind (equivalence edges count once per direction).',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const { dependencyOut, sbomOut, slsaOut, equivalent } = service.index.adjacency;
      this.set({ kind: 'dependency' }, dependencyOut.targets.length);
      this.set({ kind: 'sbom' }, edgeCount(sbomOut));
      this.set({ kind: 'slsa' }, slsaOut.targets.length);
      this.set({ kind: 'equivalence' }, equivalent.targets.length);
    },
  });
  readGauge(registry, 'index_documents', 'Documents in the index.', () => service.indexedDocuments);
  readGauge(
    registry,
    'index_documents_left_out',
    'Parts of stored documents the index left out because taking them failed (the error log names each).',
    () => service.index.loadProblems?.count,
  );
  readGauge(
    registry,
    'index_version',
    'Store version the index answers for (part of every ETag).',
    () => service.version,
  );
  readGauge(
    registry,
    'index_refresh_lag_seconds',
    'Seconds since the store was last reached (a refresh or a check for changes that succeeded).',
    () => service.msSinceContact / 1000,
  );
  readGauge(
    registry,
    'index_last_refresh_duration_seconds',
    'Duration of the last index refresh that loaded new data.',
    () => seconds(service.lastRefreshMillis),
  );
  readGauge(registry, 'ranking_last_duration_seconds', 'Duration of the last frequency ranking computation.', () =>
    seconds(service.lastRankingMillis),
  );
  readGauge(
    registry,
    'backend_up',
    '1 while the data backend answers, 0 while it is failing (data requests get 502).',
    () => (service.backendHealthy ? 1 : 0),
  );
}

/** The app's metrics: request hooks, the decorator routes report to, and the index gauges. */
function registerMetrics(registry: Registry, service: IndexFigures) {
  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'Requests answered, by route pattern, method and status.',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from the request to the end of its answer, by route pattern, method and status.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const cacheHits = new Counter({
    name: `${PREFIX}http_cached_responses_total`,
    help: 'Answers served from the response cache (304 answers are counted by status in http_requests_total).',
    registers: [registry],
  });
  const ingested = new Counter({
    name: `${PREFIX}ingest_documents_total`,
    help: 'Uploaded documents (or archive entries) by result: stored, already-present or failed.',
    labelNames: ['result'],
    registers: [registry],
  });
  for (const result of INGEST_RESULTS) ingested.inc({ result }, 0);
  let refreshFailuresCounted = 0;
  const storeErrors = new Counter({
    name: `${PREFIX}store_errors_total`,
    help: 'Store calls that failed, by when: while answering a request, or while refreshing the index.',
    labelNames: ['during'],
    registers: [registry],
    collect() {
      const failures = service.refreshFailureCount ?? 0;
      if (failures > refreshFailuresCounted) this.inc({ during: 'refresh' }, failures - refreshFailuresCounted);
      refreshFailuresCounted = Math.max(failures, refreshFailuresCounted);
    },
  });
  storeErrors.inc({ during: 'request' }, 0);
  storeErrors.inc({ during: 'refresh' }, 0);
  const refused = new Counter({
    name: `${PREFIX}backend_unavailable_responses_total`,
    help: 'Data requests answered 502 because the data backend was failing.',
    registers: [registry],
  });
  indexGauges(registry, service);

  const metrics: ServiceMetrics = {
    documentIngested: (result) => ingested.inc({ result }),
    cacheHit: () => cacheHits.inc(),
    storeError: () => storeErrors.inc({ during: 'request' }),
  };
  // The series of each (route, method, status), looked up by one string: prom-client hashes a
  // label object on every call, a cost paid per request otherwise.
  const series = new Map<string, { count: () => void; time: (seconds: number) => void }>();
  const seriesOf = (route: string, method: string, status: number) => {
    const key = `${route} ${method} ${status}`;
    let found = series.get(key);
    if (!found) {
      const labels = { route, method, status: String(status) };
      const counted = requests.labels(labels);
      const timed = latency.labels(labels);
      found = { count: () => counted.inc(), time: (seconds) => timed.observe(seconds) };
      series.set(key, found);
    }
    return found;
  };
  const observe = (request: FastifyRequest, reply: FastifyReply): void => {
    const one = seriesOf(request.routeOptions.url ?? UNMATCHED_ROUTE, request.method, reply.statusCode);
    one.count();
    one.time(reply.elapsedTime / 1000);
    if (reply.statusCode === 502) refused.inc();
  };
  return { metrics, observe };
}

export default fp(
  (app, _options, done) => {
    const registry = new Registry();
    const { metrics, observe } = registerMetrics(registry, app.indexService);
    feedGauges(registry, app.ports.feeds);
    app.decorate('metrics', metrics);
    app.decorate('renderMetrics', async () => (await processMetrics().metrics()) + (await registry.metrics()));
    app.addHook('onResponse', (request, reply, hookDone) => {
      observe(request, reply);
      hookDone();
    });
    done();
  },
  { name: 'metrics', dependencies: ['api-context'] },
);
