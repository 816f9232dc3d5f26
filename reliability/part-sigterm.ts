// Part 5, SIGTERM under load and during a slow read of a large response: the slow reader must
// get the whole body, requests in flight must not be cut, and the process must exit 0 within
// the drain deadline.
import { connect } from 'node:net';
import { join } from 'node:path';
import { sleep } from '../bench/lib/proc.js';
import { writeWideSbom } from './documents.js';
import { NoResponseError, parseResponse, request, type RawResponse } from './http.js';
import { RequestLoad } from './load.js';
import { firstFew, PartRecorder, round, type PartResult } from './report.js';
import { runIngest, startService, workDir, type Service } from './service.js';

export interface SigtermPartOptions {
  /** Components of the wide SBOM (its dependency list is the large response). */
  components: number;
  /** Pause between reads of the slow reader (each read takes what the socket holds, ≤ 64 KiB). */
  readPauseMs: number;
  drainDeadlineMs: number;
  loadConnections: number;
  keep?: boolean;
}

/** Reads a response slowly: pauses the socket after every chunk. Resolves with the raw bytes. */
function slowRead(port: number, path: string, pauseMs: number, onFirstByte: () => void): Promise<Buffer> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let first = true;
    socket.setNoDelay(true);
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      if (first) {
        first = false;
        onFirstByte();
      }
      socket.pause();
      setTimeout(() => socket.resume(), pauseMs);
    });
    const done = (): void => resolve(Buffer.concat(chunks));
    socket.on('error', done);
    socket.on('close', done);
  });
}

/** What the load saw while the server drained. */
interface LoadTally {
  complete: number;
  /** Requests without any answer (the server no longer accepting). */
  refused: number;
  /** Answers cut off half-way. */
  truncated: string[];
  statuses: Record<string, number>;
}

/** Request loops over `paths`, counted, that end once the server is gone. */
function countedLoad(
  service: Service,
  paths: readonly string[],
  connections: number,
): { load: RequestLoad; tally: LoadTally } {
  const tally: LoadTally = { complete: 0, refused: 0, truncated: [], statuses: {} };
  const load = new RequestLoad({
    port: service.port,
    paths,
    connections,
    timeoutMs: 30_000,
    pauseMs: 20,
    onAnswer: (_path, res) => {
      tally.complete++;
      tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
    },
    onNoAnswer: (path, err) => {
      if (err instanceof NoResponseError && err.received > 0)
        tally.truncated.push(`${path}: ${err.received} bytes then ${err.message}`);
      else tally.refused++;
      return service.alive();
    },
  });
  return { load, tally };
}

interface Drain {
  /** The exit code. */
  code: number;
  /** From SIGTERM to the exit. */
  exitMs: number;
  /** What the slow reader received. */
  bytes: Buffer;
}

/** SIGTERM as soon as a slow read of `path` has its first byte; waits for the exit (SIGKILL well past the deadline) and the read. */
async function sigtermDuringSlowRead(service: Service, path: string, options: SigtermPartOptions): Promise<Drain> {
  let signalledAt = 0;
  const slow = slowRead(service.port, path, options.readPauseMs, () => {
    signalledAt = performance.now();
    service.child.proc.kill('SIGTERM');
  });
  const deadline = setTimeout(() => service.child.proc.kill('SIGKILL'), options.drainDeadlineMs + 30_000);
  const code = await service.child.exited;
  const exitMs = performance.now() - signalledAt;
  clearTimeout(deadline);
  return { code, exitMs, bytes: await slow };
}

/** Dependencies listed in a response's JSON body; -1 when cut off or not JSON. */
function dependenciesIn(res: RawResponse | undefined): number {
  try {
    return (JSON.parse(res?.body.toString('utf8') ?? '') as { dependencies: string[] }).dependencies.length;
  } catch {
    return -1;
  }
}

function recordChecks(
  r: PartRecorder,
  drain: Drain,
  load: LoadTally,
  fullBytes: number,
  options: SigtermPartOptions,
): void {
  const { code, exitMs, bytes } = drain;
  const parsed = parseResponse(bytes, false);
  const items = dependenciesIn(parsed);
  r.figure('large response (bytes)', fullBytes);
  r.figure('exit after SIGTERM (s)', round(exitMs / 1000));
  r.figure(
    'load requests',
    `${load.complete} answered (${JSON.stringify(load.statuses)}), ${load.refused} refused, ${load.truncated.length} cut`,
  );
  r.hard(
    'the slow reader gets the whole large response',
    parsed?.status === 200 && items === options.components,
    `${bytes.length} bytes received, ${items} of ${options.components} dependencies (${fullBytes} bytes body)`,
  );
  r.hard('the process exits 0', code === 0, `exit code ${code}`);
  r.hard(
    `the process exits within the drain deadline of ${round(options.drainDeadlineMs / 1000)} s`,
    code === 0 && exitMs <= options.drainDeadlineMs,
    `exited ${round(exitMs / 1000)} s after SIGTERM`,
  );
  r.hard(
    'no response under load is cut off half-way',
    load.truncated.length === 0,
    `${load.truncated.length} cut`,
    firstFew(load.truncated),
  );
}

export async function sigtermPart(options: SigtermPartOptions): Promise<PartResult> {
  const r = new PartRecorder('SIGTERM under load and during a slow read');
  const dir = workDir('sigterm');
  const store = join(dir.path, 'store');
  try {
    const root = writeWideSbom(join(dir.path, 'wide.cdx.json'), options.components);
    const ingest = await runIngest(store, [join(dir.path, 'wide.cdx.json')], join(dir.path, 'ingest.log'));
    if (ingest.code !== 0) throw new Error(`ingest failed (exit ${ingest.code})`);
    const service = await startService({ store, logFile: join(dir.path, 'serve.log') });
    const bigPath = `/v0/package/${encodeURIComponent(root)}/dependencies`;
    // Warm the answer so the slow read measures the transfer, not the walk.
    const warm = await request(service.port, { path: bigPath, timeoutMs: 60_000 });
    const loadPaths = [
      '/healthz',
      '/readyz',
      `/v0/package/${encodeURIComponent(root)}`,
      '/analysis/dependencies?sort=frequency&PageSize=5',
      bigPath + '?PageSize=100',
    ];
    const { load, tally } = countedLoad(service, loadPaths, options.loadConnections);
    await sleep(1000);
    const drain = await sigtermDuringSlowRead(service, bigPath, options);
    await load.stop();
    recordChecks(r, drain, tally, warm.body.length, options);
  } finally {
    if (!options.keep) dir.remove();
  }
  return r.result();
}
