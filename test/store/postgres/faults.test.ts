// Backend failures: the database goes away under a running server (its connections killed with
// pg_terminate_backend and new ones refused) → data requests 502 with a clean Message, /readyz
// 503, /healthz 200; the database comes back → the server recovers by itself, no restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/http/server.js';
import { openStore } from '../../../src/store/open.js';
import { dependsOn } from '../../helpers/predicates.js';
import {
  createTestDatabase,
  enc,
  ingestInto,
  withAdmin,
  type TestDatabase,
  startServerOn,
} from '../../helpers/server.js';
import { within } from './processes.js';

let db: TestDatabase;
let server: RunningServer;

const get = async (path: string): Promise<{ status: number; body: any; text: string }> => {
  const res = await fetch(server.url + path);
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text };
};

async function takeDown(name: string): Promise<void> {
  await withAdmin(async (sql) => {
    await sql.unsafe(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${name} AND pid <> pg_backend_pid()`;
  });
}

async function bringBack(name: string): Promise<void> {
  await withAdmin((sql) => sql.unsafe(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`));
}

beforeAll(async () => {
  db = await createTestDatabase();
  await ingestInto(db.url, { 'a.json': { isDependency: [dependsOn('pkg:npm/app@1', 'pkg:npm/lib@1')] } });
  server = await startServerOn(db.url, { refreshIntervalMs: 50 });
});
afterAll(async () => {
  await bringBack(db.name).catch(() => undefined);
  await server?.close();
  await db?.drop();
});

const DEPS = `/v0/package/${enc('pkg:npm/app@1')}/dependencies`;

describe('the database fails under a running server', () => {
  it('answers 502 while it is down, keeps /healthz, reports 503 on /readyz, and recovers without a restart', async () => {
    expect((await get(DEPS)).status).toBe(200);

    // Requests keep coming while the connections are killed: each is answered 200 or 502, never 500.
    const statuses = new Set<number>();
    const burst = (async () => {
      for (let i = 0; i < 40; i++) {
        statuses.add((await get(DEPS)).status);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    await takeDown(db.name);
    await burst;
    expect([...statuses].every((s) => s === 200 || s === 502)).toBe(true);

    await within(5_000, async () => (await get(DEPS)).status === 502);
    const r = await get(DEPS);
    expect(r.body).toMatchObject({ status: 502, code: 'SG_BACKEND_UNAVAILABLE' });
    expect(r.body.Message).toMatch(/backend is unavailable/);
    expect(r.text).not.toMatch(/SELECT|INSERT|FROM|sg_log|sg_nodes|postgres(ql)?:\/\/|127\.0\.0\.1|5432|password/);
    expect((await get('/analysis/dependencies')).status).toBe(502);
    const healthz = await get('/healthz');
    expect(healthz.status).toBe(200);
    expect(healthz.text).toBe('Healthy');
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.text).not.toMatch(/SELECT|postgres:\/\//);

    await bringBack(db.name);
    // What another process committed meanwhile is there after recovery (incremental refresh).
    await ingestInto(db.url, { 'b.json': { isDependency: [dependsOn('pkg:npm/lib@1', 'pkg:npm/leaf@1')] } });
    await within(10_000, async () => {
      const res = await get(DEPS);
      return res.status === 200 && res.body.dependencies.includes('pkg:npm/leaf@1');
    });
    expect((await get('/readyz')).status).toBe(200);
  });

  it('never puts the connection password in an error message', async () => {
    const url = 'postgres://someone:s3cret-Pa55@127.0.0.1:1/nowhere';
    const err = await openStore(url, { connectTimeoutSeconds: 2, startupWaitMs: 0 }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(err!.message).toMatch(/PostgreSQL someone@127\.0\.0\.1:1\/nowhere: connecting failed: connect ECONNREFUSED/);
    expect(err!.message).not.toContain('s3cret');
    expect(err!.stack ?? '').not.toContain('s3cret');
  });

  it('waits for a database that is not up yet, retrying with backoff', async () => {
    await takeDown(db.name);
    const warnings: string[] = [];
    const opening = openStore(db.url, {
      startupWaitMs: 20_000,
      logger: {
        warn: (_o, msg) => {
          warnings.push(msg);
        },
      },
    });
    await new Promise((r) => setTimeout(r, 1_000));
    await bringBack(db.name);
    const store = await opening;
    try {
      expect(warnings.length).toBeGreaterThan(0);
      expect((await store.stats()).documents).toBe(2);
    } finally {
      await store.close();
    }
  });
});
