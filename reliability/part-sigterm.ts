// Part 5, SIGTERM under load and during a slow read of a large response: the slow reader must
// get the whole body, requests in flight must not be cut, and the process must exit 0 within
// the drain deadline.
import { connect } from 'node:net';
import { join } from 'node:path';
import { sleep } from '../bench/proc.js';
import { writeWideSbom } from './documents.js';
import { NoResponseError, parseResponse, request } from './http.js';
import { firstFew, PartRecorder, round, type PartResult } from './report.js';
import { runIngest, startService, workDir } from './service.js';

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
    const fullBytes = warm.body.length;

    // Load: request loops that run until the server is gone.
    const loadPaths = [
      '/healthz',
      '/readyz',
      `/v0/package/${encodeURIComponent(root)}`,
      '/analysis/dependencies?sort=frequency&PageSize=5',
      bigPath + '?PageSize=100',
    ];
    let stop = false;
    const load = { complete: 0, refused: 0, truncated: [] as string[], statuses: {} as Record<string, number> };
    const loop = async (k: number): Promise<void> => {
      for (let i = k; !stop; i++) {
        const path = loadPaths[i % loadPaths.length];
        try {
          const res = await request(service.port, { path, timeoutMs: 30_000 });
          load.complete++;
          load.statuses[res.status] = (load.statuses[res.status] ?? 0) + 1;
        } catch (err) {
          if (err instanceof NoResponseError && err.received > 0)
            load.truncated.push(`${path}: ${err.received} bytes then ${err.message}`);
          else load.refused++;
          if (!service.alive()) return;
          await sleep(20);
        }
      }
    };
    const loops = Array.from({ length: options.loadConnections }, (_, k) => loop(k));
    await sleep(1000);

    let signalledAt = 0;
    const slow = slowRead(service.port, bigPath, options.readPauseMs, () => {
      signalledAt = performance.now();
      service.child.proc.kill('SIGTERM');
    });
    const deadline = setTimeout(() => service.child.proc.kill('SIGKILL'), options.drainDeadlineMs + 30_000);
    const code = await service.child.exited;
    const exitMs = performance.now() - signalledAt;
    clearTimeout(deadline);
    const bytes = await slow;
    stop = true;
    await Promise.all(loops);

    const parsed = parseResponse(bytes, false);
    let items = -1;
    try {
      items = (JSON.parse(parsed?.body.toString('utf8') ?? '') as { dependencies: string[] }).dependencies.length;
    } catch {
      // truncated or not JSON: items stays -1
    }
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
  } finally {
    if (!options.keep) dir.remove();
  }
  return r.result();
}
