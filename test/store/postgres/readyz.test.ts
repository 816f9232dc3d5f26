// /readyz on PostgreSQL: a burst of probes costs the database a few checks, not one each, and a
// database that hangs (its backends stopped) makes /readyz answer 503 within the 2 s bound.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/http/server.js';
import { dependsOn } from '../../helpers/predicates.js';
import { createTestDatabase, ingestInto, withAdmin, type TestDatabase, startServerOn } from '../../helpers/server.js';

let db: TestDatabase;
let server: RunningServer;
let pings = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  await ingestInto(db.url, { 'a.json': { isDependency: [dependsOn('pkg:npm/app@1', 'pkg:npm/lib@1')] } });
  server = await startServerOn(db.url);
  // Count the checks that reach the database (the real ping still runs).
  const store = server.service.store;
  const ping = store.ping.bind(store);
  store.ping = () => {
    pings++;
    return ping();
  };
});
afterAll(async () => {
  await server?.close();
  await db?.drop();
});

const backendPids = (): Promise<number[]> =>
  withAdmin(async (sql) =>
    (
      await sql<
        { pid: number }[]
      >`SELECT pid FROM pg_stat_activity WHERE datname = ${db.name} AND pid <> pg_backend_pid()`
    ).map((r) => r.pid),
  );

describe('/readyz on PostgreSQL', () => {
  it('answers a burst of 200 probes with a few database checks', async () => {
    const before = pings;
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () => fetch(`${server.url}/readyz`).then((r) => r.status)),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const seconds = Math.ceil((Date.now() - started) / 1000);
    // One check per second of burst at most (plus one for a burst straddling a boundary).
    expect(pings - before).toBeGreaterThanOrEqual(1);
    expect(pings - before).toBeLessThanOrEqual(seconds + 1);
    expect(pings - before).toBeLessThan(20);
  });

  it('answers 503 within the bound while the database hangs, and 200 once it is back', async () => {
    await new Promise((r) => setTimeout(r, 1_100)); // let the cached state expire
    const pids = await backendPids();
    expect(pids.length).toBeGreaterThan(0);
    execFileSync('kill', ['-STOP', ...pids.map(String)]);
    try {
      const started = Date.now();
      const res = await fetch(`${server.url}/readyz`);
      const elapsed = Date.now() - started;
      expect(res.status).toBe(503);
      const body = (await res.json()) as { Message: string };
      expect(body).toMatchObject({ code: 'SG_NOT_READY' });
      expect(body.Message).toMatch(/did not answer within 2 s/);
      expect(elapsed).toBeLessThan(5_000);
    } finally {
      execFileSync('kill', ['-CONT', ...pids.map(String)]);
    }
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});
