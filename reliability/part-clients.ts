// Part 3, slow and unfinished clients against the served example store: 2,000 connections that
// announce a 1,000,000-byte body and never finish it (server RSS during and after), slowloris
// headers, a body at 1 byte/s and many idle keep-alive connections. /healthz must keep answering.
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { sleep } from '../bench/proc.js';
import { ingestExamples } from './base.js';
import { request } from './http.js';
import { PartRecorder, round, type PartResult } from './report.js';
import { startService, workDir, type Service } from './service.js';

export interface ClientsPartOptions {
  /** Connections with an unfinished body. */
  unfinished: number;
  /** How long they stay open (ms). */
  holdMs: number;
  /** Slowloris connections, idle keep-alive connections; 0 leaves the part out. */
  slowloris: number;
  idle: number;
  /** How long the slow clients are watched (ms). */
  watchMs: number;
  /** The server should close a slow client within this (ms). */
  slowTargetMs: number;
  rssTargetMB: number;
  /** The server's --keep-alive-timeout (ms): idle connections must be closed within slowTargetMs. */
  keepAliveTimeoutMs: number;
  keep?: boolean;
}

interface Tracked {
  socket: Socket;
  closedAfterMs?: number;
  answered: boolean;
}

/** Opens a connection, writes `first`, and tracks when the server closes it. */
function open(port: number, first: string | Buffer, started: number): Promise<Tracked> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const t: Tracked = { socket, answered: false };
    socket.on('data', () => {
      t.answered = true;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      t.closedAfterMs ??= performance.now() - started;
    });
    socket.on('connect', () => {
      socket.write(first);
      resolve(t);
    });
    socket.setTimeout(120_000, () => {
      t.closedAfterMs ??= performance.now() - started;
      resolve(t);
    });
  });
}

async function openMany(port: number, n: number, first: string | Buffer, started: number): Promise<Tracked[]> {
  const out: Tracked[] = [];
  for (let i = 0; i < n; i += 200)
    out.push(...(await Promise.all(Array.from({ length: Math.min(200, n - i) }, () => open(port, first, started)))));
  return out;
}

/** Milliseconds /healthz took, or undefined when it did not answer within 10 s. */
async function healthMs(service: Service): Promise<number | undefined> {
  const t = performance.now();
  try {
    const res = await request(service.port, { path: '/healthz', timeoutMs: 10_000 });
    return res.status === 200 ? performance.now() - t : undefined;
  } catch {
    return undefined;
  }
}

const destroyAll = (list: Tracked[]): void => list.forEach((t) => t.socket.destroy());

export async function clientsPart(options: ClientsPartOptions): Promise<PartResult> {
  const r = new PartRecorder('slow and unfinished clients');
  const dir = workDir('clients');
  const store = join(dir.path, 'store');
  try {
    await ingestExamples(store, join(dir.path, 'ingest.log'));
    const service = await startService({
      store,
      logFile: join(dir.path, 'serve.log'),
      extraArgs: ['--keep-alive-timeout', String(options.keepAliveTimeoutMs)],
    });
    try {
      const healthTimes: (number | undefined)[] = [];
      await sleep(1000);
      const baseline = service.rssMB() ?? 0;

      // --- unfinished bodies ---
      const started = performance.now();
      const head =
        'POST /v0/package/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n';
      const unfinished = await openMany(
        service.port,
        options.unfinished,
        head + '{"a":"' + 'x'.repeat(16_000),
        started,
      );
      let peak = 0;
      const until = performance.now() + options.holdMs;
      while (performance.now() < until) {
        peak = Math.max(peak, service.rssMB() ?? 0);
        healthTimes.push(await healthMs(service));
        await sleep(250);
      }
      const stillOpen = unfinished.filter((t) => t.closedAfterMs === undefined).length;
      const answered = unfinished.filter((t) => t.answered).length;
      destroyAll(unfinished);
      await sleep(5000);
      const after = service.rssMB() ?? 0;
      r.figure('RSS before (MB)', round(baseline));
      r.figure(`RSS peak with ${options.unfinished} unfinished bodies (MB)`, round(peak));
      r.figure('RSS 5 s after they closed (MB)', round(after));
      r.hard(
        `server RSS stays ≤ ${options.rssTargetMB} MB with ${options.unfinished} unfinished 1,000,000-byte bodies`,
        peak <= options.rssTargetMB,
        `peak ${round(peak)} MB (before ${round(baseline)} MB); after ${round(options.holdMs / 1000)} s ${stillOpen} still open, ${answered} answered`,
      );
      r.hard(
        'the memory is returned after they close (within 64 MB of before)',
        after - baseline <= 64,
        `${round(after)} MB 5 s after close (before ${round(baseline)} MB)`,
      );

      // --- slowloris, 1 byte/s body, idle keep-alive: watched together ---
      if (options.slowloris || options.idle) {
        const t0 = performance.now();
        const loris = await openMany(
          service.port,
          options.slowloris,
          'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n',
          t0,
        );
        const [trickle] = await openMany(
          service.port,
          1,
          'POST /v0/package/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
          t0,
        );
        const idle = await openMany(service.port, options.idle, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', t0);
        let idlePeak = 0;
        let tick = 0;
        while (performance.now() - t0 < options.watchMs) {
          tick++;
          for (const t of loris) if (t.closedAfterMs === undefined) t.socket.write(`X-${tick}: a\r\n`);
          if (trickle.closedAfterMs === undefined && !trickle.answered) trickle.socket.write('x');
          idlePeak = Math.max(idlePeak, service.rssMB() ?? 0);
          healthTimes.push(await healthMs(service));
          await sleep(1000);
        }
        const closedBy = (list: Tracked[]) => list.filter((t) => t.closedAfterMs !== undefined);
        const slowest = (list: Tracked[]) => Math.max(0, ...list.map((t) => t.closedAfterMs ?? Infinity));
        const lorisClosed = closedBy(loris);
        const idleClosed = closedBy(idle);
        const watch = round(options.watchMs / 1000);
        const trickleEnd =
          trickle.closedAfterMs !== undefined || trickle.answered
            ? `${trickle.answered ? 'answered' : 'closed'} after ${round((trickle.closedAfterMs ?? 0) / 1000)} s`
            : `still open after ${watch} s`;
        r.figure(
          'slowloris connections closed by the server',
          `${lorisClosed.length} of ${loris.length} within ${watch} s`,
        );
        r.figure('1 byte/s body', trickleEnd);
        r.figure(
          'idle keep-alive connections closed by the server',
          `${idleClosed.length} of ${idle.length} within ${watch} s`,
        );
        r.figure(
          `RSS peak with ${options.idle} idle and ${options.slowloris} slowloris connections (MB)`,
          round(idlePeak),
        );
        const target = round(options.slowTargetMs / 1000);
        r.hard(
          `slowloris headers: the server closes each within ${target} s`,
          lorisClosed.length === loris.length && slowest(loris) <= options.slowTargetMs,
          `${lorisClosed.length} of ${loris.length} closed within ${watch} s${lorisClosed.length ? `, the last after ${round(slowest(lorisClosed) / 1000)} s` : ''}`,
        );
        r.hard(
          `a body sent at 1 byte/s: the server ends the request within ${target} s`,
          trickle.closedAfterMs !== undefined && trickle.closedAfterMs <= options.slowTargetMs,
          trickleEnd,
        );
        r.hard(
          `idle keep-alive connections: the server closes them within ${target} s`,
          idleClosed.length === idle.length && slowest(idle) <= options.slowTargetMs,
          `${idleClosed.length} of ${idle.length} closed within ${watch} s; RSS peak ${round(idlePeak)} MB`,
        );
        destroyAll(loris);
        destroyAll(idle);
        trickle.socket.destroy();
      }
      const answeredHealth = healthTimes.filter((t): t is number => t !== undefined);
      r.hard(
        '/healthz keeps answering meanwhile, and the server stays up',
        answeredHealth.length === healthTimes.length && service.alive(),
        `${answeredHealth.length} of ${healthTimes.length} answered, slowest ${round(Math.max(0, ...answeredHealth))} ms`,
      );
    } finally {
      await service.stop();
    }
  } finally {
    if (!options.keep) dir.remove();
  }
  return r.result();
}
