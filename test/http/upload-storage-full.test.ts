// A full disk during an upload is 507 SG_INSUFFICIENT_STORAGE with a message that says so (it
// was a generic 500), and the store stays as it was: the documents stored before still answer,
// the refused one is not there. The store's writer is made to fail the way SQLite, PostgreSQL
// and the file system say "full"; a real full disk is the reliability suite's (part-kill.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStoreError } from '../../src/store/postgres/connection.js';
import { isStorageFull } from '../../src/http/storage-full.js';
import type { GraphStore } from '../../src/store/types.js';
import { dependsOn } from '../helpers/predicates.js';
import { enc, startTestServer, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';

let t: TestServer;
let ingest: Record<string, string>;

const documentOf = (app: string) => JSON.stringify({ isDependency: [dependsOn(`pkg:npm/${app}@1`, 'pkg:npm/lib@1')] });

beforeAll(async () => {
  t = await startTestServer();
  ({ headers: ingest } = await createTestToken(t.storeDir, 'ingest'));
});
afterAll(async () => {
  await t?.close();
});

/** Runs `during` with the store's writes failing with `failure`. */
async function withFailingWrites(failure: Error, during: () => Promise<void>): Promise<void> {
  const store: GraphStore = t.server.service.store;
  const write = store.writeDocument.bind(store);
  store.writeDocument = () => Promise.reject(failure);
  try {
    await during();
  } finally {
    store.writeDocument = write;
  }
}

const FULL = {
  sqlite: Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
  postgres: new PostgresStoreError(
    'PostgreSQL x: writing a document failed: could not extend file: No space left on device',
    false,
    '53100',
  ),
  'file system': Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
};

describe('an upload when the disk is full', () => {
  it('stores one document first', async () => {
    const res = await t.request('POST', '/v0/documents?name=before', ingest, documentOf('before'));
    expect(res.status, res.text).toBe(201);
  });

  it.each(Object.entries(FULL))('%s full → 507 problem+json, nothing stored', async (_what, failure) => {
    await withFailingWrites(failure, async () => {
      const res = await t.request('POST', '/v0/documents?name=refused', ingest, documentOf('refused'));
      expect(res.status, res.text).toBe(507);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ code: 'SG_INSUFFICIENT_STORAGE', status: 507 });
      expect(res.body.Message).toMatch(/out of disk space; nothing of this request was stored/);
    });
    // The store is as it was: the earlier document answers, the refused one is not there.
    const list = await t.get('/v0/documents');
    expect(list.body.documents.map((d: { origin: string }) => d.origin)).toEqual(['before']);
    expect((await t.get(`/v0/package/${enc('pkg:npm/before@1')}/dependencies`)).body.dependencies).toEqual([
      'pkg:npm/lib@1',
    ]);
    expect((await t.get(`/v0/package/${enc('pkg:npm/refused@1')}`)).body.PurlList).toEqual([]);
  });

  it('once space is back, the same upload is stored', async () => {
    const res = await t.request('POST', '/v0/documents?name=refused', ingest, documentOf('refused'));
    expect(res.status, res.text).toBe(201);
  });
});

describe('isStorageFull', () => {
  it('knows the codes of every layer, also wrapped as a cause, and nothing else', () => {
    for (const failure of Object.values(FULL)) expect(isStorageFull(failure)).toBe(true);
    expect(isStorageFull(new Error('wrapped', { cause: FULL.sqlite }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }))).toBe(false);
    expect(isStorageFull(new PostgresStoreError('refused', true, 'ECONNREFUSED'))).toBe(false);
    expect(isStorageFull(undefined)).toBe(false);
  });
});
