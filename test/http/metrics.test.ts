// /metrics: Prometheus text that a Prometheus parser reads, with request counts and latency per
// route pattern and status, cached answers, the index's figures, uploads and store errors.
import { edgeCount } from '../../src/index/csr.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_CONTENT_TYPE } from '../../src/http/plugins/app/metrics.js';
import type { IndexService } from '../../src/index/index-service.js';
import { scrape } from '../helpers/metrics.js';
import { dependsOn, hex, occurrence, sbomFor, vuln } from '../helpers/predicates.js';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';

const APP = 'pkg:npm/app@1.0.0';
const LIB = 'pkg:npm/lib@2.0.0';
const UTIL = 'pkg:npm/util@3.0.0';
const IMAGE = `sha256:${hex('metrics-image')}`;
const DOCS = {
  'sbom.json': {
    hasSBOM: [sbomFor({ artifact: IMAGE })],
    isOccurrence: [occurrence(APP, IMAGE)],
    isDependency: [dependsOn(APP, LIB), dependsOn(APP, UTIL), dependsOn(LIB, UTIL)],
  },
  'scan.json': { certifyVuln: [vuln(LIB, 'cve', 'CVE-2024-0001')] },
};

const DEPS_ROUTE = '/v0/package/:purl/dependencies';
const REQUESTS = 'supplygraph_http_requests_total';
const LATENCY = 'supplygraph_http_request_duration_seconds';

/** The figures the index service gains with document management (read where present). */
type Figures = IndexService & {
  indexedDocuments?: number;
  lastRefreshMillis?: number;
  refreshFailureCount?: number;
  lastRankingMillis?: number;
};

let t: TestClient;

beforeAll(async () => {
  t = await startTestApp(DOCS);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /metrics', () => {
  it('answers the Prometheus text format with process and service metrics, each described', async () => {
    const res = await t.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(METRICS_CONTENT_TYPE);
    expect(METRICS_CONTENT_TYPE).toBe('text/plain; version=0.0.4; charset=utf-8');
    const m = await scrape(t);
    expect(m.family('process_cpu_user_seconds_total')?.type).toBe('COUNTER');
    expect(m.family('nodejs_heap_size_used_bytes')?.type).toBe('GAUGE');
    for (const name of [REQUESTS, 'supplygraph_index_nodes', 'supplygraph_ingest_documents_total']) {
      expect(m.family(name)?.help).toMatch(/\w/);
    }
    // Each process metric appears once, however many apps the process has built.
    expect(m.text.match(/^# TYPE process_cpu_user_seconds_total /gm)).toHaveLength(1);
  });

  it('counts requests per route pattern, method and status, with a latency histogram', async () => {
    const url = `/v0/package/${enc(APP)}/dependencies`;
    const before = await scrape(t);
    await t.get(url);
    await t.get(url);
    await t.request('HEAD', url);
    await t.get(`/v0/package/${enc('pkg:npm/none@1')}/dependencies`);
    await t.get('/no/such/path');
    const after = await scrape(t);
    const delta = (labels: Record<string, string>) => after.value(REQUESTS, labels) - before.value(REQUESTS, labels);
    expect(delta({ route: DEPS_ROUTE, method: 'GET', status: '200' })).toBe(2);
    expect(delta({ route: DEPS_ROUTE, method: 'HEAD', status: '200' })).toBe(1);
    expect(delta({ route: DEPS_ROUTE, method: 'GET', status: '404' })).toBe(1);
    // Unmatched URLs share one label value: a client cannot add series by inventing paths.
    expect(delta({ route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(after.text).not.toContain('/no/such/path');
    expect(after.text).not.toContain(enc(APP));

    expect(after.family(LATENCY)?.type).toBe('HISTOGRAM');
    const histogram = after.histogram(LATENCY, { route: DEPS_ROUTE, method: 'GET', status: '200' });
    expect(Object.keys(histogram?.buckets ?? {})).toEqual(expect.arrayContaining(['0.001', '0.1', '1', '+Inf']));
    const answered = after.value(REQUESTS, { route: DEPS_ROUTE, method: 'GET', status: '200' });
    expect(histogram?.buckets['+Inf']).toBe(answered);
    expect(histogram?.count).toBe(answered);
    expect(histogram?.sum).toBeGreaterThan(0);
    // Cumulative buckets never decrease.
    const counts = Object.entries(histogram?.buckets ?? {})
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, count]) => count);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
  });

  it('counts answers served from the response cache', async () => {
    const url = `/v0/package/${enc(APP)}/vulns?includeDependencies=true`;
    const hits = async () => (await scrape(t)).value('supplygraph_http_cached_responses_total');
    const before = await hits();
    expect((await t.get(url)).status).toBe(200);
    expect((await t.get(url)).status).toBe(200);
    expect(await hits()).toBe(before); // computed twice: admitted to the cache on the second sight
    expect((await t.get(url)).status).toBe(200);
    expect((await t.get(url)).status).toBe(200);
    expect(await hits()).toBe(before + 2);
  });

  it('reports the index figures the service holds', async () => {
    const service = t.server.service as Figures;
    const m = await scrape(t);
    expect(m.value('supplygraph_index_nodes')).toBe(service.index.nodeCount - 1);
    // app→lib, app→util, lib→util.
    expect(m.value('supplygraph_index_edges', { kind: 'dependency' })).toBe(3);
    expect(m.value('supplygraph_index_edges', { kind: 'sbom' })).toBe(edgeCount(service.index.adjacency.sbomOut));
    expect(m.value('supplygraph_index_version')).toBe(service.version);
    expect(m.value('supplygraph_backend_up')).toBe(1);
    const lag = m.value('supplygraph_index_refresh_lag_seconds');
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(60);
  });

  it('follows a refresh: more nodes and edges, and the figures of the refresh where the service keeps them', async () => {
    await t.ingest('more.json', { isDependency: [dependsOn(UTIL, 'pkg:npm/leaf@4.0.0')] });
    const service = t.server.service as Figures;
    await service.frequencyRanking();
    const m = await scrape(t);
    expect(m.value('supplygraph_index_edges', { kind: 'dependency' })).toBe(4);
    expect(m.value('supplygraph_index_nodes')).toBe(service.index.nodeCount - 1);
    expect(m.value('supplygraph_index_version')).toBe(service.version);
    // Present when the service has the figure, absent (not a made-up zero) when it has not.
    const optional: [string, number | undefined][] = [
      ['supplygraph_index_documents', service.indexedDocuments],
      [
        'supplygraph_index_last_refresh_duration_seconds',
        service.lastRefreshMillis === undefined ? undefined : service.lastRefreshMillis / 1000,
      ],
      [
        'supplygraph_ranking_last_duration_seconds',
        service.lastRankingMillis === undefined ? undefined : service.lastRankingMillis / 1000,
      ],
    ];
    for (const [name, expected] of optional) {
      if (expected === undefined) expect(m.sample(name)).toBeUndefined();
      else expect(m.value(name)).toBeCloseTo(expected, 6);
    }
    if ('indexedDocuments' in service) expect(service.indexedDocuments).toBe(3);
    if ('lastRefreshMillis' in service) expect(service.lastRefreshMillis).toBeGreaterThan(0);
  });

  it('counts uploaded documents by result through the decorator', async () => {
    const before = await scrape(t);
    for (const result of ['stored', 'already-present', 'failed'] as const) {
      expect(before.sample('supplygraph_ingest_documents_total', { result })).toBeDefined();
    }
    t.server.app.metrics.documentIngested('stored');
    t.server.app.metrics.documentIngested('stored');
    t.server.app.metrics.documentIngested('already-present');
    t.server.app.metrics.documentIngested('failed');
    const after = await scrape(t);
    const delta = (result: string) =>
      after.value('supplygraph_ingest_documents_total', { result }) -
      before.value('supplygraph_ingest_documents_total', { result });
    expect([delta('stored'), delta('already-present'), delta('failed')]).toEqual([2, 1, 1]);
  });

  it('counts store errors reported by routes', async () => {
    const before = (await scrape(t)).value('supplygraph_store_errors_total', { during: 'request' });
    t.server.app.metrics.storeError();
    expect((await scrape(t)).value('supplygraph_store_errors_total', { during: 'request' })).toBe(before + 1);
  });

  it('keeps each app’s counts to itself', async () => {
    const other = await startTestApp(DOCS);
    try {
      await other.get('/healthz');
      const mine = await scrape(t);
      const theirs = await scrape(other);
      const healthz = { route: '/healthz', method: 'GET', status: '200' };
      expect(theirs.value(REQUESTS, healthz)).toBe(1);
      expect(mine.value(REQUESTS, healthz)).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('/metrics while the data backend fails', () => {
  it('keeps answering and reports the failure: backend down, refresh failures, 502 answers', async () => {
    const broken = await startTestApp(DOCS);
    try {
      const service = broken.server.service as Figures;
      await service.store.close();
      await service.refresh().catch(() => undefined);
      expect((await broken.get(`/v0/package/${enc(APP)}/dependencies`)).status).toBe(502);
      const res = await broken.get('/metrics');
      expect(res.status).toBe(200);
      const m = await scrape(broken);
      expect(m.value('supplygraph_backend_up')).toBe(0);
      expect(m.value('supplygraph_backend_unavailable_responses_total')).toBe(1);
      expect(m.value(REQUESTS, { route: DEPS_ROUTE, method: 'GET', status: '502' })).toBe(1);
      if (service.refreshFailureCount !== undefined) {
        expect(service.refreshFailureCount).toBeGreaterThan(0);
        expect(m.value('supplygraph_store_errors_total', { during: 'refresh' })).toBe(service.refreshFailureCount);
      }
    } finally {
      await broken.close();
    }
  });
});
