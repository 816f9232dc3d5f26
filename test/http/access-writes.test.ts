// Writes always need a token with the scope: POST /v0/documents needs ingest, DELETE
// /v0/documents/{digest} needs admin, whatever --read-access says. The audit log reads need admin.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn } from '../helpers/predicates.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';

type Scope = 'read' | 'ingest' | 'admin';

const BODY = JSON.stringify({ isDependency: [dependsOn('pkg:npm/uploaded@1', 'pkg:npm/dep@1')] });
const DIGEST = `sha256:${createHash('sha256').update(BODY).digest('hex')}`;
const JSON_TYPE = { 'content-type': 'application/json' };

for (const readAccess of ['open', 'token'] as const) {
  describe(`writes and the audit log under --read-access ${readAccess}`, () => {
    let t: TestServer;
    let tokens: Record<Scope, Record<string, string>>;

    beforeAll(async () => {
      t = await startTestServer({}, undefined, { access: { readAccess } });
      tokens = {
        read: (await createTestToken(t.storeDir, 'read')).headers,
        ingest: (await createTestToken(t.storeDir, 'ingest')).headers,
        admin: (await createTestToken(t.storeDir, 'admin')).headers,
      };
    });
    afterAll(async () => {
      await t?.close();
    });

    const upload = (headers: Record<string, string>) =>
      t.request('POST', '/v0/documents', { ...JSON_TYPE, ...headers }, BODY);
    const remove = (headers: Record<string, string>) => t.request('DELETE', `/v0/documents/${DIGEST}`, headers);

    it('POST /v0/documents: 401 without a token or with a bad one, 403 for read, 201 for ingest', async () => {
      const none = await upload({});
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer realm="supplygraph"');
      const bad = await upload({ authorization: 'Bearer sgt_unknown' });
      expect(bad.status).toBe(401);
      expect(bad.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
      const read = await upload(tokens.read);
      expect(read.status).toBe(403);
      expect(read.body.code).toBe('SG_FORBIDDEN');
      expect(read.headers.get('www-authenticate')).toMatch(/error="insufficient_scope", scope="ingest"/);
      // Nothing was stored by the refused requests.
      expect((await t.get(`/v0/documents/${DIGEST}`, tokens.read)).status).toBe(404);
      const stored = await upload(tokens.ingest);
      expect(stored.status).toBe(201);
      expect(stored.body).toMatchObject({ digest: DIGEST, status: 'stored' });
      expect((await upload(tokens.admin)).status).toBe(200); // already present, admin may upload too
    });

    it('DELETE /v0/documents/{digest}: 401 without a token, 403 for read and ingest, 204 for admin', async () => {
      expect((await remove({})).status).toBe(401);
      for (const scope of ['read', 'ingest'] as const) {
        const res = await remove(tokens[scope]);
        expect(res.status).toBe(403);
        expect(res.headers.get('www-authenticate')).toMatch(/scope="admin"/);
      }
      expect((await t.get(`/v0/documents/${DIGEST}`, tokens.read)).status).toBe(200);
      expect((await remove(tokens.admin)).status).toBe(204);
      expect((await t.get(`/v0/documents/${DIGEST}`, tokens.read)).status).toBe(404);
    });

    it('GET /v0/audit: 401 without a token, 403 for read and ingest, 200 for admin', async () => {
      const none = await t.get('/v0/audit');
      expect(none.status).toBe(401);
      for (const scope of ['read', 'ingest'] as const) {
        const res = await t.get('/v0/audit', tokens[scope]);
        expect(res.status).toBe(403);
        expect(res.body.detail).toMatch(new RegExp(`"${scope}" scope; this request needs "admin"`));
      }
      const admin = await t.get('/v0/audit', tokens.admin);
      expect(admin.status).toBe(200);
      expect(admin.headers.get('cache-control')).toBe('no-store');
      expect(admin.body.events.length).toBeGreaterThan(0);
    });
  });
}
