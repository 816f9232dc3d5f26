// Issue 29: one 60 KB OSV advisory took the service down for good. Its Maven range bounds of
// 10,000 segments ("1a.1a.1a…") overflowed the stack of the Maven version comparison when the
// index matched it against a Maven package: the upload answered 500, every data route 502 and
// /readyz 503, and the server would not start again. Now ingest leaves those ranges out with a
// reason and the service keeps answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';
import { dependsOn } from '../helpers/predicates.js';

const LIB = 'pkg:maven/org.example/lib@1.0';
const nested = Array.from({ length: 10_000 }, () => '1a').join('.');
const HOSTILE = JSON.stringify({
  id: 'GHSA-hhhh-hhhh-hhhh',
  modified: '2024-01-01T00:00:00Z',
  summary: 'range bounds of 10,000 segments',
  affected: [
    {
      package: { ecosystem: 'Maven', name: 'org.example:lib' },
      ranges: [
        { type: 'ECOSYSTEM', events: [{ introduced: nested }, { fixed: `${nested}.2` }] },
        { type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.0' }] },
      ],
    },
  ],
});

let t: TestClient;
let ingest: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp({ 'graph.json': { isDependency: [dependsOn('pkg:maven/org.example/app@1', LIB)] } });
  ({ headers: ingest } = await createTestToken(t.storeDir, 'ingest'));
});
afterAll(async () => {
  await t.close();
});

describe('a hostile OSV advisory uploaded over HTTP', () => {
  it('is stored with its unevaluable range reported, and the service keeps answering', async () => {
    expect(HOSTILE.length).toBeGreaterThan(60_000);
    const res = await t.request('POST', '/v0/documents', { ...ingest, 'content-type': 'application/json' }, HOSTILE);
    expect(res.status, res.text).toBe(201);
    expect(res.body.skipped).toEqual([
      {
        path: '/affected/0/ranges/0/events/0/introduced',
        reason: expect.stringMatching(/^range not evaluated: its "introduced" bound is an unevaluable version: 29999/),
      },
    ]);

    expect((await t.get('/readyz')).status).toBe(200);
    const vulns = await t.get(`/v0/package/${enc(LIB)}/vulns`);
    expect(vulns.status, vulns.text).toBe(200);
    expect(JSON.stringify(vulns.body)).toContain('GHSA-hhhh-hhhh-hhhh'); // by its sane range
    expect((await t.get(`/v0/vuln/GHSA-hhhh-hhhh-hhhh/packages`)).status).toBe(200);
    expect((await t.get(`/v0/package/${enc('pkg:maven/org.example/app@1')}/dependencies`)).status).toBe(200);
    expect((await t.get('/v0/stats')).status).toBe(200);
    // Nothing had to be left out of the index (docs/reliability.md "Documents left out of the index").
    expect((await t.get('/metrics')).text).toMatch(/^supplygraph_index_documents_left_out 0$/m);
  });
});
