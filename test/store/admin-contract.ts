// The token and audit contract of GraphStore, the same on both backends: the backend test
// files (sqlite/admin.test.ts, postgres/admin.test.ts) run these against a fresh store.
import { describe, expect, it } from 'vitest';
import { generateToken, hashToken } from '../../src/model/tokens.js';
import { TokenNameTakenError, type AuditEvent, type GraphStore, type TokenRecord } from '../../src/store/types.js';

function token(name: string, scope: TokenRecord['scope'] = 'ingest'): TokenRecord {
  return {
    name,
    scope,
    hash: hashToken(generateToken()),
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: null,
    lastUsedAt: null,
  };
}

function event(i: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    at: `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
    token: 'ci',
    client: '127.0.0.1',
    action: 'document.upload',
    digest: `sha256:${i}`,
    result: 'stored',
    ...overrides,
  };
}

export function adminContract(open: () => Promise<GraphStore>): void {
  describe('tokens', () => {
    it('keeps a token by hash: found by it, listed by name, touched, revoked', async () => {
      const store = await open();
      try {
        const ci = { ...token('ci'), expiresAt: '2026-04-01T00:00:00.000Z' };
        const ops = token('ops', 'admin');
        await store.createToken(ops);
        await store.createToken(ci);
        expect(await store.findToken(ci.hash)).toEqual(ci);
        expect(await store.findToken(hashToken('sgt_not-a-token'))).toBeUndefined();
        expect((await store.listTokens()).map((t) => t.name)).toEqual(['ci', 'ops']);
        await store.touchToken('ci', '2026-02-02T00:00:00.000Z');
        expect((await store.findToken(ci.hash))?.lastUsedAt).toBe('2026-02-02T00:00:00.000Z');
        // An earlier use written late (another connection) does not move the last use backwards.
        await store.touchToken('ci', '2026-02-01T23:59:00.000Z');
        expect((await store.findToken(ci.hash))?.lastUsedAt).toBe('2026-02-02T00:00:00.000Z');
        expect(await store.revokeToken('ci')).toBe(true);
        expect(await store.revokeToken('ci')).toBe(false);
        expect(await store.findToken(ci.hash)).toBeUndefined();
        expect(await store.listTokens()).toEqual([ops]);
      } finally {
        await store.close();
      }
    });

    it('refuses a second token of the same name with TokenNameTakenError, keeping the first', async () => {
      const store = await open();
      try {
        const first = token('deploy');
        await store.createToken(first);
        const clash = store.createToken(token('deploy', 'admin'));
        await expect(clash).rejects.toBeInstanceOf(TokenNameTakenError);
        await expect(clash).rejects.toThrow('a token named "deploy" exists');
        expect((await store.listTokens()).filter((t) => t.name === 'deploy')).toEqual([first]);
        // Revoked, the name is free again.
        await store.revokeToken('deploy');
        await store.createToken(token('deploy', 'read'));
        expect((await store.listTokens()).find((t) => t.name === 'deploy')?.scope).toBe('read');
      } finally {
        await store.close();
      }
    });
  });

  describe('audit log', () => {
    it('lists newest first, pages by id and counts every record', async () => {
      const store = await open();
      try {
        expect(await store.listAudit({ limit: 10 })).toEqual({ events: [], total: 0 });
        for (let i = 1; i <= 5; i++) await store.appendAudit(event(i));
        await store.appendAudit(
          event(6, { token: null, action: 'auth.failure', digest: null, result: 'unauthorized' }),
        );
        const first = await store.listAudit({ limit: 4 });
        expect(first.total).toBe(6);
        expect(first.events.map((e) => e.digest)).toEqual([null, 'sha256:5', 'sha256:4', 'sha256:3']);
        expect(first.events[0]).toMatchObject({ token: null, action: 'auth.failure', result: 'unauthorized' });
        const ids = first.events.map((e) => e.id);
        expect([...ids].sort((a, b) => b - a)).toEqual(ids);
        const second = await store.listAudit({ limit: 4, beforeId: ids[ids.length - 1] });
        expect(second.total).toBe(6);
        expect(second.events.map((e) => e.digest)).toEqual(['sha256:2', 'sha256:1']);
        expect(second.events[1]).toEqual({ id: second.events[1].id, ...event(1) });
      } finally {
        await store.close();
      }
    });

    it('keeps every record appended concurrently, each with its own id', async () => {
      const store = await open();
      try {
        await Promise.all(Array.from({ length: 40 }, (_, i) => store.appendAudit(event(i % 60))));
        const { events, total } = await store.listAudit({ limit: 100 });
        expect(total).toBe(40);
        expect(new Set(events.map((e) => e.id)).size).toBe(40);
      } finally {
        await store.close();
      }
    });
  });
}
