// /v0/projects, /v0/projects/{name} (GET, PATCH) and PUT /v0/documents/{digest}/project over a
// real socket, on the backend under test: builds uploaded with what CI says about them, the
// latest build and history, cursors, labels, moves and the refusals that name the parameter.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../helpers/corpus.js';
import { enc, startTestServer, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';
import { serviceSbom } from '../helpers/builds.js';

interface Build {
  digest: string;
  version: string | null;
  commit: string | null;
  branch: string | null;
  buildUrl: string | null;
  builtAt: string;
}
interface Project {
  name: string;
  labels: Record<string, string>;
  builds: number;
  latest: Build | null;
  history?: Build[];
  PaginationInfo?: { TotalCount: number; NextCursor?: string };
}

const ADVISORY = readFileSync(join(FIXTURES_DIR, 'osv/osv-ghsa-go-x-text-GHSA-69ch-w2m2-3vjp.json'), 'utf8');
const ADVISORY_DIGEST = `sha256:${createHash('sha256').update(ADVISORY).digest('hex')}`;

let t: TestServer;
let ingest: Record<string, string>;
const digests: string[] = [];

async function upload(version: string, query: string): Promise<string> {
  const body = serviceSbom({ service: '@acme/orders', version, components: ['pkg:npm/left-pad@1.3.0'] });
  const res = await t.request(
    'POST',
    `/v0/documents?${query}`,
    { 'content-type': 'application/json', ...ingest },
    body,
  );
  expect(res.status, res.text).toBe(201);
  return (res.body as { digest: string }).digest;
}

beforeAll(async () => {
  t = await startTestServer({ 'advisory.json': ADVISORY });
  ingest = (await createTestToken(t.storeDir, 'ingest')).headers;
  digests.push(await upload('1.0.0', 'builtAt=2026-11-01T08:00:00Z&label=team=payments'));
  digests.push(
    await upload(
      '1.1.0',
      `builtAt=2026-11-02T08:00:00%2B01:00&commit=abc123&branch=main&buildUrl=${enc('https://ci.example/job/7')}&label=env=prod&label=team=orders`,
    ),
  );
  digests.push(await upload('1.0.1', 'builtAt=2026-10-30T08:00:00Z'));
});
afterAll(async () => {
  await t?.close();
});

describe('projects', () => {
  it('lists the project with its latest build by builtAt, whatever the upload order', async () => {
    const res = await t.get('/v0/projects');
    expect(res.status, res.text).toBe(200);
    const body = res.body as { projects: Project[]; unassigned: number; PaginationInfo: { TotalCount: number } };
    expect(body.PaginationInfo.TotalCount).toBe(1);
    expect(body.unassigned).toBe(0);
    const [orders] = body.projects;
    expect(orders).toMatchObject({ name: '@acme/orders', builds: 3, labels: { team: 'orders', env: 'prod' } });
    expect(orders.latest).toMatchObject({
      digest: digests[1],
      version: '1.1.0',
      commit: 'abc123',
      branch: 'main',
      buildUrl: 'https://ci.example/job/7',
      builtAt: '2026-11-02T07:00:00.000Z',
    });
  });

  it('shows a project by its name, slashes as they are or encoded, with its builds newest first and a cursor', async () => {
    const first = await t.get('/v0/projects/@acme/orders?PageSize=2');
    expect(first.status, first.text).toBe(200);
    const page1 = first.body as Project;
    expect(page1.history!.map((b) => b.digest)).toEqual([digests[1], digests[0]]);
    expect(page1.PaginationInfo!.TotalCount).toBe(3);
    const cursor = page1.PaginationInfo!.NextCursor!;
    const second = await t.get(`/v0/projects/${enc('@acme/orders')}?PageSize=2&Cursor=${cursor}`);
    expect(second.status, second.text).toBe(200);
    expect((second.body as Project).history!.map((b) => b.digest)).toEqual([digests[2]]);
    const other = await t.get(`/v0/projects/other?Cursor=${cursor}`);
    expect(other.status).toBe(404);
  });

  it('refuses a bad build field before reading the body, naming the parameter; stores nothing', async () => {
    const body = serviceSbom({ service: 'refused', version: '1', components: [] });
    const res = await t.request(
      'POST',
      '/v0/documents?builtAt=yesterday',
      { 'content-type': 'application/json', ...ingest },
      body,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'SG_INVALID_PARAMETER' });
    expect((res.body as { detail: string }).detail).toMatch(/^builtAt: "yesterday" is not an RFC 3339 date-time/);
    const label = await t.request(
      'POST',
      '/v0/documents?label=noequals',
      { 'content-type': 'application/json', ...ingest },
      body,
    );
    expect((label.body as { detail: string }).detail).toMatch(/label: "noequals" is not key=value/);
    const docs = (await t.get('/v0/documents')).body as { documents: unknown[] };
    expect(docs.documents).toHaveLength(4);
  });

  it('PATCH sets and removes labels (ingest scope); filters by label', async () => {
    const anonymous = await t.request('PATCH', '/v0/projects/@acme/orders?label=tier=1');
    expect(anonymous.status).toBe(401);
    const res = await t.request('PATCH', '/v0/projects/@acme/orders?label=tier=1&unset=env', ingest);
    expect(res.status, res.text).toBe(200);
    expect((res.body as Project).labels).toEqual({ team: 'orders', tier: '1' });
    const listed = (await t.get('/v0/projects?label=tier=1')).body as { projects: Project[] };
    expect(listed.projects.map((p) => p.name)).toEqual(['@acme/orders']);
    const none = (await t.get('/v0/projects?label=tier=2')).body as { projects: Project[] };
    expect(none.projects).toEqual([]);
    const missing = await t.request('PATCH', '/v0/projects/nope?label=a=b', ingest);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'SG_PROJECT_NOT_FOUND' });
  });

  it('PUT …/project moves a build; the old project is recounted; a document that is no SBOM is 409', async () => {
    const res = await t.request('PUT', `/v0/documents/${digests[1]}/project?name=orders-next`, ingest);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: 'orders-next', builds: 1, latest: { digest: digests[1] } });
    const orders = (await t.get('/v0/projects/@acme/orders')).body as Project;
    expect(orders).toMatchObject({ builds: 2, latest: { digest: digests[0] } });
    const advisory = await t.request('PUT', `/v0/documents/${ADVISORY_DIGEST}/project?name=x`, ingest);
    expect(advisory.status).toBe(409);
    expect(advisory.body).toMatchObject({ code: 'SG_NOT_A_BUILD' });
    const notFound = await t.request('PUT', `/v0/documents/sha256:${'1'.repeat(64)}/project?name=x`, ingest);
    expect(notFound.status).toBe(404);
    const wrongMethod = await t.request('POST', `/v0/documents/${digests[0]}/project?name=x`, ingest);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('PUT');
  });
});
