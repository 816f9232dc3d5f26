// CORS over a real socket: off by default (no CORS header at all), on for the origins named by
// --cors-origin (their preflights answered 204 before any guard), and never for other origins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn } from '../helpers/predicates.js';
import { enc, startTestServer, type TestServer } from '../helpers/server.js';

const APP = 'pkg:npm/app@1.0.0';
const DOCS = { 'sbom.json': { isDependency: [dependsOn(APP, 'pkg:npm/lib@2.0.0')] } };
const ALLOWED = 'https://console.example.com';
const OTHER = 'https://evil.example.net';
const URL_PATH = `/v0/package/${enc(APP)}/dependencies`;

function corsHeaders(headers: Headers): string[] {
  return [...headers.keys()].filter((name) => name.startsWith('access-control-'));
}

const preflight = (origin: string, method: string, requestHeaders?: string): Record<string, string> => ({
  origin,
  'access-control-request-method': method,
  ...(requestHeaders ? { 'access-control-request-headers': requestHeaders } : {}),
});

describe('CORS off (the default)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(DOCS);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends no CORS header, whatever the origin', async () => {
    const res = await t.get(URL_PATH, { origin: ALLOWED });
    expect(res.status).toBe(200);
    expect(corsHeaders(res.headers)).toEqual([]);
  });

  it('does not answer preflights: OPTIONS is a method the API does not have', async () => {
    const res = await t.request('OPTIONS', URL_PATH, preflight(ALLOWED, 'GET'));
    expect(res.status).toBe(405);
    expect(corsHeaders(res.headers)).toEqual([]);
  });
});

describe('CORS for named origins (--cors-origin)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(DOCS, undefined, { corsOrigins: [ALLOWED, 'http://localhost:3000'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets a named origin read answers and the headers clients need', async () => {
    const res = await t.get(URL_PATH, { origin: ALLOWED });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const exposed = res.headers.get('access-control-expose-headers')?.split(/,\s*/);
    expect(exposed).toEqual(['ETag', 'Link', 'X-Total-Count', 'Location', 'Retry-After', 'X-Request-Id']);
    // The answer depends on the origin: shared caches must keep one copy per origin.
    expect(res.headers.get('vary')).toMatch(/\bOrigin\b/i);
  });

  it('answers a named origin’s preflight with 204 and what may be sent', async () => {
    const res = await t.request(
      'OPTIONS',
      '/v0/documents',
      preflight(ALLOWED, 'POST', 'authorization, content-type, content-encoding'),
    );
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST, DELETE');
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'Authorization, Content-Type, Content-Encoding, If-None-Match',
    );
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
  });

  it('answers the preflight of a DELETE, and of every named origin', async () => {
    const res = await t.request('OPTIONS', `/v0/documents/sha256:${'a'.repeat(64)}`, {
      ...preflight('http://localhost:3000', 'DELETE', 'authorization'),
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  });

  it('gives any other origin no CORS header, on answers and preflights', async () => {
    const res = await t.get(URL_PATH, { origin: OTHER });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(corsHeaders(res.headers)).toEqual([]);
    const pre = await t.request('OPTIONS', URL_PATH, preflight(OTHER, 'GET'));
    expect(pre.status).toBe(405);
    expect(corsHeaders(pre.headers)).toEqual([]);
    // An origin is matched exactly: no prefix, suffix or scheme variant of a named one.
    for (const lookalike of [`${ALLOWED}.evil.net`, 'http://console.example.com', `${ALLOWED}:8443`]) {
      const near = await t.get(URL_PATH, { origin: lookalike });
      expect(near.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('adds nothing for a request without Origin (not from a browser)', async () => {
    const res = await t.get(URL_PATH);
    expect(res.status).toBe(200);
    expect(corsHeaders(res.headers)).toEqual([]);
  });

  it('keeps the CORS headers on problem answers, so a browser can read the error', async () => {
    const res = await t.get(`/v0/package/${enc('pkg:npm/none@1')}/dependencies`, { origin: ALLOWED });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });
});

describe('CORS with token-only reads', () => {
  it('answers a preflight without a token: browsers never send credentials on one', async () => {
    const t = await startTestServer(DOCS, undefined, { corsOrigins: [ALLOWED], access: { readAccess: 'token' } });
    try {
      const res = await t.request('OPTIONS', URL_PATH, preflight(ALLOWED, 'GET', 'authorization'));
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    } finally {
      await t.close();
    }
  });
});
