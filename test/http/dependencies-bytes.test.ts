// The dependency list is written as bytes from per-package JSON literals (src/http/purl-list-bytes.ts),
// not by the route's serializer: the text must still be exactly what JSON.stringify writes for the
// same object, with the paging fields in the schema's order, on every page and for purls whose
// canonical text carries percent escapes, qualifiers and subpaths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn } from '../helpers/predicates.js';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';

const ROOT = 'pkg:npm/%40scope/app@1.0.0';
const DEPS = [
  'pkg:npm/caf%C3%A9@1.0.0',
  'pkg:generic/a%22b@1.0.0',
  'pkg:generic/back%5Cslash@1?q=%22v%22',
  'pkg:generic/x%E2%80%A8y@1#sub/path',
  'pkg:maven/org.example/lib@2.0?type=jar',
];

let t: TestClient;
beforeAll(async () => {
  t = await startTestApp({
    'sbom.json': {
      isDependency: [...DEPS.map((d) => dependsOn(ROOT, d)), dependsOn(DEPS[0], 'pkg:npm/leaf@4.0.0')],
    },
  });
});
afterAll(async () => {
  await t.close();
});

interface PurlPage {
  PaginationInfo: { TotalCount: number; NextCursor?: string };
  dependencies: string[];
}

describe('dependency list bytes', () => {
  it('are JSON.stringify text of the answer on every page, and the pages add up to the closure', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const r = await t.get(
        `/v0/package/${enc(ROOT)}/dependencies?PageSize=2${cursor ? `&Cursor=${enc(cursor)}` : ''}`,
      );
      expect(r.status).toBe(200);
      const body = JSON.parse(r.text) as PurlPage;
      expect(Object.keys(body)).toEqual(['PaginationInfo', 'dependencies']);
      expect(r.text).toBe(JSON.stringify(body));
      // The schema's order (what the route's serializer writes): TotalCount first, as on every list.
      expect(Object.keys(body.PaginationInfo)).toEqual(
        body.PaginationInfo.NextCursor === undefined ? ['TotalCount'] : ['TotalCount', 'NextCursor'],
      );
      expect(body.PaginationInfo.TotalCount).toBe(DEPS.length + 1);
      seen.push(...body.dependencies);
      cursor = body.PaginationInfo.NextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    const whole = (await t.get(`/v0/package/${enc(ROOT)}/dependencies`)).body as PurlPage;
    expect([...seen].sort()).toEqual([...whole.dependencies].sort());
    expect(seen).toContain('pkg:npm/leaf@4.0.0');
  });
});
