// GET /v0/documents (filters, paging), GET and DELETE /v0/documents/{digest}, on the backend
// under test: newest first, cursors that refuse other filters, 404s, and a delete that changes
// the graph's answers at once on this server.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.js';
import { FIXTURES_DIR } from '../helpers/corpus.js';
import { enc, startTestServer, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';
import { spdxTagValueHeader } from '../helpers/documents.js';

const fixture = (path: string): string => readFileSync(join(FIXTURES_DIR, path), 'utf8');

const INGESTED = {
  'osv-a.json': fixture('osv/osv-ghsa-go-x-text-GHSA-69ch-w2m2-3vjp.json'),
  'osv-b.json': fixture('osv/osv-ghsa-crates-deno-GHSA-c25x-cm9x-qqgx.json'),
  'osv-c.json': fixture('osv/osv-pysec-pypi-requests-PYSEC-2023-74.json'),
  'sbom.json': fixture('cyclonedx/cyclonedx-syft-alpine-latest-image.json'),
};

/** A small SPDX tag-value SBOM stating one package, for the delete test. */
function tagValue(name: string): string {
  return [
    ...spdxTagValueHeader(name),
    `PackageName: ${name}`,
    'SPDXID: SPDXRef-app',
    'PackageVersion: 1.0',
    `ExternalRef: PACKAGE-MANAGER purl pkg:npm/${name}@1`,
    '',
  ].join('\n');
}

interface Summary {
  digest: string;
  format: string;
  subject: string | null;
  origin: string;
}

let t: TestServer;
let uploaded: Summary;
/** Uploads and deletions need a token (admin may do both). */
let admin: Record<string, string>;

beforeAll(async () => {
  t = await startTestServer(INGESTED);
  admin = (await createTestToken(t.storeDir, 'admin')).headers;
  const res = await t.request(
    'POST',
    '/v0/documents?name=uploaded.spdx',
    { 'content-type': 'text/plain', ...admin },
    tagValue('listed-app'),
  );
  expect(res.status, res.text).toBe(201);
  uploaded = res.body as Summary;
});
afterAll(async () => {
  await t?.close();
});

async function allPages(query: string): Promise<Summary[]> {
  const seen: Summary[] = [];
  let url = `/v0/documents?PageSize=2${query}`;
  for (;;) {
    const res = await t.get(url);
    expect(res.status, res.text).toBe(200);
    seen.push(...(res.body.documents as Summary[]));
    const next = res.body.PaginationInfo.NextCursor as string | undefined;
    if (!next) return seen;
    url = `/v0/documents?PageSize=2${query}&Cursor=${next}`;
  }
}

describe('GET /v0/documents', () => {
  it('lists every document newest first, with the fields of docs/api.md', async () => {
    const res = await t.get('/v0/documents');
    expect(res.status).toBe(200);
    expect(res.body.PaginationInfo).toEqual({ TotalCount: 5 });
    const docs = res.body.documents as Summary[];
    expect(docs.map((d) => d.origin)).toEqual(['uploaded.spdx', 'sbom.json', 'osv-c.json', 'osv-b.json', 'osv-a.json']);
    expect(Object.keys(docs[0]).sort()).toEqual(
      ['counts', 'digest', 'format', 'ingestedAt', 'ingestedBy', 'origin', 'skippedCount', 'subject'].sort(),
    );
    expect(docs[0]).toMatchObject({ digest: uploaded.digest, format: uploaded.format });
  });

  it('pages with PageSize and Cursor, never repeating or skipping', async () => {
    const first = await t.get('/v0/documents?PageSize=2');
    expect(first.body.documents).toHaveLength(2);
    expect(first.body.PaginationInfo.TotalCount).toBe(5);
    expect(first.body.PaginationInfo.NextCursor).toEqual(expect.any(String));
    const whole = (await t.get('/v0/documents')).body.documents as Summary[];
    expect((await allPages('')).map((d) => d.digest)).toEqual(whole.map((d) => d.digest));
  });

  it('filters by format and by subject, the total counting the matches', async () => {
    const osvFormat = (await t.get('/v0/documents')).body.documents.find(
      (d: Summary) => d.origin === 'osv-a.json',
    ).format;
    const osv = await allPages(`&format=${enc(osvFormat)}`);
    expect(osv.map((d) => d.origin)).toEqual(['osv-c.json', 'osv-b.json', 'osv-a.json']);
    const none = await t.get('/v0/documents?format=no-such-format');
    expect(none.body).toEqual({ PaginationInfo: { TotalCount: 0 }, documents: [] });
    const withSubject = (await t.get('/v0/documents')).body.documents.find(
      (d: Summary) => d.subject !== null,
    ) as Summary;
    expect(withSubject).toBeDefined();
    const about = await t.get(`/v0/documents?subject=${enc(withSubject.subject!)}`);
    expect(about.body.documents.map((d: Summary) => d.digest)).toContain(withSubject.digest);
    for (const d of about.body.documents as Summary[]) expect(d.subject).toBe(withSubject.subject);
  });

  it('refuses a cursor used with other filters, or not issued here → 400 SG_INVALID_CURSOR', async () => {
    const cursor = (await t.get('/v0/documents?PageSize=1')).body.PaginationInfo.NextCursor as string;
    const other = await t.get(`/v0/documents?PageSize=1&format=x&Cursor=${cursor}`);
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('SG_INVALID_CURSOR');
    for (const bad of [
      'not-a-cursor!',
      'bm90LWEtY3Vyc29y',
      Buffer.from('{"d":-1,"f":null,"s":null}').toString('base64url'),
    ]) {
      const res = await t.get(`/v0/documents?Cursor=${enc(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('SG_INVALID_CURSOR');
    }
    const size = await t.get('/v0/documents?PageSize=0');
    expect(size.status).toBe(400);
  });
});

describe('GET /v0/documents/{digest}', () => {
  it('shows one document with its skip list; a bare hex digest is the same document', async () => {
    const res = await t.get(`/v0/documents/${enc(uploaded.digest)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ digest: uploaded.digest, origin: 'uploaded.spdx', skipped: [] });
    expect(res.body.skippedCount).toBe(res.body.skipped.length);
    const bare = await t.get(`/v0/documents/${uploaded.digest.slice('sha256:'.length).toUpperCase()}`);
    expect(bare.body).toEqual(res.body);
  });

  it('unknown → 404 SG_DOCUMENT_NOT_FOUND; malformed → 400 SG_INVALID_DIGEST', async () => {
    const unknown = await t.get(`/v0/documents/sha256:${'0'.repeat(64)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('SG_DOCUMENT_NOT_FOUND');
    const bad = await t.get('/v0/documents/sha1:abc');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('SG_INVALID_DIGEST');
  });
});

describe('DELETE /v0/documents/{digest}', () => {
  it('204, then the document and what only it stated are gone from every answer; again → 404', async () => {
    const purl = enc('pkg:npm/deleted-app');
    const res = await t.request('POST', '/v0/documents', admin, tagValue('deleted-app'));
    expect(res.status, res.text).toBe(201);
    expect((await t.get(`/v0/package/${purl}`)).body.PurlList).toEqual(['pkg:npm/deleted-app@1']);
    const total = (await t.get('/v0/documents')).body.PaginationInfo.TotalCount as number;

    const deleted = await t.request('DELETE', `/v0/documents/${enc(res.body.digest)}`, admin);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await t.get(`/v0/package/${purl}`)).body.PurlList).toEqual([]);
    expect((await t.get(`/v0/documents/${enc(res.body.digest)}`)).status).toBe(404);
    const list = await t.get('/v0/documents');
    expect(list.body.PaginationInfo.TotalCount).toBe(total - 1);
    expect(list.body.documents.map((d: Summary) => d.digest)).not.toContain(res.body.digest);

    const again = await t.request('DELETE', `/v0/documents/${enc(res.body.digest)}`, admin);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('SG_DOCUMENT_NOT_FOUND');
    // Deleted, it can be uploaded again as new.
    const back = await t.request('POST', '/v0/documents', admin, tagValue('deleted-app'));
    expect(back.status).toBe(201);
  });

  it('every upload and delete is in the audit log, with its digest and result', async () => {
    const res = await t.request('POST', '/v0/documents', admin, tagValue('audited-app'));
    const digest = res.body.digest as string;
    expect((await t.request('DELETE', `/v0/documents/${enc(digest)}`, admin)).status).toBe(204);
    expect((await t.request('POST', '/v0/documents', admin, '{"hello": 1}')).status).toBe(415);
    const store = await openStore(t.storeDir);
    try {
      const { events } = await store.listAudit({ limit: 3 });
      expect(events.map((e) => [e.action, e.digest, e.result, e.client])).toEqual([
        ['document.upload', null, 'unsupported', '127.0.0.1'],
        ['document.delete', digest, 'deleted', '127.0.0.1'],
        ['document.upload', digest, 'stored', '127.0.0.1'],
      ]);
    } finally {
      await store.close();
    }
  });
});
