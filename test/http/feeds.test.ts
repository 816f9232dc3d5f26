// Feeds over a real socket, on the backend under test, against a real local HTTP server holding
// the sources: an OSV archive synced into findings, re-synced at the cost of one 304, changed
// (a record newer, one gone), and failing in each way a source fails without losing what was
// stored; a KEV feed; the syncs listed and in /metrics.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../helpers/corpus.js';
import { serviceSbom } from '../helpers/builds.js';
import { osvArchive } from '../helpers/zip.js';
import { startFileServer, type FileServer } from '../helpers/file-server.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';

const fixture = (dir: string, name: string): string => readFileSync(join(FIXTURES_DIR, dir, name), 'utf8');
const LODASH = JSON.parse(fixture('diff', 'osv-GHSA-35jh-r3h4-6jhm.json')) as Record<string, unknown>;
const MINIMIST = JSON.parse(fixture('diff', 'osv-GHSA-xvch-5gv4-984h.json')) as Record<string, unknown>;
const REQUESTS = JSON.parse(fixture('osv', 'osv-pysec-pypi-requests-PYSEC-2023-74.json')) as Record<string, unknown>;

interface Feed {
  name: string;
  nextSyncAt: string;
  failures: number;
  lastSync: { startedAt: string; status: string; changes: Record<string, number>; error: string | null } | null;
}

let t: TestServer;
let files: FileServer;
let admin: Record<string, string>;
const json = { 'content-type': 'application/json' };

const putFeed = (name: string, body: object, headers = admin) =>
  t.request('PUT', `/v0/feeds/${name}`, { ...json, ...headers }, JSON.stringify(body));

/** Starts a sync, waits for the scheduler to finish it, and gives the feed as the API shows it. */
async function sync(name: string): Promise<Feed> {
  const started = await t.request('POST', `/v0/feeds/${name}/sync`, admin);
  expect(started.status, started.text).toBe(202);
  await t.server.app.feedScheduler.idle();
  return (await t.get(`/v0/feeds/${name}`)).body as Feed;
}

const findingIds = async (): Promise<string[]> => {
  const res = await t.get('/v0/findings?PageSize=100');
  expect(res.status, res.text).toBe(200);
  const body = res.body as {
    findings: { project: string; vulnerability: { id: string } }[];
  };
  return body.findings.map((f) => `${f.project} ${f.vulnerability.id}`).sort();
};

beforeAll(async () => {
  files = await startFileServer();
  t = await startTestServer({
    'shop-api-1.1.0.cdx.json': fixture('diff', 'shop-api-1.1.0.cdx.json'),
    'orders.cdx.json': serviceSbom({ service: 'orders', version: '2.0.0', components: ['pkg:npm/lodash@4.17.20'] }),
  });
  admin = (await createTestToken(t.storeDir, 'admin')).headers;
});
afterAll(async () => {
  await t?.close();
  await files?.close();
});

describe('an OSV archive feed', () => {
  it('is written with the admin scope; a bad kind, source or interval is refused naming the field', async () => {
    const ingest = (await createTestToken(t.storeDir, 'ingest')).headers;
    expect((await putFeed('osv', { kind: 'osv-archive', source: files.url('/all.zip') }, ingest)).status).toBe(403);
    const bad = async (body: object): Promise<string> =>
      ((await putFeed('osv', body)).body as { detail: string }).detail;
    expect(await bad({ kind: 'nvd', source: files.url('/x') })).toBe(
      'kind: "nvd" is not one of osv-archive, osv-records, kev, epss',
    );
    expect(await bad({ kind: 'kev', source: 'ftp://example.com/kev.json' })).toMatch(
      /^source: "ftp:\/\/example.com\/kev.json" is not an http\(s\) URL/,
    );
    expect(await bad({ kind: 'kev', source: files.url('/x'), intervalSeconds: 5 })).toMatch(
      /^intervalSeconds: 5 is not/,
    );
    expect((await t.get('/v0/feeds')).body).toEqual({ feeds: [] });
    // A source's user and password are kept, never shown.
    expect(
      (await putFeed('private', { kind: 'kev', source: 'https://ci:s3cret@mirror.example/kev.json' })).status,
    ).toBe(201);
    const shown = (await t.get('/v0/feeds/private')).body as { source: string };
    expect(shown.source).toBe('https://***@mirror.example/kev.json');
    expect((await t.request('DELETE', '/v0/feeds/private', admin)).status).toBe(204);
  });

  it('syncs into findings: every record taken, the packages they name matched', async () => {
    expect(await findingIds()).toEqual([]);
    files.set('/all.zip', await osvArchive([LODASH, MINIMIST, REQUESTS]));
    const put = await putFeed('osv', { kind: 'osv-archive', source: files.url('/all.zip'), intervalSeconds: 3600 });
    expect(put.status, put.text).toBe(201);
    const feed = await sync('osv');
    expect(feed.lastSync).toMatchObject({
      status: 'changed',
      changes: { added: 3, updated: 0, removed: 0, failed: 0 },
      error: null,
    });
    expect(Date.parse(feed.nextSyncAt) - Date.parse(feed.lastSync!.startedAt)).toBe(3600_000);
    expect(await findingIds()).toEqual(['orders GHSA-35jh-r3h4-6jhm', 'shop-api GHSA-xvch-5gv4-984h']);
  });

  it('costs one conditional request when the archive has not changed', async () => {
    const before = files.requests.length;
    expect((await sync('osv')).lastSync).toMatchObject({ status: 'unchanged', changes: { added: 0, unchanged: 0 } });
    expect(files.requests.slice(before).map((r) => r.status)).toEqual([304]);
  });

  it('keeps what it stored when the source fails, hangs up or serves a broken zip, and retries sooner, doubling', async () => {
    const failing = async (): Promise<Feed> => {
      const feed = await sync('osv');
      expect(feed.lastSync?.status).toBe('failed');
      expect(await findingIds()).toEqual(['orders GHSA-35jh-r3h4-6jhm', 'shop-api GHSA-xvch-5gv4-984h']);
      return feed;
    };
    files.behave('/all.zip', { status: 500 });
    const first = await failing();
    expect(first.lastSync?.error).toBe(`${files.url('/all.zip')}: HTTP 500 Internal Server Error`);
    expect([first.failures, Date.parse(first.nextSyncAt) - Date.parse(first.lastSync!.startedAt)]).toEqual([1, 60_000]);
    const bigger = await osvArchive([LODASH, MINIMIST, REQUESTS, { ...REQUESTS, id: 'PYSEC-0000-1' }]);
    files.set('/all.zip', bigger, { truncateTo: 200 }); // a new version, cut short on the wire
    const second = await failing();
    expect([second.failures, Date.parse(second.nextSyncAt) - Date.parse(second.lastSync!.startedAt)]).toEqual([
      2, 120_000,
    ]);
    files.set('/all.zip', bigger.subarray(0, bigger.length - 100)); // served whole, but not a whole zip
    expect((await failing()).lastSync?.error).toMatch(/zip|central directory|end of/i);
  });

  it('takes a newer record and withdraws one that is gone; the matches follow', async () => {
    const fixed = {
      ...LODASH,
      modified: '2030-01-01T00:00:00Z',
      affected: [
        {
          package: { ecosystem: 'npm', name: 'lodash' },
          ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '4.17.20' }] }],
        },
      ],
    };
    files.set('/all.zip', await osvArchive([fixed, REQUESTS]));
    const feed = await sync('osv');
    expect(feed).toMatchObject({
      failures: 0,
      lastSync: { status: 'changed', changes: { added: 0, updated: 1, removed: 1, unchanged: 1, failed: 0 } },
    });
    expect(await findingIds()).toEqual([]);
    const syncs = (await t.get('/v0/feeds/osv/syncs')).body as { syncs: { status: string }[] };
    expect(syncs.syncs.map((s) => s.status)).toEqual(['changed', 'failed', 'failed', 'failed', 'unchanged', 'changed']);
  });
});

describe('a KEV feed', () => {
  it('replaces the catalogue; findings carry it; /metrics reports each feed', async () => {
    files.set('/all.zip', await osvArchive([LODASH, MINIMIST]));
    await sync('osv');
    files.set('/kev.json', fixture('exploitation', 'kev.json'));
    expect((await putFeed('kev', { kind: 'kev', source: files.url('/kev.json') })).status).toBe(201);
    await t.server.app.feedScheduler.tick(); // what the periodic check does: every feed due, one by one
    const kev = (await t.get('/v0/feeds/kev')).body as Feed;
    expect(kev.lastSync).toMatchObject({ status: 'changed', changes: { updated: 3 } });
    const body = (await t.get('/v0/findings?kev=true')).body as { findings: { vulnerability: { id: string } }[] };
    expect(body.findings.map((f) => f.vulnerability.id)).toEqual(['GHSA-xvch-5gv4-984h']);
    const metrics = (await t.get('/metrics')).text;
    expect(metrics).toMatch(/^supplygraph_feed_last_sync_ok\{feed="kev",kind="kev"\} 1$/m);
    expect(metrics).toMatch(/^supplygraph_feed_last_sync_records\{feed="kev",kind="kev",change="updated"\} 3$/m);
    expect(metrics).toMatch(/^supplygraph_feed_consecutive_failures\{feed="osv",kind="osv-archive"\} 0$/m);
  });

  it('a sync of a feed under way is 409; a deleted feed is 404', async () => {
    expect((await t.request('DELETE', '/v0/feeds/kev', admin)).status).toBe(204);
    const gone = await t.request('POST', '/v0/feeds/kev/sync', admin);
    expect([gone.status, (gone.body as { code: string }).code]).toEqual([404, 'SG_FEED_NOT_FOUND']);
    expect((await t.get('/v0/feeds/kev')).status).toBe(404);
  });
});
