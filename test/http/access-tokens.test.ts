// Token lifetime as a running server sees it: expiry, revocation (seen within the lookup cache's
// window), last use recorded; and rate limiting per token and per client address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_CACHE_MS } from '../../src/http/plugins/app/token-verifier.js';
import { openStore } from '../../src/store/open.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';

const READ = '/analysis/dependencies?sort=frequency';

async function withStore<T>(location: string, work: (store: Awaited<ReturnType<typeof openStore>>) => Promise<T>) {
  const store = await openStore(location);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

describe('token lifetime on a running server', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({}, undefined, { access: { readAccess: 'token' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a token whose expiry has passed is refused; one expiring later is accepted', async () => {
    const past = await createTestToken(t.storeDir, 'read', { expiresAt: new Date(Date.now() - 1000).toISOString() });
    const res = await t.get(READ, past.headers);
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/expired/);
    const future = await createTestToken(t.storeDir, 'read', {
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await t.get(READ, future.headers)).status).toBe(200);
  });

  it('a revoked token is refused within the cache window', async () => {
    const token = await createTestToken(t.storeDir, 'read');
    expect((await t.get(READ, token.headers)).status).toBe(200);
    const revokedAt = Date.now();
    expect(await withStore(t.storeDir, (store) => store.revokeToken(token.name))).toBe(true);
    const deadline = revokedAt + TOKEN_CACHE_MS + 3_000;
    let status = 200;
    while (Date.now() < deadline) {
      status = (await t.get(READ, token.headers)).status;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(TOKEN_CACHE_MS + 1_000);
  });

  it('records the last use of a token', async () => {
    const token = await createTestToken(t.storeDir, 'read');
    const before = Date.now();
    expect((await t.get(READ, token.headers)).status).toBe(200);
    const deadline = Date.now() + 5_000;
    let lastUsedAt: string | null = null;
    while (lastUsedAt === null && Date.now() < deadline) {
      const tokens = await withStore(t.storeDir, (store) => store.listTokens());
      lastUsedAt = tokens.find((r) => r.name === token.name)?.lastUsedAt ?? null;
      if (lastUsedAt === null) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(lastUsedAt).not.toBeNull();
    expect(Date.parse(lastUsedAt!)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('rate limiting', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({}, undefined, {
      access: { readAccess: 'open', rateLimitPerMinute: 3, anonymousRateLimitPerMinute: 2 },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('per token: past the limit 429 with Retry-After; another token counts on its own', async () => {
    const a = await createTestToken(t.storeDir, 'read');
    const b = await createTestToken(t.storeDir, 'read');
    for (let i = 0; i < 3; i++) expect((await t.get(READ, a.headers)).status).toBe(200);
    const limited = await t.get(READ, a.headers);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(limited.body.code).toBe('SG_RATE_LIMITED');
    expect(limited.body.detail).toContain(`"${a.name}"`);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect((await t.get(READ, b.headers)).status).toBe(200);
  });

  it('per address without a token; /healthz and /readyz are exempt; refusals past the limit are not audited', async () => {
    for (let i = 0; i < 2; i++) expect((await t.get(READ)).status).toBe(200);
    const limited = await t.get(READ);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await t.get('/healthz')).status).toBe(200);
    expect((await t.get('/readyz')).status).toBe(200);
    // A storm of bad tokens from a limited address is cut by the limit before it writes to the audit log.
    const before = await withStore(t.storeDir, (store) => store.listAudit({ limit: 1 }));
    for (let i = 0; i < 20; i++) {
      expect((await t.get(READ, { authorization: `Bearer sgt_storm${i}` })).status).toBe(429);
    }
    const after = await withStore(t.storeDir, (store) => store.listAudit({ limit: 1 }));
    expect(after.total).toBe(before.total);
  });
});
