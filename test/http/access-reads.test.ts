// Who may read: under --read-access token every route needs a token but /healthz, /readyz and
// the API's description (/openapi.json, the /docs page, its assets and document);
// under open reads need none, but a token that is sent must be valid. Over a real socket (the
// WWW-Authenticate header and the order against the request guards are part of the contract).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn } from '../helpers/predicates.js';
import { enc, startTestServer, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';

const DOCS = { 'deps.json': { isDependency: [dependsOn('pkg:npm/app@1', 'pkg:npm/lib@2')] } };
const READ = `/v0/package/${enc('pkg:npm/app@1')}/dependencies`;
const BAD = { authorization: 'Bearer sgt_this-token-was-never-issued' };

describe('reads under --read-access token', () => {
  let t: TestServer;
  let tokens: Record<'read' | 'ingest' | 'admin', Record<string, string>>;

  beforeAll(async () => {
    t = await startTestServer(DOCS, undefined, { access: { readAccess: 'token' } });
    tokens = {
      read: (await createTestToken(t.storeDir, 'read')).headers,
      ingest: (await createTestToken(t.storeDir, 'ingest')).headers,
      admin: (await createTestToken(t.storeDir, 'admin')).headers,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('401 without a token, with a Bearer challenge and a problem body', async () => {
    const res = await t.get(READ);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="supplygraph"');
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 401, code: 'SG_UNAUTHORIZED' });
    expect(res.body.detail).toMatch(/Authorization: Bearer/);
  });

  it('401 with error="invalid_token" for an unknown token or a header that is not Bearer', async () => {
    for (const headers of [BAD, { authorization: 'Basic dXNlcjpwYXNz' }, { authorization: 'Bearer' }]) {
      const res = await t.get(READ, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="supplygraph", error="invalid_token"');
      expect(res.body.code).toBe('SG_UNAUTHORIZED');
    }
  });

  it('200 with a token of any scope, the same answer as an open server gives', async () => {
    const answers = [];
    for (const scope of ['read', 'ingest', 'admin'] as const) {
      const res = await t.get(READ, tokens[scope]);
      expect(res.status).toBe(200);
      answers.push(res.body);
    }
    expect(answers[0].dependencies).toEqual(['pkg:npm/lib@2']);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // The scheme is case-insensitive (RFC 7235).
    const lower = await t.get(READ, { authorization: tokens.read.authorization.replace('Bearer', 'bearer') });
    expect(lower.status).toBe(200);
  });

  it('the API description, the docs page and its assets need no token; liveness and readiness stay open', async () => {
    for (const path of ['/openapi.json', '/docs', '/docs/', '/docs/json', '/docs/static/swagger-ui-bundle.js']) {
      expect((await t.get(path)).status, path).toBe(200);
    }
    expect((await t.get('/healthz')).status).toBe(200);
    expect((await t.get('/readyz')).status).toBe(200);
    // A bad token on an open route is ignored rather than refused: probes carry no credentials.
    expect((await t.get('/healthz', BAD)).status).toBe(200);
  });

  it("the docs page's document declares the bearer scheme on every data operation and targets this server", async () => {
    const doc = (await t.get('/docs/json')).body;
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const operations = Object.entries(doc.paths as Record<string, Record<string, { security: unknown[] }>>).filter(
      ([path]) => path.startsWith('/v0/') || path.startsWith('/analysis/'),
    );
    expect(operations.length).toBeGreaterThan(10);
    for (const [path, item] of operations) {
      for (const operation of Object.values(item)) expect(operation.security, path).toContainEqual({ bearerAuth: [] });
    }
    // "Try it out" asks the server that serves the page, whatever its host and port.
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect((await t.get('/openapi.json')).body.servers[0].url).toBe('http://{host}:{port}');
  });

  it('unknown paths stay 404 and refused methods 405, token or not', async () => {
    const unknown = await t.get('/v0/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('SG_ROUTE_NOT_FOUND');
    const method = await t.request('DELETE', READ);
    expect(method.status).toBe(405);
    expect(method.body.code).toBe('SG_METHOD_NOT_ALLOWED');
  });

  it('HEAD needs the token as GET does', async () => {
    expect((await t.request('HEAD', READ)).status).toBe(401);
    expect((await t.request('HEAD', READ, tokens.read)).status).toBe(200);
  });
});

describe('reads under --read-access open', () => {
  let t: TestServer;
  let read: Record<string, string>;

  beforeAll(async () => {
    t = await startTestServer(DOCS, undefined, { access: { readAccess: 'open' } });
    read = (await createTestToken(t.storeDir, 'read')).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers without a token, and with a valid one', async () => {
    const anonymous = await t.get(READ);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.dependencies).toEqual(['pkg:npm/lib@2']);
    expect((await t.get(READ, read)).body).toEqual(anonymous.body);
  });

  it('refuses a token that is sent but not valid (401), rather than reading it as anonymous', async () => {
    const res = await t.get(READ, BAD);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="supplygraph", error="invalid_token"');
  });

  it('a server on loopback defaults to open reads', async () => {
    const defaulted = await startTestServer(DOCS);
    try {
      expect(defaulted.server.app.accessOptions.readAccess).toBe('open');
      expect((await defaulted.get(READ)).status).toBe(200);
    } finally {
      await defaulted.close();
    }
  });
});
