// Part 6, PostgreSQL stopped and restarted under load, on a private cluster: during the outage
// errors must be 502/503 problem+json and the server must not crash; after the restart it must
// answer again (recovery time measured). Then the same with uploads under way, many times
// (upload-outage.ts): the server never exits and no document is left half-written.
import { join } from 'node:path';
import { runToEnd, sleep } from '../bench/lib/proc.js';
import { EXAMPLE_DOCUMENTS } from './base.js';
import type { FuzzProbes } from './fuzz.js';
import { problemViolation } from './http.js';
import { RequestLoad } from './load.js';
import { createPrivateCluster, type PrivateCluster } from './pg-cluster.js';
import { discoverProbes } from './probes.js';
import { countBy, firstFew, PartRecorder, round, type PartResult } from './report.js';
import { BIN, runIngest, startService, workDir, type Service } from './service.js';
import { uploadOutageTrials, type UploadOutageOptions } from './upload-outage.js';

export interface PostgresPartOptions {
  outageMs: number;
  /** Recovery must happen within this (hard), and should within targetMs. */
  recoveryCapMs: number;
  recoveryTargetMs: number;
  loadConnections: number;
  /** The outage-during-upload trials that follow (none when absent). */
  uploads?: Omit<UploadOutageOptions, 'seed'>;
  seed?: string;
  keep?: boolean;
}

interface Sample {
  /** Milliseconds since the load started. */
  at: number;
  path: string;
  status: number | 'none';
  violation?: string;
}

/** Milliseconds since the load started. */
type Clock = () => number;

/** Creates the schema on the cluster and ingests the examples into it. */
async function migrateAndIngest(url: string, dir: string): Promise<void> {
  const migrate = await runToEnd(process.execPath, [BIN, 'migrate', '--store', url], join(dir, 'migrate.log'), 120_000);
  if (migrate.code !== 0) throw new Error(`migrate exited ${migrate.code}`);
  const ingest = await runIngest(url, EXAMPLE_DOCUMENTS, join(dir, 'ingest.log'));
  if (ingest.code !== 0) throw new Error(`ingest exited ${ingest.code}`);
}

/** Request loops over `paths` that keep every answer, and every request left without one, as a sample. */
function sampledLoad(
  port: number,
  paths: readonly string[],
  connections: number,
  clock: Clock,
): { load: RequestLoad; samples: Sample[] } {
  const samples: Sample[] = [];
  const load = new RequestLoad({
    port,
    paths,
    connections,
    timeoutMs: 20_000,
    pauseMs: 50,
    onAnswer: (path, res) => {
      samples.push({ at: clock(), path, status: res.status, violation: problemViolation(res, 'GET') });
    },
    onNoAnswer: (path) => {
      samples.push({ at: clock(), path, status: 'none' });
      return true;
    },
  });
  return { load, samples };
}

interface Outage {
  /** When the cluster was stopped, its restart started and it was up again (ms on the clock). */
  down: number;
  restartStarted: number;
  up: number;
  /** Milliseconds from `up` until the server answered again; undefined: not within the cap. */
  recovered?: number;
}

/** Milliseconds from `up` until a data path and /readyz have both answered 200; undefined when not within capMs. */
async function waitForRecovery(
  samples: readonly Sample[],
  clock: Clock,
  up: number,
  capMs: number,
): Promise<number | undefined> {
  while (clock() - up < capMs) {
    const after = samples.filter((s) => s.at > up);
    const data = after.find((s) => s.status === 200 && s.path !== '/readyz');
    const ready = after.find((s) => s.status === 200 && s.path === '/readyz');
    if (data && ready) return Math.max(data.at, ready.at) - up;
    await sleep(100);
  }
  return undefined;
}

/** Stops the cluster (immediate mode) for options.outageMs, starts it again and waits for the server to recover. */
async function stopAndRestart(
  cluster: PrivateCluster,
  samples: readonly Sample[],
  clock: Clock,
  options: PostgresPartOptions,
): Promise<Outage> {
  const down = clock();
  await cluster.stopImmediately();
  await sleep(options.outageMs);
  const restartStarted = clock();
  await cluster.start();
  const up = clock();
  const recovered = await waitForRecovery(samples, clock, up, options.recoveryCapMs);
  return { down, restartStarted, up, recovered };
}

/** The answers from the stop until the recovery (or the cap), and those of them that break the contract. */
function outageAnswers(
  samples: readonly Sample[],
  outage: Outage,
  capMs: number,
): { during: Sample[]; counts: Record<string, number>; wrong: Sample[] } {
  const during = samples.filter((s) => s.at >= outage.down && s.at <= outage.up + (outage.recovered ?? capMs));
  const counts = countBy(during, (s) => s.status);
  const wrong = during.filter(
    (s) => s.status !== 200 && (s.status === 'none' || ![502, 503].includes(s.status) || s.violation),
  );
  return { during, counts, wrong };
}

function recordOutage(
  r: PartRecorder,
  samples: readonly Sample[],
  outage: Outage,
  service: Service,
  options: PostgresPartOptions,
): void {
  const { down, restartStarted, up, recovered } = outage;
  const { during, counts, wrong } = outageAnswers(samples, outage, options.recoveryCapMs);
  const recovery = recovered === undefined ? 'not recovered' : `${round(recovered / 1000, 2)} s`;
  r.figure('outage (s)', round((up - down) / 1000, 1));
  r.figure('restart took (s)', round((up - restartStarted) / 1000, 1));
  r.figure('answers during the outage', JSON.stringify(counts));
  r.figure(
    'recovery after restart (s)',
    recovered === undefined ? `not within ${round(options.recoveryCapMs / 1000)}` : round(recovered / 1000, 2),
  );
  r.hard('the server stays up through the outage', service.alive(), service.alive() ? 'alive' : 'the process died');
  r.hard(
    'during the outage every error is 502 or 503 problem+json',
    wrong.length === 0,
    `${during.length} answers during the outage ${JSON.stringify(counts)}`,
    firstFew(
      wrong.map((s) => `${s.path} at ${round(s.at / 1000, 2)} s: ${s.status}${s.violation ? ` (${s.violation})` : ''}`),
    ),
  );
  r.hard(
    `it answers again within ${round(options.recoveryCapMs / 1000)} s of the restart`,
    recovered !== undefined,
    recovery,
  );
  r.target(
    `it answers again within ${round(options.recoveryTargetMs / 1000)} s of the restart`,
    recovered !== undefined && recovered <= options.recoveryTargetMs,
    recovery,
  );
}

/** The paths the load asks: readiness, a ranking, and the examples' dependencies and vulnerabilities. */
function loadPaths(probes: FuzzProbes): string[] {
  return [
    '/readyz',
    '/analysis/dependencies?sort=frequency',
    ...probes.purls.map((p) => `/v0/package/${encodeURIComponent(p)}/dependencies`),
    ...probes.digests.map((d) => `/v0/artifact/${d}/vulns`),
  ];
}

export async function postgresPart(options: PostgresPartOptions): Promise<PartResult> {
  const r = new PartRecorder('PostgreSQL stopped and restarted under load');
  const dir = workDir('pg');
  const cluster = await createPrivateCluster();
  try {
    await migrateAndIngest(cluster.url, dir.path);
    const service = await startService({
      store: cluster.url,
      logFile: join(dir.path, 'serve.log'),
      extraArgs: ['--refresh-interval', '250', '--pg-connect-timeout', '2'],
    });
    const paths = loadPaths(await discoverProbes(service.port, EXAMPLE_DOCUMENTS, 10));
    const t0 = performance.now();
    const clock: Clock = () => performance.now() - t0;
    const { load, samples } = sampledLoad(service.port, paths, options.loadConnections, clock);
    try {
      await sleep(2000);
      const outage = await stopAndRestart(cluster, samples, clock, options);
      await sleep(1000);
      await load.stop();
      recordOutage(r, samples, outage, service, options);
      if (options.uploads && service.alive())
        await uploadOutageTrials(r, cluster, service, dir.path, { ...options.uploads, seed: options.seed ?? '1' });
    } finally {
      await load.stop();
      await service.stop(10_000);
    }
  } finally {
    await cluster.destroy();
    if (!options.keep) dir.remove();
  }
  return r.result();
}
