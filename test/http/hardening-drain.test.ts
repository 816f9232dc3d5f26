// Graceful shutdown of the real `supplygraph serve` process: a large answer being read slowly when
// SIGTERM arrives is delivered whole, a new connection after SIGTERM is refused, and the process
// exits 0. Backend-independent, so it runs on the embedded store only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServeProcess } from '../store/postgres/processes.js';
import { createTestStore, ingestInto } from '../helpers/server.js';
import { openRaw, parseResponse, sleep } from './raw-http.js';

const DEPENDENCIES = 40_000;
const origin = { origin: 'test', collector: 'test' };
const depName = (i: number): string => `dependency-${i}-${'x'.repeat(180)}`;

let store: { location: string; remove(): Promise<void> };

describe('SIGTERM while a large answer is being read', () => {
  beforeAll(async () => {
    store = await createTestStore();
    const isDependency = Array.from({ length: DEPENDENCIES }, (_, i) => ({
      pkg: { type: 'npm', name: 'big', version: '1.0.0' },
      depPkg: { type: 'npm', name: depName(i), version: '1.0.0' },
      isDependency: { dependencyType: 'DIRECT', justification: 'test', ...origin },
    }));
    await ingestInto(store.location, { 'big.json': { isDependency } });
  }, 180_000);
  afterAll(() => store?.remove());

  it('delivers the whole body, refuses new connections, and exits 0', async () => {
    const server: ServeProcess = await serve(store.location, [
      '--drain-timeout',
      '60000',
      '--max-event-loop-delay',
      '0',
    ]);
    try {
      const raw = await openRaw(server.url);
      // A loopback Host: reads are open on loopback, where other hosts are refused (421).
      raw.socket.write('GET /v0/package/pkg%3Anpm%2Fbig%401.0.0/dependencies HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      raw.socket.pause(); // a slow reader: the answer backs up in the server
      await sleep(2_000);
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      server.child.kill('SIGTERM');
      await sleep(300);

      // Stopped accepting: a new connection is refused or closed without an answer.
      const late = await openRaw(server.url).then(
        async (c) => {
          c.socket.write('GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n');
          return parseResponse(await c.closed).status || 'closed';
        },
        (err: NodeJS.ErrnoException) => err.code,
      );
      expect([503, 'closed', 'ECONNREFUSED']).toContain(late);

      // Read the rest slowly.
      const reading = (async () => {
        while (!raw.socket.destroyed) {
          raw.socket.resume();
          await sleep(5);
          raw.socket.pause();
          await sleep(20);
        }
      })();
      const text = await raw.closed;
      await reading;
      const r = parseResponse(text);
      expect(r.status, r.body.slice(0, 300)).toBe(200);
      expect(Buffer.byteLength(r.body, 'latin1')).toBe(Number(r.headers['content-length']));
      const body = JSON.parse(Buffer.from(r.body, 'latin1').toString('utf8'));
      expect(body.dependencies).toHaveLength(DEPENDENCIES);
      expect(Number(r.headers['content-length'])).toBeGreaterThan(7_000_000);
      expect(await exited).toBe(0);
    } finally {
      await server.stop();
    }
  });
});
