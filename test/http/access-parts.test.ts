// The parts of access control that run on a clock, driven by a fake one: the token lookup cache
// (how long a revocation takes), the last-use writes (at most once a minute), and the audit
// budget for refused requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditBudget, PER_CLIENT_PER_MINUTE, TOTAL_PER_MINUTE } from '../../src/http/plugins/app/audit-budget.js';
import { TOKEN_CACHE_MS, TokenVerifier } from '../../src/http/plugins/app/token-verifier.js';
import { openStore } from '../../src/store/open.js';
import type { GraphStore } from '../../src/store/types.js';
import { createTestStore } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';

describe('TokenVerifier', () => {
  let location: { location: string; remove: () => Promise<void> };
  let store: GraphStore;
  beforeAll(async () => {
    location = await createTestStore();
    store = await openStore(location.location);
  });
  afterAll(async () => {
    await store?.close();
    await location?.remove();
  });

  const lastUsed = async (name: string) => (await store.listTokens()).find((t) => t.name === name)?.lastUsedAt;

  it('reuses a lookup for TOKEN_CACHE_MS: a revocation is seen once the window has passed', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const verifier = new TokenVerifier(
      store,
      () => undefined,
      () => now,
    );
    const { token, name } = await createTestToken(location.location, 'ingest');
    expect(await verifier.verify(token)).toEqual({ ok: true, name, scope: 'ingest' });
    await store.revokeToken(name);
    now += TOKEN_CACHE_MS - 1;
    expect((await verifier.verify(token)).ok).toBe(true);
    now += 1;
    expect(await verifier.verify(token)).toMatchObject({ ok: false, reason: expect.stringMatching(/not valid/) });
  });

  it('refuses an expired token by name, and records a use at most once a minute', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const verifier = new TokenVerifier(
      store,
      () => undefined,
      () => now,
    );
    const expiring = await createTestToken(location.location, 'read', { expiresAt: '2030-01-01T00:00:10.000Z' });
    expect((await verifier.verify(expiring.token)).ok).toBe(true);
    await verifier.touchesWritten();
    expect(await lastUsed(expiring.name)).toBe('2030-01-01T00:00:00.000Z');
    now += 5_000;
    expect((await verifier.verify(expiring.token)).ok).toBe(true);
    await verifier.touchesWritten();
    expect(await lastUsed(expiring.name)).toBe('2030-01-01T00:00:00.000Z'); // not again within the minute
    now += 5_000;
    expect(await verifier.verify(expiring.token)).toEqual({
      ok: false,
      reason: 'the token expired at 2030-01-01T00:00:10.000Z',
      name: expiring.name,
    });

    const lasting = await createTestToken(location.location, 'read');
    expect((await verifier.verify(lasting.token)).ok).toBe(true);
    now += 60_000;
    expect((await verifier.verify(lasting.token)).ok).toBe(true);
    await verifier.touchesWritten();
    expect(await lastUsed(lasting.name)).toBe(new Date(now).toISOString());
  });
});

describe('AuditBudget', () => {
  it('records at most PER_CLIENT_PER_MINUTE per client and TOTAL_PER_MINUTE in all, then says how many it left out', () => {
    let now = 0;
    const skipped: number[] = [];
    const budget = new AuditBudget(
      (n) => skipped.push(n),
      () => now,
    );
    let taken = 0;
    for (let i = 0; i < PER_CLIENT_PER_MINUTE + 5; i++) if (budget.take('10.0.0.1')) taken++;
    expect(taken).toBe(PER_CLIENT_PER_MINUTE);
    taken = 0;
    for (let i = 0; i < TOTAL_PER_MINUTE; i++) if (budget.take(`10.1.${i >> 8}.${i & 255}`)) taken++;
    expect(taken).toBe(TOTAL_PER_MINUTE - PER_CLIENT_PER_MINUTE);
    expect(skipped).toEqual([]);
    now += 60_000;
    expect(budget.take('10.0.0.1')).toBe(true);
    expect(skipped).toEqual([5 + PER_CLIENT_PER_MINUTE]);
  });
});
