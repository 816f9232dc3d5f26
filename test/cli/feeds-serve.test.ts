// The journey of issue 34's done-when: a new deployment pointed at an OSV archive (over HTTP), a
// KEV catalogue and an EPSS file keeps its findings current with nobody running ingest. The real
// `serve` process (its feed syncs on worker threads) checks for due feeds every 100 ms; the test
// waits on its log lines, then reads the answers; a newer archive reaches the findings the same
// way. (The log line of a sync comes once the index has what it stored.)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../helpers/corpus.js';
import { serviceSbom } from '../helpers/builds.js';
import { osvArchive } from '../helpers/zip.js';
import { startFileServer, type FileServer } from '../helpers/file-server.js';
import { createTestStore, ingestInto, tempDir } from '../helpers/server.js';
import { cli, serveProcess, type ServeProcess } from './run-cli.js';

const fixture = (dir: string, name: string): string => readFileSync(join(FIXTURES_DIR, dir, name), 'utf8');
const LODASH = JSON.parse(fixture('diff', 'osv-GHSA-35jh-r3h4-6jhm.json')) as Record<string, unknown>;
const MINIMIST = JSON.parse(fixture('diff', 'osv-GHSA-xvch-5gv4-984h.json')) as Record<string, unknown>;

interface Finding {
  project: string;
  vulnerability: { id: string; kev: object | null; epss: { score: number } | null };
}

let store: { location: string; remove: () => Promise<void> };
let files: FileServer;
let server: ServeProcess | undefined;

beforeAll(async () => {
  store = await createTestStore();
  await ingestInto(store.location, {
    'shop-api.cdx.json': fixture('diff', 'shop-api-1.1.0.cdx.json'),
    'orders.cdx.json': serviceSbom({ service: 'orders', version: '2.0.0', components: ['pkg:npm/lodash@4.17.20'] }),
  });
  files = await startFileServer();
  files.set('/osv/all.zip', await osvArchive([LODASH]));
  const dir = tempDir('sg-feeds-serve-');
  writeFileSync(join(dir, 'epss.csv'), fixture('exploitation', 'epss.csv'));
  const feeds: [string, string, string][] = [
    ['osv', 'osv-archive', files.url('/osv/all.zip')],
    ['kev', 'kev', join(FIXTURES_DIR, 'exploitation', 'kev.json')],
    ['epss', 'epss', join(dir, 'epss.csv')],
  ];
  for (const [name, kind, source] of feeds)
    expect(
      (
        await cli([
          'feeds',
          'add',
          name,
          '--kind',
          kind,
          '--source',
          source,
          '--interval',
          '60',
          '--store',
          store.location,
        ])
      ).code,
    ).toBe(0);
});
afterAll(async () => {
  await server?.stop();
  await files?.close();
  await store?.remove();
});

const findings = async (url: string): Promise<Finding[]> =>
  ((await (await fetch(`${url}/v0/findings?PageSize=100`)).json()) as { findings: Finding[] }).findings;

describe('a deployment pointed at OSV, KEV and EPSS', () => {
  it('syncs every feed by itself and its findings carry what they say', async () => {
    server = await serveProcess(store.location, ['--feed-check-interval', '100', '--refresh-interval', '100']);
    await Promise.all(
      ['osv', 'kev', 'epss'].map((name) => server!.logged(new RegExp(`"msg":"feed ${name} synced: changed"`))),
    );
    const found = await findings(server.url);
    expect(found.map((f) => [f.project, f.vulnerability.id])).toEqual([['orders', 'GHSA-35jh-r3h4-6jhm']]);
    expect(found[0].vulnerability.epss?.score).toBe(0.01234);
    const feeds = (await (await fetch(`${server.url}/v0/feeds`)).json()) as {
      feeds: { name: string; lastSync: { status: string } }[];
    };
    expect(feeds.feeds.map((f) => [f.name, f.lastSync.status])).toEqual([
      ['epss', 'changed'],
      ['kev', 'changed'],
      ['osv', 'changed'],
    ]);
  });

  it('takes a newer archive on a sync asked for over the API, and the findings follow', async () => {
    files.set('/osv/all.zip', await osvArchive([LODASH, MINIMIST]));
    const token = (
      await cli(['token', 'create', '--name', 'ops', '--scope', 'admin', '--store', store.location])
    ).stdout.trim();
    const started = await fetch(`${server!.url}/v0/feeds/osv/sync`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(started.status).toBe(202);
    await server!.logged(/"added":1,"updated":0,"removed":0,"unchanged":1.*"msg":"feed osv synced: changed"/);
    const found = await findings(server!.url);
    expect(found.map((f) => [f.project, f.vulnerability.id, f.vulnerability.kev !== null])).toEqual([
      ['shop-api', 'GHSA-xvch-5gv4-984h', true],
      ['orders', 'GHSA-35jh-r3h4-6jhm', false],
    ]);
  });
});
