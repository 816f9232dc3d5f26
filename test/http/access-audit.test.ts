// The audit log over HTTP: refused requests are recorded (who, from where, why), GET /v0/audit
// pages newest first with a keyset cursor, and a cursor it did not issue is 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeKeysetCursor } from '../../src/query/cursor.js';
import { openStore } from '../../src/store/open.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';

let t: TestServer;
let admin: Record<string, string>;
let readName: string;
let read: Record<string, string>;

beforeAll(async () => {
  t = await startTestServer({}, undefined, { access: { readAccess: 'token' } });
  admin = (await createTestToken(t.storeDir, 'admin')).headers;
  const token = await createTestToken(t.storeDir, 'read');
  readName = token.name;
  read = token.headers;
});
afterAll(async () => {
  await t?.close();
});

const LOOPBACK = /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/;

describe('audit records of refused requests', () => {
  it('a 401 without a token, a 401 with a bad token and a 403 are each recorded, newest first', async () => {
    expect((await t.get('/v0/audit')).status).toBe(401);
    expect((await t.get('/analysis/dependencies?sort=frequency', { authorization: 'Bearer nope' })).status).toBe(401);
    expect((await t.get('/v0/audit', read)).status).toBe(403);
    const res = await t.get('/v0/audit', admin);
    expect(res.status).toBe(200);
    const [forbidden, badToken, noToken] = res.body.events;
    expect(forbidden).toMatchObject({ token: readName, action: 'auth.failure', digest: null, result: 'forbidden' });
    expect(badToken).toMatchObject({ token: null, action: 'auth.failure', result: 'unauthorized' });
    expect(noToken).toMatchObject({ token: null, action: 'auth.failure', result: 'unauthorized' });
    for (const event of [forbidden, badToken, noToken]) {
      expect(event.client).toMatch(LOOPBACK);
      expect(Date.parse(event.at)).toBeGreaterThan(Date.now() - 60_000);
      expect(Object.keys(event).sort()).toEqual(['action', 'at', 'client', 'digest', 'result', 'token']);
    }
    expect(res.body.PaginationInfo.TotalCount).toBe(res.body.events.length);
  });

  it('an expired token is refused and named in the record', async () => {
    const expired = await createTestToken(t.storeDir, 'admin', { expiresAt: '2020-01-01T00:00:00.000Z' });
    const res = await t.get('/v0/audit', expired.headers);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect(res.body.detail).toMatch(/expired/);
    const [event] = (await t.get('/v0/audit', admin)).body.events;
    expect(event).toMatchObject({ token: expired.name, action: 'auth.failure', result: 'unauthorized' });
  });
});

describe('GET /v0/audit pages', () => {
  beforeAll(async () => {
    const store = await openStore(t.storeDir);
    try {
      for (let i = 0; i < 5; i++) {
        await store.appendAudit({
          at: new Date().toISOString(),
          token: 'pager',
          client: '10.0.0.1',
          action: 'document.upload',
          digest: `sha256:${String(i).repeat(64)}`,
          result: 'stored',
        });
      }
    } finally {
      await store.close();
    }
  });

  it('PageSize and NextCursor walk the whole log once, newest first, with new events not shifting pages', async () => {
    const whole = (await t.get('/v0/audit', admin)).body;
    const seen: unknown[] = [];
    let url = '/v0/audit?PageSize=2';
    let pages = 0;
    while (url) {
      const page = (await t.get(url, admin)).body;
      expect(page.PaginationInfo.TotalCount).toBeGreaterThanOrEqual(whole.PaginationInfo.TotalCount);
      seen.push(...page.events);
      pages++;
      // Refusals recorded meanwhile are newer: they land before the first page, never on a later one.
      if (pages === 1) expect((await t.get('/v0/audit', read)).status).toBe(403);
      url = page.PaginationInfo.NextCursor ? `/v0/audit?PageSize=2&Cursor=${page.PaginationInfo.NextCursor}` : '';
    }
    expect(seen).toEqual(whole.events);
    expect(pages).toBe(Math.ceil(whole.events.length / 2));
    expect(whole.events[0]).toMatchObject({ token: 'pager', digest: `sha256:${'4'.repeat(64)}` });
  });

  it('a malformed or foreign cursor is 400 SG_INVALID_CURSOR', async () => {
    for (const cursor of ['not*base64', 'bm90LWEtY3Vyc29y', encodeKeysetCursor('documents', 5)]) {
      const res = await t.get(`/v0/audit?Cursor=${cursor}`, admin);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('SG_INVALID_CURSOR');
    }
    const res = await t.get('/v0/audit?PageSize=0', admin);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SG_INVALID_PAGE_SIZE');
  });
});
