// Part 3, slow and unfinished clients against the served example store: 2,000 connections that
// announce a 1,000,000-byte body to a route that reads one (the batch questions, which buffer it,
// and the upload, which streams it to a file), send its first 256 KiB and never finish (server
// RSS during and after), slowloris headers, a body at 1 byte/s and many idle
// keep-alive connections. /healthz must keep answering.
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { RssSampler, runToEnd, sleep } from '../bench/lib/proc.js';
import { ingestExamples } from './base.js';
import { request } from './http.js';
import { PartRecorder, round, type PartResult } from './report.js';
import { BIN, startService, workDir, type Service } from './service.js';

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
  /** Idle keep-alive connections one address opens at the end (connectionCapSection); 0 leaves it out. */
  capFlood?: number;
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

const destroyAll = (list: readonly { socket: Socket }[]): void => list.forEach((t) => t.socket.destroy());

/** The routes that read a body: the batch questions buffer theirs (within --body-budget), the upload streams it. */
const BODY_ROUTES = [
  { path: '/v0/query/vulns', upload: false },
  { path: '/v0/query/dependencies', upload: false },
  { path: '/v0/documents', upload: true },
] as const;
/** Announced by each unfinished body, of which SENT_BYTES are sent: 2,000 of them buffered would be 512 MiB. */
const UNFINISHED_LENGTH = 1_000_000;
const SENT_BYTES = 256 * 1024;

interface Unfinished {
  socket: Socket;
  path: string;
  /** The status of the server's answer, when it answered before the body ended. */
  status?: number;
}

/** Announces UNFINISHED_LENGTH bytes of body to `path` and sends `body` (one shared buffer), never the rest. */
function openUnfinished(port: number, path: string, token: string | undefined, body: Buffer): Promise<Unfinished> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const t: Unfinished = { socket, path };
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1', 0, Math.min(chunk.length, 64));
      t.status ??= Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? NaN) || undefined;
    });
    socket.on('error', () => undefined); // the server may close it while the body is being written
    socket.on('connect', () => {
      const auth = token === undefined ? '' : `Authorization: Bearer ${token}\r\n`;
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${auth}` +
          `Content-Length: ${UNFINISHED_LENGTH}\r\n\r\n`,
      );
      socket.write(body);
      resolve(t);
    });
  });
}

/** An ingest token for the uploads, made by the CLI as an operator would. */
async function ingestToken(store: string, logFile: string): Promise<string> {
  const run = await runToEnd(
    process.execPath,
    [BIN, 'token', 'create', '--store', store, '--name', 'unfinished-uploads', '--scope', 'ingest'],
    logFile,
    60_000,
  );
  const token = run.stdout.trim().split('\n').pop() ?? '';
  if (run.code !== 0 || !token) throw new Error(`token create failed (exit ${run.code}); see ${logFile}`);
  return token;
}

/** `count` unfinished bodies spread over BODY_ROUTES, opened 200 at a time. */
async function openUnfinishedBodies(port: number, count: number, token: string): Promise<Unfinished[]> {
  // Valid JSON as far as it goes, so that nothing is refused for its content before the body ends.
  const prefix = '{"purls": ["pkg:npm/';
  const body = Buffer.from(prefix + 'x'.repeat(SENT_BYTES - prefix.length));
  const out: Unfinished[] = [];
  for (let i = 0; i < count; i += 200) {
    const batch = Array.from({ length: Math.min(200, count - i) }, (_, j) => {
      const route = BODY_ROUTES[(i + j) % BODY_ROUTES.length];
      return openUnfinished(port, route.path, route.upload ? token : undefined, body);
    });
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

/** "path: N answered 503, M still waiting…" per route. */
function outcomesByRoute(list: Unfinished[]): string {
  return BODY_ROUTES.map(({ path }) => {
    const mine = list.filter((t) => t.path === path);
    const statuses = new Map<string, number>();
    for (const t of mine) {
      const key = t.status === undefined ? 'no answer' : String(t.status);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    return `${path}: ${[...statuses].map(([k, n]) => `${n} ${k}`).join(', ')}`;
  }).join('; ');
}

/** How long each /healthz took through the part (undefined: no answer within 10 s). */
type HealthTimes = (number | undefined)[];

/** Asks /healthz every `everyMs` for `forMs`. */
async function watchHealth(service: Service, forMs: number, everyMs: number, times: HealthTimes): Promise<void> {
  const until = performance.now() + forMs;
  while (performance.now() < until) {
    times.push(await healthMs(service));
    await sleep(everyMs);
  }
}

/**
 * Unfinished bodies on every route that reads one, held open for options.holdMs: the server's
 * RSS must stay bounded, and come back down once they close.
 */
async function unfinishedBodiesSection(
  service: Service,
  r: PartRecorder,
  start: { token: string; baselineMB: number },
  options: ClientsPartOptions,
  healthTimes: HealthTimes,
): Promise<void> {
  const baseline = start.baselineMB;
  const rss = new RssSampler(service.pid, 100);
  const unfinished = await openUnfinishedBodies(service.port, options.unfinished, start.token);
  await watchHealth(service, options.holdMs, 250, healthTimes);
  const peak = rss.max;
  const stillOpen = unfinished.filter((t) => !t.socket.destroyed).length;
  const outcomes = outcomesByRoute(unfinished);
  destroyAll(unfinished);
  await sleep(5000);
  rss.stop();
  const after = service.rssMB() ?? 0;
  r.figure('RSS before (MB)', round(baseline));
  r.figure(`RSS peak with ${options.unfinished} unfinished bodies (MB)`, round(peak));
  r.figure('RSS 5 s after they closed (MB)', round(after));
  r.figure('unfinished bodies by route (answers before the body ended)', outcomes);
  r.hard(
    `server RSS stays ≤ ${options.rssTargetMB} MB with ${options.unfinished} unfinished 1,000,000-byte bodies on the batch and upload routes`,
    peak <= options.rssTargetMB,
    `peak ${round(peak)} MB (before ${round(baseline)} MB); after ${round(options.holdMs / 1000)} s ${stillOpen} still open; ${outcomes}`,
  );
  r.hard(
    'the memory is returned after they close (within 64 MB of before)',
    after - baseline <= 64,
    `${round(after)} MB 5 s after close (before ${round(baseline)} MB)`,
  );
}

interface SlowClients {
  /** Headers that never end. */
  loris: Tracked[];
  /** A body sent at 1 byte/s. */
  trickle: Tracked;
  /** Keep-alive connections idle after one request. */
  idle: Tracked[];
}

async function openSlowClients(port: number, options: ClientsPartOptions, t0: number): Promise<SlowClients> {
  const loris = await openMany(port, options.slowloris, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n', t0);
  const [trickle] = await openMany(
    port,
    1,
    'POST /v0/package/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    t0,
  );
  const idle = await openMany(port, options.idle, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', t0);
  return { loris, trickle, idle };
}

/**
 * Until `watchMs` after t0, once a second: a header line more for each slowloris connection still
 * open, a byte more of the trickled body; /healthz asked meanwhile. Returns the server's RSS peak.
 */
async function keepSlowClientsGoing(
  service: Service,
  clients: SlowClients,
  watch: { t0: number; watchMs: number },
  healthTimes: HealthTimes,
): Promise<number> {
  const { loris, trickle } = clients;
  let rssPeak = 0;
  for (let tick = 1; performance.now() - watch.t0 < watch.watchMs; tick++) {
    for (const t of loris) if (t.closedAfterMs === undefined) t.socket.write(`X-${tick}: a\r\n`);
    if (trickle.closedAfterMs === undefined && !trickle.answered) trickle.socket.write('x');
    rssPeak = Math.max(rssPeak, service.rssMB() ?? 0);
    healthTimes.push(await healthMs(service));
    await sleep(1000);
  }
  return rssPeak;
}

/** The connections of `list` that the server has closed. */
const closedOf = (list: readonly Tracked[]): Tracked[] => list.filter((t) => t.closedAfterMs !== undefined);
/** When the server closed the last of `list` (Infinity when one is still open). */
const lastClosedMs = (list: readonly Tracked[]): number => Math.max(0, ...list.map((t) => t.closedAfterMs ?? Infinity));

/** How the 1 byte/s body ended, in words. */
function trickleEnd(trickle: Tracked, watchSeconds: number): string {
  if (trickle.closedAfterMs === undefined && !trickle.answered) return `still open after ${watchSeconds} s`;
  return `${trickle.answered ? 'answered' : 'closed'} after ${round((trickle.closedAfterMs ?? 0) / 1000)} s`;
}

function recordSlowClients(r: PartRecorder, clients: SlowClients, rssPeak: number, options: ClientsPartOptions): void {
  const { loris, trickle, idle } = clients;
  const lorisClosed = closedOf(loris);
  const idleClosed = closedOf(idle);
  const watch = round(options.watchMs / 1000);
  const trickled = trickleEnd(trickle, watch);
  r.figure('slowloris connections closed by the server', `${lorisClosed.length} of ${loris.length} within ${watch} s`);
  r.figure('1 byte/s body', trickled);
  r.figure(
    'idle keep-alive connections closed by the server',
    `${idleClosed.length} of ${idle.length} within ${watch} s`,
  );
  r.figure(`RSS peak with ${options.idle} idle and ${options.slowloris} slowloris connections (MB)`, round(rssPeak));
  const target = round(options.slowTargetMs / 1000);
  r.hard(
    `slowloris headers: the server closes each within ${target} s`,
    lorisClosed.length === loris.length && lastClosedMs(loris) <= options.slowTargetMs,
    `${lorisClosed.length} of ${loris.length} closed within ${watch} s${lorisClosed.length ? `, the last after ${round(lastClosedMs(lorisClosed) / 1000)} s` : ''}`,
  );
  r.hard(
    `a body sent at 1 byte/s: the server ends the request within ${target} s`,
    trickle.closedAfterMs !== undefined && trickle.closedAfterMs <= options.slowTargetMs,
    trickled,
  );
  r.hard(
    `idle keep-alive connections: the server closes them within ${target} s`,
    idleClosed.length === idle.length && lastClosedMs(idle) <= options.slowTargetMs,
    `${idleClosed.length} of ${idle.length} closed within ${watch} s; RSS peak ${round(rssPeak)} MB`,
  );
}

/** Slowloris headers, a body at 1 byte/s and idle keep-alive connections, watched together: the server must close each. */
async function slowClientsSection(
  service: Service,
  r: PartRecorder,
  options: ClientsPartOptions,
  healthTimes: HealthTimes,
): Promise<void> {
  const t0 = performance.now();
  const clients = await openSlowClients(service.port, options, t0);
  const rssPeak = await keepSlowClientsGoing(service, clients, { t0, watchMs: options.watchMs }, healthTimes);
  recordSlowClients(r, clients, rssPeak, options);
  destroyAll(clients.loris);
  destroyAll(clients.idle);
  clients.trickle.socket.destroy();
}

function recordHealth(r: PartRecorder, healthTimes: HealthTimes, service: Service): void {
  const answered = healthTimes.filter((t): t is number => t !== undefined);
  r.hard(
    '/healthz keeps answering meanwhile, and the server stays up',
    answered.length === healthTimes.length && service.alive(),
    `${answered.length} of ${healthTimes.length} answered, slowest ${round(Math.max(0, ...answered))} ms`,
  );
}

export async function clientsPart(options: ClientsPartOptions): Promise<PartResult> {
  const r = new PartRecorder('slow and unfinished clients');
  const dir = workDir('clients');
  const store = join(dir.path, 'store');
  try {
    await ingestExamples(store, join(dir.path, 'ingest.log'));
    const service = await startService({
      store,
      logFile: join(dir.path, 'serve.log'),
      // No per-address connection cap: every connection of this part comes from 127.0.0.1, and
      // the unfinished bodies must reach the routes to test what the routes do with them.
      extraArgs: ['--keep-alive-timeout', String(options.keepAliveTimeoutMs), '--max-connections-per-address', '0'],
    });
    try {
      const healthTimes: HealthTimes = [];
      await sleep(1000);
      const baselineMB = service.rssMB() ?? 0;
      const token = await ingestToken(store, join(dir.path, 'token.log'));
      await unfinishedBodiesSection(service, r, { token, baselineMB }, options, healthTimes);
      if (options.slowloris || options.idle) await slowClientsSection(service, r, options, healthTimes);
      if (options.capFlood) await connectionCapSection(service, r, options.capFlood);
      recordHealth(r, healthTimes, service);
    } finally {
      await service.stop();
    }
  } finally {
    if (!options.keep) dir.remove();
  }
  return r.result();
}

// --- one address holding many idle keep-alive connections (issue 29) ---

interface Flooder {
  socket: Socket;
  /** Status of the first answer (200 for a connection admitted, 503 for one refused). */
  status?: number;
  closed: boolean;
}

/** A keep-alive connection from 127.0.0.1 that asks for /healthz once, then idles. */
function openIdle(port: number): Promise<Flooder> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.1' });
    const f: Flooder = { socket, closed: false };
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      if (f.status !== undefined) return;
      head += chunk.toString('latin1', 0, Math.min(chunk.length, 16));
      f.status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? NaN) || undefined;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => (f.closed = true));
    socket.on('connect', () => {
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      resolve(f);
    });
  });
}

/**
 * One client address (127.0.0.1) opens `flood` idle keep-alive connections, as many as the
 * server's default --max-connections; /healthz from another address (127.0.0.2) must still be
 * answered, and every connection the server does not keep must get a 503 problem before it closes.
 * Exported for the cheap test (test/reliability/).
 */
export async function connectionCapSection(service: Service, r: PartRecorder, flood: number): Promise<void> {
  await sleep(2000); // the connections of the sections before are closed and uncounted
  const flooders: Flooder[] = [];
  for (let i = 0; i < flood; i += 200)
    flooders.push(
      ...(await Promise.all(Array.from({ length: Math.min(200, flood - i) }, () => openIdle(service.port)))),
    );
  await sleep(1000); // every first answer is in
  const started = performance.now();
  const health = await request(service.port, { path: '/healthz', timeoutMs: 10_000, localAddress: '127.0.0.2' }).catch(
    (err: Error) => err,
  );
  const healthMillis = performance.now() - started;
  const held = flooders.filter((f) => f.status === 200 && !f.closed).length;
  const refused = flooders.filter((f) => f.status === 503 && f.closed).length;
  const other = flooders.length - held - refused;
  destroyAll(flooders);
  r.figure(`idle connections from one address: kept / refused with 503 (of ${flood})`, `${held} / ${refused}`);
  r.hard(
    `/healthz from another address answers while one address opens ${flood} idle keep-alive connections`,
    !(health instanceof Error) && health.status === 200,
    health instanceof Error ? `no answer: ${health.message}` : `${health.status} in ${round(healthMillis)} ms`,
  );
  r.hard(
    'every connection past the cap is answered 503 and closed, the others are served',
    other === 0 && refused > 0,
    `${held} kept, ${refused} refused with 503, ${other} neither`,
  );
}
