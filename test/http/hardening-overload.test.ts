// Load shedding: while the event loop lags past --max-event-loop-delay, requests are answered 503
// SG_OVERLOADED with Retry-After (problem+json); /healthz keeps answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/server.js';
import { createTestStore, startServerOn } from '../helpers/server.js';
import { sleep } from './raw-http.js';

let server: RunningServer;
let removeStore: () => Promise<void>;

beforeAll(async () => {
  const store = await createTestStore();
  removeStore = store.remove;
  server = await startServerOn(store.location, { http: { maxEventLoopDelayMs: 40 } });
});
afterAll(async () => {
  await server?.close();
  await removeStore?.();
});

/** Blocks this process's event loop (the server runs in it) as a long synchronous task would. */
function blockEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

describe('under pressure', () => {
  it('sheds requests with 503, Retry-After and a problem body, and recovers', async () => {
    // Start-up itself may lag the loop: wait for a calm one.
    for (let i = 0; i < 40 && (await fetch(`${server.url}/readyz`)).status !== 200; i++) await sleep(250);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    let shed: Response | undefined;
    let healthz: number | undefined;
    for (let attempt = 0; attempt < 5 && !shed; attempt++) {
      blockEventLoop(3_000);
      const [res, health] = await Promise.all([fetch(`${server.url}/readyz`), fetch(`${server.url}/healthz`)]);
      if (res.status === 503) {
        shed = res;
        healthz = health.status;
      }
    }
    expect(shed).toBeDefined();
    expect(shed!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(shed!.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await shed!.json()).toMatchObject({ status: 503, code: 'SG_OVERLOADED' });
    expect(healthz).toBe(200);

    // Once the loop is idle again the next samples clear the state.
    await sleep(1_500);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});
