// Health, readiness, OpenAPI, methods, conditional requests, unknown paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn, sbomFor } from '../helpers/predicates.js';
import { enc, startTestApp, TEST_BACKEND, type TestClient } from '../helpers/server.js';

let t: TestClient;
beforeAll(async () => {
  t = await startTestApp({
    'sbom.json': {
      hasSBOM: [sbomFor({ pkg: 'pkg:npm/app@1.0.0' })],
      isDependency: [dependsOn('pkg:npm/app@1.0.0', 'pkg:npm/lib@2.0.0')],
    },
  });
});
afterAll(() => t.close());

describe('operations', () => {
  it('/healthz answers Healthy as text/plain', async () => {
    const r = await t.get('/healthz');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(r.text).toBe('Healthy');
  });

  it('/readyz reports ready with the loaded version', async () => {
    const r = await t.get('/readyz');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'ready', version: 1, backend: TEST_BACKEND });
  });

  it('/openapi.json describes every endpoint of the contract', async () => {
    const r = await t.get('/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\./);
    for (const path of [
      '/healthz',
      '/readyz',
      '/analysis/dependencies',
      '/v0/package/{purl}',
      '/v0/package/{purl}/dependencies',
      '/v0/package/{purl}/vulns',
      '/v0/artifact/{digest}/dependencies',
      '/v0/artifact/{digest}/vulns',
    ]) {
      expect(r.body.paths[path]?.get, path).toBeDefined();
    }
    expect(r.body.paths['/v0/package/{purl}/vulns'].get.parameters.map((p: { name: string }) => p.name)).toContain(
      'includeDependencies',
    );
  });

  it('serves a browsable docs page', async () => {
    const r = await t.get('/docs/');
    expect(r.status).toBe(200);
    expect(r.text).toMatch(/swagger/i);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await t.request('HEAD', `/v0/package/${enc('pkg:npm/lib')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeTruthy();
    expect(res.text).toBe('');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'] as const)('%s on an API path is 405 with Allow', async (method) => {
    const res = await t.request(method, `/v0/package/${enc('pkg:npm/lib')}/dependencies`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    const body = res.body as { Message: string };
    expect(body).toMatchObject({ status: 405, code: 'SG_METHOD_NOT_ALLOWED' });
    expect(body.Message).toMatch(/read-only/);
  });

  it('an unknown path is a 404 problem document', async () => {
    const r = await t.get('/v1/nothing');
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(r.body).toMatchObject({ status: 404, title: 'Not found', code: 'SG_ROUTE_NOT_FOUND' });
    expect(typeof r.body.Message).toBe('string');
  });

  it('every 200 has an ETag and If-None-Match gives 304 until the store changes', async () => {
    const path = `/v0/package/${enc('pkg:npm/app@1.0.0')}/dependencies`;
    const first = await t.get(path);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect((await t.get(path, { 'if-none-match': etag })).status).toBe(304);
    await t.ingest('more.json', { isDependency: [dependsOn('pkg:npm/app@1.0.0', 'pkg:npm/other@1.0.0')] });
    const after = await t.get(path, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.body.dependencies).toContain('pkg:npm/other@1.0.0');
  });

  it('echoes a given request id and makes one otherwise', async () => {
    const given = await t.get('/healthz', { 'x-request-id': 'ci-run-42' });
    expect(given.headers.get('x-request-id')).toBe('ci-run-42');
    const made = await t.get('/healthz');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('error bodies carry no stack traces or paths', async () => {
    const r = await t.get(`/v0/package/${enc('pkg:npm/nope@1')}/dependencies`);
    expect(r.status).toBe(404);
    expect(r.text).not.toMatch(/at .*\.(js|ts):\d+|\/tmp\/|SELECT/);
  });
});
