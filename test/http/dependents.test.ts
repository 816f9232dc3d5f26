// The contract of /v0/package/{purl}/dependents: the answer's shape, paging, `direct`, unencoded
// purls, 404 and 400. What the dependents are is tested on the index: test/query/dependents.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependentsDocuments } from '../helpers/dependents-graph.js';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';

describe('GET /v0/package/{purl}/dependents', () => {
  let t: TestClient;
  beforeAll(async () => {
    t = await startTestApp(dependentsDocuments());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every version that reaches the package, sorted, with paging', async () => {
    const r = await t.get(`/v0/package/${enc('pkg:npm/leaf@3.0.0')}/dependents`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      PaginationInfo: { TotalCount: 4 },
      dependents: ['pkg:npm/app@1.0.0', 'pkg:npm/leaf@1.0.0', 'pkg:npm/lib@2.0.0', 'pkg:npm/tool@1.0.0'],
    });
    const first = await t.get(`/v0/package/${enc('pkg:npm/leaf@3.0.0')}/dependents?PageSize=3`);
    expect(first.body.dependents).toHaveLength(3);
    const rest = await t.get(
      `/v0/package/${enc('pkg:npm/leaf@3.0.0')}/dependents?PageSize=3&Cursor=${first.body.PaginationInfo.NextCursor}`,
    );
    expect(rest.body.dependents).toEqual(['pkg:npm/tool@1.0.0']);
  });

  it('direct=true takes one step', async () => {
    const r = await t.get(`/v0/package/${enc('pkg:npm/leaf@3.0.0')}/dependents?direct=true`);
    expect(r.body.dependents).toEqual(['pkg:npm/leaf@1.0.0', 'pkg:npm/lib@2.0.0', 'pkg:npm/tool@1.0.0']);
  });

  it('works for unencoded purls, and answers 404 and 400 like the other package resources', async () => {
    const plain = await t.get('/v0/package/pkg:npm/lib@2.0.0/dependents');
    expect(plain.body.dependents).toEqual(['pkg:npm/app@1.0.0']);
    expect((await t.get(`/v0/package/${enc('pkg:npm/none@1')}/dependents`)).status).toBe(404);
    const bad = await t.get('/v0/package/lodash/dependents');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('SG_INVALID_PURL');
    const badBool = await t.get(`/v0/package/${enc('pkg:npm/lib@2.0.0')}/dependents?direct=yes`);
    expect(badBool.status).toBe(400);
  });
});
