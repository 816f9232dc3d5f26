// Part 6, PostgreSQL stopped and restarted under load, on a private cluster: during the outage
// errors must be 502/503 problem+json and the server must not crash; after the restart it must
// answer again (recovery time measured). Then the same with uploads under way, many times
// (upload-outage.ts): the server never exits and no document is left half-written.
import { join } from 'node:path';
import { runToEnd, sleep } from '../bench/proc.js';
import { EXAMPLE_DOCUMENTS } from './base.js';
import { problemViolation, request } from './http.js';
import { createPrivateCluster } from './pg-cluster.js';
import { discoverProbes } from './probes.js';
import { firstFew, PartRecorder, round, type PartResult } from './report.js';
import { BIN, runIngest, startService, workDir } from './service.js';
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
  at: number;
  path: string;
  status: number | 'none';
  violation?: string;
}

export async function postgresPart(options: PostgresPartOptions): Promise<PartResult> {
  const r = new PartRecorder('PostgreSQL stopped and restarted under load');
  const dir = workDir('pg');
  const cluster = await createPrivateCluster();
  try {
    const migrate = await runToEnd(
      process.execPath,
      [BIN, 'migrate', '--store', cluster.url],
      join(dir.path, 'migrate.log'),
      120_000,
    );
    if (migrate.code !== 0) throw new Error(`migrate exited ${migrate.code}`);
    const ingest = await runIngest(cluster.url, EXAMPLE_DOCUMENTS, join(dir.path, 'ingest.log'));
    if (ingest.code !== 0) throw new Error(`ingest exited ${ingest.code}`);
    const service = await startService({
      store: cluster.url,
      logFile: join(dir.path, 'serve.log'),
      extraArgs: ['--refresh-interval', '250', '--pg-connect-timeout', '2'],
    });
    const probes = await discoverProbes(service.port, EXAMPLE_DOCUMENTS, 10);
    const paths = [
      '/readyz',
      '/analysis/dependencies?sort=frequency',
      ...probes.purls.map((p) => `/v0/package/${encodeURIComponent(p)}/dependencies`),
      ...probes.digests.map((d) => `/v0/artifact/${d}/vulns`),
    ];
    const samples: Sample[] = [];
    const t0 = performance.now();
    let stop = false;
    const loop = async (k: number): Promise<void> => {
      for (let i = k; !stop; i++) {
        const path = paths[i % paths.length];
        try {
          const res = await request(service.port, { path, timeoutMs: 20_000 });
          samples.push({
            at: performance.now() - t0,
            path,
            status: res.status,
            violation: problemViolation(res, 'GET'),
          });
        } catch {
          samples.push({ at: performance.now() - t0, path, status: 'none' });
          await sleep(50);
        }
      }
    };
    const loops = Array.from({ length: options.loadConnections }, (_, k) => loop(k));
    try {
      await sleep(2000);
      const down = performance.now() - t0;
      await cluster.stopImmediately();
      await sleep(options.outageMs);
      const restartStarted = performance.now() - t0;
      await cluster.start();
      const up = performance.now() - t0;
      // Recovered: a data path and /readyz both answered 200 after the restart.
      let recovered: number | undefined;
      while (performance.now() - t0 - up < options.recoveryCapMs) {
        const after = samples.filter((s) => s.at > up);
        const data = after.find((s) => s.status === 200 && s.path !== '/readyz');
        const ready = after.find((s) => s.status === 200 && s.path === '/readyz');
        if (data && ready) {
          recovered = Math.max(data.at, ready.at) - up;
          break;
        }
        await sleep(100);
      }
      await sleep(1000);
      stop = true;
      await Promise.all(loops);

      const outage = samples.filter((s) => s.at >= down && s.at <= up + (recovered ?? options.recoveryCapMs));
      const counts: Record<string, number> = {};
      for (const s of outage) counts[s.status] = (counts[s.status] ?? 0) + 1;
      const wrong = outage.filter(
        (s) => s.status !== 200 && (s.status === 'none' || ![502, 503].includes(s.status) || s.violation),
      );
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
        `${outage.length} answers during the outage ${JSON.stringify(counts)}`,
        firstFew(
          wrong.map(
            (s) => `${s.path} at ${round(s.at / 1000, 2)} s: ${s.status}${s.violation ? ` (${s.violation})` : ''}`,
          ),
        ),
      );
      r.hard(
        `it answers again within ${round(options.recoveryCapMs / 1000)} s of the restart`,
        recovered !== undefined,
        recovered === undefined ? 'not recovered' : `${round(recovered / 1000, 2)} s`,
      );
      r.target(
        `it answers again within ${round(options.recoveryTargetMs / 1000)} s of the restart`,
        recovered !== undefined && recovered <= options.recoveryTargetMs,
        recovered === undefined ? 'not recovered' : `${round(recovered / 1000, 2)} s`,
      );
      if (options.uploads && service.alive())
        await uploadOutageTrials(r, cluster, service, dir.path, { ...options.uploads, seed: options.seed ?? '1' });
    } finally {
      stop = true;
      await Promise.all(loops);
      await service.stop(10_000);
    }
  } finally {
    await cluster.destroy();
    if (!options.keep) dir.remove();
  }
  return r.result();
}
