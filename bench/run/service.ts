// Step 3: `supplygraph serve` as a child process on the run's store, and its start-up: time to
// /readyz 200, RSS at ready, and the first frequency ranking.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, BIN } from '../lib/paths.js';
import { get, memoryOf, startChild, waitFor, type Child } from '../lib/proc.js';
import { log } from './log.js';
import type { RunDirs, RunOptions } from './options.js';
import type { BenchResults } from './results.js';

/** The server child and when it was started (performance.now()). */
export interface Service {
  child: Child;
  startedAt: number;
}

/** Starts the server on `port` (--profile: with --cpu-prof, profiles in bench/profiles/). */
export function startService(o: RunOptions, dirs: RunDirs, port: number): Service {
  const nodeArgs = o.profile ? ['--cpu-prof', `--cpu-prof-dir=${join(BENCH_DIR, 'profiles')}`] : [];
  const serverLog = join(dirs.run, 'server.log');
  rmSync(serverLog, { force: true });
  const startedAt = performance.now();
  const child = startChild(
    process.execPath,
    [
      ...nodeArgs,
      BIN,
      'serve',
      '--store',
      dirs.store,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--log-level',
      'warn',
      '--refresh-interval',
      '1000',
      // The benchmark's clients are anonymous and far above the default per-address limit.
      '--rate-limit',
      '0',
      '--anonymous-rate-limit',
      '0',
    ],
    serverLog,
  );
  return { child, startedAt };
}

/** Waits for the server to be ready, then for its first ranking. */
export async function measureStartup(base: string, { child, startedAt }: Service): Promise<BenchResults['startup']> {
  await waitFor(async () => (await get(base, '/readyz', 5000)).status === 200, 900_000, 25);
  const readyMillis = Math.round(performance.now() - startedAt);
  const rssAtReadyMB = Math.round(memoryOf(child.proc.pid!)?.rss ?? 0);
  const firstRanking = await get(base, '/analysis/dependencies?sort=frequency&PageSize=1', 600_000);
  const firstRankingMillis = Math.round(performance.now() - startedAt - readyMillis);
  log(
    `start-up to ready: ${readyMillis} ms (RSS ${rssAtReadyMB} MB); first ranking ${firstRanking.status} after ${firstRankingMillis} ms more`,
  );
  return { readyMillis, firstRankingMillis, rssAtReadyMB };
}
