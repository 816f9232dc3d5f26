// docs/api.md, "Pagination": every list pages the same way; nothing is cut silently.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn, sbomFor, vuln } from '../helpers/predicates.js';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';

const VERSIONS = Array.from({ length: 250 }, (_, i) => `pkg:npm/many@1.0.${i}`);

let t: TestClient;
let capped: TestClient;
beforeAll(async () => {
  const docs = {
    'many.json': {
      hasSBOM: [sbomFor({ pkg: 'pkg:npm/root@1' })],
      isDependency: VERSIONS.map((v) => dependsOn('pkg:npm/root@1', v)),
      certifyVuln: VERSIONS.slice(0, 120).map((v) => vuln(v, 'cve', 'CVE-2024-1234')),
    },
  };
  t = await startTestApp(docs, { listCap: 100_000, maxPageSize: 500 });
  capped = await startTestApp(docs, { listCap: 100, maxPageSize: 100 });
});
afterAll(async () => {
  await t.close();
  await capped.close();
});

async function walkPages(
  server: TestClient,
  path: string,
  listKey: string,
  pageSize?: number,
): Promise<{ items: string[]; pages: number; totals: number[] }> {
  const items: string[] = [];
  const totals: number[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const query = [pageSize ? `PageSize=${pageSize}` : '', cursor ? `Cursor=${cursor}` : ''].filter(Boolean).join('&');
    const r = await server.get(`${path}${query ? sep + query : ''}`);
    expect(r.status, r.text).toBe(200);
    items.push(...r.body[listKey]);
    totals.push(r.body.PaginationInfo.TotalCount);
    cursor = r.body.PaginationInfo.NextCursor;
    pages++;
  } while (cursor && pages < 10);
  return { items, pages, totals };
}

describe('pagination', () => {
  it('walks a 250-item list with PageSize 100: three pages, no duplicate, no gap, right total', async () => {
    const { items, pages, totals } = await walkPages(t, `/v0/package/${enc('pkg:npm/many')}`, 'PurlList', 100);
    expect(pages).toBe(3);
    expect(totals).toEqual([250, 250, 250]);
    expect(new Set(items).size).toBe(250);
    expect(items).toEqual([...VERSIONS].sort());
  });

  it('the last page has no NextCursor', async () => {
    const first = await t.get(`/v0/package/${enc('pkg:npm/many')}?PageSize=200`);
    const last = await t.get(
      `/v0/package/${enc('pkg:npm/many')}?PageSize=200&Cursor=${first.body.PaginationInfo.NextCursor}`,
    );
    expect(last.body.PurlList).toHaveLength(50);
    expect(last.body.PaginationInfo).toEqual({ TotalCount: 250 });
  });

  it('accepts the GUAC spelling paginationSpec[PageSize] / paginationSpec[Cursor]', async () => {
    const first = await t.get(`/v0/package/${enc('pkg:npm/root@1')}/dependencies?paginationSpec[PageSize]=100`);
    expect(first.body.dependencies).toHaveLength(100);
    const second = await t.get(
      `/v0/package/${enc('pkg:npm/root@1')}/dependencies?paginationSpec[PageSize]=100&paginationSpec[Cursor]=${first.body.PaginationInfo.NextCursor}`,
    );
    expect(second.body.dependencies[0] > first.body.dependencies[99]).toBe(true);
  });

  it('a list over the cap is never cut silently: the first page comes with a NextCursor', async () => {
    const { items, pages } = await walkPages(
      capped,
      `/v0/package/${enc('pkg:npm/root@1')}/dependencies`,
      'dependencies',
    );
    expect(pages).toBe(3);
    expect(items).toHaveLength(250);
  });

  it('bare arrays carry X-Total-Count and a Link rel="next" header', async () => {
    const first = await t.get(`/v0/package/${enc('pkg:npm/root@1')}/vulns?includeDependencies=true&PageSize=50`);
    expect(first.body).toHaveLength(50);
    expect(first.headers.get('x-total-count')).toBe('120');
    const link = first.headers.get('link')!;
    expect(link).toMatch(/^<\/v0\/package\/.+Cursor=.+>; rel="next"$/);
    const seen = [...first.body];
    let next: string | undefined = /^<([^>]+)>/.exec(link)![1];
    while (next) {
      const r = await t.get(next);
      seen.push(...r.body);
      next = /^<([^>]+)>/.exec(r.headers.get('link') ?? '')?.[1];
    }
    expect(new Set(seen.map((v) => v.package)).size).toBe(120);
  });

  it('a cursor stays valid after the data changes and neither skips nor repeats', async () => {
    const first = await t.get(`/v0/package/${enc('pkg:npm/many')}?PageSize=100`);
    await t.ingest('more.json', {
      isDependency: [
        dependsOn('pkg:npm/root@1', 'pkg:npm/many@0.0.1'),
        dependsOn('pkg:npm/root@1', 'pkg:npm/many@9.9.9'),
      ],
    });
    const second = await t.get(
      `/v0/package/${enc('pkg:npm/many')}?PageSize=100&Cursor=${first.body.PaginationInfo.NextCursor}`,
    );
    expect(second.status).toBe(200);
    expect(second.body.PurlList[0] > first.body.PurlList[99]).toBe(true);
    expect(second.body.PurlList).not.toContain(first.body.PurlList[99]);
  });

  it.each([['garbage!'], ['eyJ2IjoxfQ'], ['bm90IGpzb24']])('a malformed cursor %s is 400', async (cursor) => {
    const r = await t.get(`/v0/package/${enc('pkg:npm/many')}?Cursor=${cursor}`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('SG_INVALID_CURSOR');
  });

  it('a cursor whose offset or last key was altered is 400; at another version its key decides', async () => {
    const path = `/v0/package/${enc('pkg:npm/many')}?PageSize=50`;
    const cursor = (await t.get(path)).body.PaginationInfo.NextCursor as string;
    const body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o: number; g: number };
    const altered = (change: object): string =>
      Buffer.from(JSON.stringify({ ...body, ...change }), 'utf8').toString('base64url');
    const tampered = [
      altered({ o: body.o + 10 }),
      altered({ o: body.o - 1 }),
      altered({ o: 1_000_000 }),
      altered({ k: ['pkg:npm/many@1.0.99'] }),
      altered({ g: body.g + 1, k: [7] }), // not the shape of this list's keys
    ];
    for (const text of tampered) {
      const r = await t.get(`${path}&Cursor=${text}`);
      expect(r.status, text).toBe(400);
      expect(r.body.code).toBe('SG_INVALID_CURSOR');
      expect(r.body.detail).toMatch(/altered/);
    }
    // A cursor from another store version (another replica, a restart after ingest) continues after
    // its key: the same page as the issued cursor while the list is unchanged.
    const issued = await t.get(`${path}&Cursor=${cursor}`);
    const otherVersion = await t.get(`${path}&Cursor=${altered({ g: body.g + 1, o: 0 })}`);
    expect(otherVersion.status).toBe(200);
    expect(otherVersion.body.PurlList).toEqual(issued.body.PurlList);
  });

  it('a cursor from another list is 400', async () => {
    const other = await t.get(`/v0/package/${enc('pkg:npm/root@1')}/dependencies?PageSize=10`);
    const r = await t.get(`/v0/package/${enc('pkg:npm/many')}?Cursor=${other.body.PaginationInfo.NextCursor}`);
    expect(r.status).toBe(400);
    expect(r.body.Message).toMatch(/another list/);
  });

  it.each(['0', '-1', '501', 'ten', '1.5'])('PageSize=%s is 400', async (size) => {
    const r = await t.get(`/v0/package/${enc('pkg:npm/many')}?PageSize=${size}`);
    expect(r.status).toBe(400);
    expect(r.body.Message).toMatch(/PageSize/);
  });
});
