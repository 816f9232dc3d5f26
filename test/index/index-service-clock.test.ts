// Where time decides what the index service does, it reads the clock it is given
// (IndexServiceOptions.now), so these tests move time by hand instead of waiting: a store that
// nothing has reached for ten poll intervals is reported unhealthy (a hung connection), and
// while the store fails, polls back off exponentially.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IndexService } from '../../src/index/index-service.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';

const INTERVAL_MS = 100;

let dir: string;
let store: SqliteStore;
let clock: number;
let service: IndexService;

beforeEach(async () => {
  // Only the poll timer is faked: the store's loads still yield with setImmediate.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  dir = mkdtempSync(join(tmpdir(), 'sg-index-clock-'));
  store = SqliteStore.open(join(dir, 'store'));
  clock = 1_000_000;
  service = new IndexService(store, { refreshIntervalMs: INTERVAL_MS, now: () => clock });
  await service.start();
});

afterEach(async () => {
  service.stop();
  vi.useRealTimers();
  await store.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

/** Lets the service's poll timer fire once, and a refresh it starts run to its end. */
async function tick(): Promise<void> {
  await vi.advanceTimersByTimeAsync(INTERVAL_MS);
  await new Promise((resolve) => setImmediate(resolve));
}

describe('the index service reads the clock it is given', () => {
  it('reports the store unhealthy once nothing reached it for ten intervals (at least 10 s)', async () => {
    expect(service.backendHealthy).toBe(true);
    clock += 10_000;
    expect(service.backendHealthy).toBe(true);
    expect(service.msSinceContact).toBe(10_000);
    clock += 1;
    expect(service.backendHealthy).toBe(false);
    await service.refresh();
    expect(service.msSinceContact).toBe(0);
    expect(service.backendHealthy).toBe(true);
  });

  it('reads Date on each call when given no clock, so faking Date moves it', async () => {
    const plain = new IndexService(store, { refreshIntervalMs: INTERVAL_MS });
    vi.useFakeTimers({ toFake: ['Date'] });
    await plain.refresh();
    expect(plain.backendHealthy).toBe(true);
    vi.setSystemTime(Date.now() + 10_001);
    expect(plain.backendHealthy).toBe(false);
  });

  it('backs off exponentially while the store fails, and not before the clock says so', async () => {
    const check = vi.spyOn(store, 'changesSince').mockRejectedValue(new Error('the store is gone'));
    await expect(service.refresh()).rejects.toThrow('the store is gone');
    expect(service.backendHealthy).toBe(false);
    const attempts = check.mock.calls.length;

    // The first retry waits one interval, the next two, measured on the given clock: timer
    // ticks before then attempt nothing.
    await tick();
    clock += INTERVAL_MS - 1;
    await tick();
    expect(check.mock.calls.length).toBe(attempts);
    clock += 1;
    await tick();
    expect(check.mock.calls.length).toBe(attempts + 1);
    clock += 2 * INTERVAL_MS - 1;
    await tick();
    expect(check.mock.calls.length).toBe(attempts + 1);
    clock += 1;
    await tick();
    expect(check.mock.calls.length).toBe(attempts + 2);
  });
});
