// The rate limit counts requests by their cost (whole-closure answers and uploads weigh more), keyed
// by the client address a trusted reverse proxy forwards (--trust-proxy) or else the socket's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, UnitWindows } from '../../src/http/plugins/app/rate-limit.js';
import { parseTrustProxy } from '../../src/config/values.js';
import { dependsOn, sbomFor, vuln } from '../helpers/predicates.js';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';

const APP = 'pkg:npm/app@1.0.0';
const LIB = 'pkg:npm/lib@2.0.0';
const DOCS = {
  'graph.json': { isDependency: [dependsOn(APP, LIB)], certifyVuln: [vuln(LIB, 'cve', 'CVE-2024-0001')] },
};

describe('UnitWindows', () => {
  it('takes units in fixed one-minute windows; a take that does not fit takes nothing', () => {
    let now = 1_000_000;
    const windows = new UnitWindows(() => now);
    expect(windows.take('a', 10, 6)).toEqual({ ok: true, remaining: 4, resetInMs: 60_000 });
    now += 30_000;
    expect(windows.take('a', 10, 5)).toEqual({ ok: false, remaining: 4, resetInMs: 30_000 });
    expect(windows.take('a', 10, 4)).toEqual({ ok: true, remaining: 0, resetInMs: 30_000 });
    expect(windows.take('b', 10, 1).ok).toBe(true); // another key counts on its own
    now += 30_000;
    expect(windows.take('a', 10, 10)).toEqual({ ok: true, remaining: 0, resetInMs: 60_000 });
  });

  it('keeps at most maxCounters keys, forgetting the least recently used', () => {
    const windows = new UnitWindows(() => 0, 2);
    windows.take('a', 1, 1);
    windows.take('b', 1, 1);
    expect(windows.take('a', 1, 1).ok).toBe(false); // a is now the most recent
    windows.take('c', 1, 1); // b goes
    expect(windows.take('b', 1, 1).ok).toBe(true);
    expect(windows.take('c', 1, 1).ok).toBe(false);
  });
});

describe('createRateLimiter', () => {
  it('charges a request up to its whole cost once, and never more than a whole window', () => {
    const limiter = createRateLimiter({ readAccess: 'open', rateLimitPerMinute: 0, anonymousRateLimitPerMinute: 3 });
    const headers: Record<string, string> = {};
    const reply = { header: (name: string, value: string) => (headers[name] = value) } as never;
    const request = { principal: null, ip: '192.0.2.1' } as never;
    limiter!.charge(request, reply, 1);
    limiter!.charge(request, reply, 1); // already charged 1: nothing more
    expect(headers['x-ratelimit-remaining']).toBe('2');
    // A request costing more than the limit takes the whole window when it is fresh.
    const costly = { principal: null, ip: '192.0.2.2' } as never;
    limiter!.charge(costly, reply, 50);
    expect(headers['x-ratelimit-remaining']).toBe('0');
    expect(() => limiter!.charge({ principal: null, ip: '192.0.2.2' } as never, reply, 1)).toThrow(/3 requests/);
  });
});

describe('parseTrustProxy', () => {
  it('takes addresses, CIDR ranges, range names or a number of hops', () => {
    expect(parseTrustProxy('')).toBeUndefined();
    expect(parseTrustProxy(' ')).toBeUndefined();
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each([['10.0.0.0/33'], ['proxy.example'], ['10.0.0.1/8/1'], ['0'], ['1.2.3']])('refuses %s, naming it', (text) => {
    expect(() => parseTrustProxy(text)).toThrow(/--trust-proxy/);
  });
});

describe('request costs over HTTP', () => {
  let t: TestClient;
  const remaining = async (path: string, headers: Record<string, string> = {}): Promise<string | null> =>
    (await t.get(path, headers)).headers.get('x-ratelimit-remaining');

  beforeAll(async () => {
    t = await startTestApp(DOCS, undefined, {
      access: { readAccess: 'open', rateLimitPerMinute: 100, anonymousRateLimitPerMinute: 100 },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('plain reads cost 1, whole-closure answers 5, uploads 10', async () => {
    const lib = enc(LIB);
    expect(await remaining(`/v0/package/${lib}/vulns`)).toBe('99');
    expect(await remaining(`/v0/package/${lib}/vulns?includeDependencies=true`)).toBe('94');
    expect(await remaining(`/v0/package/${enc(APP)}/dependencies`)).toBe('89');
    expect(await remaining(`/v0/package/${enc(APP)}/dependencies?direct=true`)).toBe('88');
    // Unencoded slashes reach the same resource through /v0/package/*, at the same cost.
    expect(await remaining(`/v0/package/${LIB}/dependents`)).toBe('83');
    expect(await remaining(`/v0/path?from=${enc(APP)}&to=${lib}`)).toBe('78');
    const ingest = await createTestToken(t.storeDir, 'ingest');
    const upload = await t.request(
      'POST',
      '/v0/documents',
      { ...ingest.headers, 'content-type': 'application/json' },
      JSON.stringify({ hasSBOM: [sbomFor({ pkg: APP })] }),
    );
    expect(upload.status).toBeLessThan(300);
    expect(upload.headers.get('x-ratelimit-remaining')).toBe('90'); // the token's own window
  });
});

describe('--trust-proxy', () => {
  const FORWARDED = (address: string) => ({ 'x-forwarded-for': address });
  let trusting: TestClient;
  let direct: TestClient;
  beforeAll(async () => {
    const access = { readAccess: 'open', rateLimitPerMinute: 0, anonymousRateLimitPerMinute: 2 } as const;
    trusting = await startTestApp(DOCS, undefined, { access: { ...access, trustProxy: ['127.0.0.1'] } });
    direct = await startTestApp(DOCS, undefined, { access });
  });
  afterAll(async () => {
    await trusting?.close();
    await direct?.close();
  });

  it('counts each forwarded client on its own behind a trusted proxy; otherwise the header is ignored', async () => {
    for (let i = 0; i < 2; i++) expect((await trusting.get('/v0/stats', FORWARDED('203.0.113.7'))).status).toBe(200);
    expect((await trusting.get('/v0/stats', FORWARDED('203.0.113.7'))).status).toBe(429);
    expect((await trusting.get('/v0/stats', FORWARDED('203.0.113.8'))).status).toBe(200);

    for (let i = 0; i < 2; i++) expect((await direct.get('/v0/stats', FORWARDED('203.0.113.7'))).status).toBe(200);
    // Without --trust-proxy a client cannot pick its address: the socket's counts.
    expect((await direct.get('/v0/stats', FORWARDED('203.0.113.8'))).status).toBe(429);
  });
});
