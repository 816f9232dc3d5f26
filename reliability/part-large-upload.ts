// Part: one large, legitimate upload must not freeze the server (issue 29). A ~164 MB SPDX SBOM
// of 400,000 packages is uploaded (POST /v0/documents) to a running server while probes poll
// /healthz, /readyz and a cheap data read every 50 ms, through the upload and the index
// refresh after it; then a CLI ingest of 100,000 packages goes into the same store while the
// server runs (it picks the document up with its periodic refresh). The figures: the worst
// latency of each probe, and every answer of /readyz that was not 200.
import { createReadStream, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { runToEnd } from '../bench/lib/proc.js';
import { ingestExamples } from './base.js';
import { NoResponseError, request } from './http.js';
import { writeLargeSpdx } from './large-spdx.js';
import { PartRecorder, firstFew, round, type PartResult } from './report.js';
import { BIN, runIngest, startService, workDir, type Service } from './service.js';

export interface LargeUploadPartOptions {
  seed: string;
  /** Packages of the uploaded SPDX document (400,000: about 164 MB). */
  packages: number;
  /** Packages of the document the CLI ingests while the server runs. */
  cliPackages: number;
  /** Hard limit on any one /healthz answer while the work goes on. */
  healthzLimitMs: number;
  /** Probing goes on this long after the upload answered (or the CLI's document was loaded). */
  settleMs: number;
  probeEveryMs?: number;
  keep?: boolean;
}

/** A package of examples/demo: the cheap data read (answered from the index). */
const DATA_PATH = `/v0/package/${encodeURIComponent('pkg:npm/web-frontend@2.3.0')}`;
const MB = 1024 * 1024;

interface Sample {
  path: string;
  ms: number;
  status: number;
  /** The problem's code or the readiness status, when the body says one. */
  detail: string;
}

/** Polls a few paths, each on its own loop (a stalled answer delays only its own next probe). */
class Prober {
  readonly samples: Sample[] = [];
  private running = true;
  private readonly loops: Promise<void>[];

  constructor(
    private readonly port: number,
    paths: readonly string[],
    private readonly everyMs: number,
  ) {
    this.loops = paths.map((p) => this.loop(p));
  }

  private async loop(path: string): Promise<void> {
    while (this.running) {
      const started = performance.now();
      let status = 0;
      let detail: string;
      try {
        const res = await request(this.port, { path, timeoutMs: 180_000 });
        status = res.status;
        detail = detailOf(res.body.toString('utf8'));
      } catch (err) {
        detail = err instanceof NoResponseError ? `no answer: ${err.message}` : (err as Error).message;
      }
      const ms = performance.now() - started;
      this.samples.push({ path, ms, status, detail });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, this.everyMs - ms)));
    }
  }

  async stop(): Promise<Sample[]> {
    this.running = false;
    await Promise.all(this.loops);
    return this.samples;
  }
}

function detailOf(body: string): string {
  try {
    const json = JSON.parse(body) as { code?: string; status?: string | number; Message?: string };
    if (json.code) return `${json.code}: ${json.Message ?? ''}`;
    return typeof json.status === 'string' ? json.status : '';
  } catch {
    return '';
  }
}

/** The upload itself, streamed from the file, with the ingest token. */
function upload(port: number, file: string, token: string): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v0/documents?name=large.spdx.json',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/spdx+json',
          'content-length': statSync(file).size,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.setTimeout(900_000, () => req.destroy(new Error('the upload had no answer within 15 minutes')));
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
}

const settle = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The worst latency of one path's probes, and its answers that were not 200. */
function summarise(samples: readonly Sample[], path: string): { worst: number; count: number; bad: string[] } {
  const mine = samples.filter((s) => s.path === path);
  const worst = mine.reduce((m, s) => Math.max(m, s.ms), 0);
  const bad = mine.filter((s) => s.status !== 200).map((s) => `${s.status} after ${round(s.ms)} ms ${s.detail}`);
  return { worst, count: mine.length, bad };
}

/** Records the checks of one watched stretch (the upload, or the CLI ingest). */
function judge(r: PartRecorder, label: string, samples: readonly Sample[], options: LargeUploadPartOptions): void {
  const health = summarise(samples, '/healthz');
  const ready = summarise(samples, '/readyz');
  const data = summarise(samples, DATA_PATH);
  const busy = samples.filter((s) => s.path === '/readyz' && s.detail === 'busy').length;
  r.figure(`${label}: worst /healthz (ms)`, round(health.worst));
  r.figure(`${label}: worst /readyz (ms)`, round(ready.worst));
  r.figure(`${label}: worst data read (ms)`, round(data.worst));
  r.figure(`${label}: /readyz answers "busy"`, busy);
  r.hard(
    `${label}: every /healthz answer within ${options.healthzLimitMs} ms`,
    health.worst <= options.healthzLimitMs && health.bad.length === 0,
    `worst ${round(health.worst)} ms over ${health.count} probes`,
    firstFew(health.bad),
  );
  r.hard(
    `${label}: /readyz stays 200 (ready or busy, never "backend down")`,
    ready.bad.length === 0,
    `${ready.count - ready.bad.length} of ${ready.count} answers 200 (${busy} busy), worst ${round(ready.worst)} ms`,
    firstFew(ready.bad),
  );
  r.hard(
    `${label}: data reads answer 200 (no false 502)`,
    data.bad.length === 0,
    `${data.count - data.bad.length} of ${data.count} answers 200, worst ${round(data.worst)} ms`,
    firstFew(data.bad),
  );
  r.target(
    `${label}: data reads within ${options.healthzLimitMs} ms`,
    data.worst <= options.healthzLimitMs,
    `worst ${round(data.worst)} ms`,
  );
}

async function createToken(store: string, logFile: string): Promise<string> {
  const run = await runToEnd(
    process.execPath,
    [BIN, 'token', 'create', '--store', store, '--name', 'large-upload', '--scope', 'ingest'],
    logFile,
    60_000,
  );
  const token = run.stdout.trim().split('\n').pop() ?? '';
  if (run.code !== 0 || !token) throw new Error(`token create failed (exit ${run.code}); see ${logFile}`);
  return token;
}

async function readyVersion(service: Service): Promise<number> {
  const res = await request(service.port, { path: '/readyz', timeoutMs: 60_000 });
  return Number((JSON.parse(res.body.toString('utf8')) as { version?: number }).version ?? -1);
}

export async function largeUploadPart(options: LargeUploadPartOptions): Promise<PartResult> {
  const r = new PartRecorder(`large upload (${options.packages.toLocaleString('en')} SPDX packages)`);
  const dir = workDir('large-upload');
  const store = join(dir.path, 'store');
  const every = options.probeEveryMs ?? 50;
  const paths = ['/healthz', '/readyz', DATA_PATH];
  try {
    const big = join(dir.path, 'large.spdx.json');
    const made = await writeLargeSpdx(big, options.packages, options.seed);
    r.figure(
      'uploaded document',
      `${round(made.bytes / MB)} MB, ${made.packages} packages, ${made.relationships} DEPENDS_ON`,
    );
    const small = join(dir.path, 'cli.spdx.json');
    const cliMade = await writeLargeSpdx(small, options.cliPackages, `${options.seed}-cli`);
    r.figure('CLI document', `${round(cliMade.bytes / MB)} MB, ${cliMade.packages} packages`);
    await ingestExamples(store, join(dir.path, 'examples.log'));
    const token = await createToken(store, join(dir.path, 'token.log'));
    const service = await startService({
      store,
      logFile: join(dir.path, 'serve.log'),
      extraArgs: ['--max-document-size', String(1024 * MB), '--request-timeout', '600000', '--log-level', 'info'],
    });
    try {
      // 1. The upload, and the refresh that the answer waits for.
      let prober = new Prober(service.port, paths, every);
      const answer = await upload(service.port, big, token);
      await settle(options.settleMs);
      judge(r, 'upload', await prober.stop(), options);
      r.figure('upload answered (s)', round(answer.ms / 1000));
      r.hard(
        'the upload answers 2xx',
        answer.status >= 200 && answer.status < 300,
        `${answer.status} after ${round(answer.ms / 1000)} s`,
        answer.body.slice(0, 300),
      );

      // 2. A CLI ingest into the store the server runs on; its periodic refresh loads it.
      const before = await readyVersion(service);
      prober = new Prober(service.port, paths, every);
      const ingest = await runIngest(store, [small], join(dir.path, 'cli-ingest.log'), 600_000);
      const loadDeadline = performance.now() + 300_000;
      let loadedAfter = NaN;
      while (performance.now() < loadDeadline) {
        const last = prober.samples.filter((s) => s.path === '/readyz' && s.status === 200).pop();
        if (last && (await readyVersion(service)) > before) {
          loadedAfter = performance.now();
          break;
        }
        await settle(100);
      }
      await settle(options.settleMs);
      judge(r, 'CLI ingest', await prober.stop(), options);
      r.hard(
        'the CLI ingest stores its document and the server loads it',
        ingest.code === 0 && ingest.stored === 1 && !Number.isNaN(loadedAfter),
        `ingest exit ${ingest.code} in ${round(ingest.millis / 1000)} s; ${Number.isNaN(loadedAfter) ? 'not loaded within 300 s' : 'loaded'}`,
      );
      r.hard('the server stays up', service.alive(), service.alive() ? 'alive' : 'the process died');
    } finally {
      await service.stop(30_000);
    }
  } finally {
    if (!options.keep) dir.remove();
  }
  return r.result();
}
