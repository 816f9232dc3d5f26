// Step 4, measured: per endpoint, precise single-client latencies, then wrk at 10 and 50
// connections, service and ceiling alternated --rounds times.
import { join } from 'node:path';
import { alternate, cpuSecondsOf, runWrk, writePathsFile, type WrkRun } from '../lib/load-client.js';
import type { Child, RssSampler } from '../lib/proc.js';
import { percentile, round2 } from '../lib/stats.js';
import { recovered, sequential, sequential2xx } from './client.js';
import { log } from './log.js';
import type { RunOptions } from './options.js';
import type { Recorded } from './recordings.js';
import type { EndpointRun, ScenarioResult } from './results.js';
import type { ScenarioDef } from './scenarios.js';

/** The two servers under load, and where the runs write. */
export interface LoadSetup {
  options: RunOptions;
  service: { base: string; child: Child };
  ceiling: { base: string; child: Child };
  /** Samples the service's RSS. */
  sampler: RssSampler;
  runDir: string;
}

/** Where a scenario's wrk runs find their paths and write their output. */
interface LoadTarget {
  pathsFile: string;
  logFile: string;
  threads: number;
}

const CONNECTIONS = [10, 50];

/** One scenario's figures: not measured when its recording says so. */
export async function measureScenario(setup: LoadSetup, def: ScenarioDef, r: Recorded): Promise<ScenarioResult> {
  const result: ScenarioResult = {
    name: def.name,
    description: def.description,
    inputs: def.paths.length,
    avgBytes: r.avgBytes,
    avgItems: r.avgItems,
    statuses: r.statuses,
    runs: [],
    single: { n: 0, p50: 0, p99: 0, ceilingP50: 0, coldP50: r.coldP50, coldP99: r.coldP99 },
  };
  if (r.unavailable) {
    log(`${def.name}: not measured: ${r.unavailable}`);
    return { ...result, unavailable: r.unavailable };
  }
  setup.sampler.resetMax();
  const target: LoadTarget = {
    pathsFile: writePathsFile(join(setup.runDir, 'paths', `${def.name}.txt`), def.paths),
    logFile: join(setup.runDir, 'wrk.log'),
    threads: setup.options.threads,
  };
  // Warm-up (JIT, caches) on both, then precise single-client latencies.
  await wrkAt(setup.service.base, target, 10, 1);
  await wrkAt(setup.ceiling.base, target, 10, 1);
  result.single = await singleClient(setup, def, result.single);
  for (const connections of CONNECTIONS) result.runs.push(await underLoad(setup, def, target, connections));
  setup.sampler.sample();
  result.maxRssMB = Math.round(setup.sampler.max);
  return result;
}

/** One sequential client on the service and on the ceiling, timed per request. */
async function singleClient(
  setup: LoadSetup,
  def: ScenarioDef,
  single: ScenarioResult['single'],
): Promise<ScenarioResult['single']> {
  const n = Math.max(50, Math.min(500, def.paths.length * 3));
  await recovered(setup.service.base, def.paths[0]);
  const service = await sequential2xx(setup.service.base, def.paths, n);
  const ceiling = await sequential(setup.ceiling.base, def.paths, n);
  if (service.non2xx) log(`warning: ${def.name}: ${service.non2xx} of ${n} single-client answers were not 2xx`);
  return {
    ...single,
    n,
    p50: round2(percentile(service.times, 0.5)),
    p99: round2(percentile(service.times, 0.99)),
    ceilingP50: round2(percentile(ceiling, 0.5)),
    non2xx: service.non2xx,
  };
}

/** wrk at `connections`, service and ceiling alternated. */
async function underLoad(
  setup: LoadSetup,
  def: ScenarioDef,
  target: LoadTarget,
  connections: number,
): Promise<EndpointRun> {
  const { rounds, duration, threads } = setup.options;
  const { service, ceiling } = setup;
  const serverPid = service.child.proc.pid!;
  const ceilingPid = ceiling.child.proc.pid!;
  const compared = await alternate({
    rounds,
    beforeService: () => recovered(service.base, def.paths[0]),
    service: () => wrkAt(service.base, target, connections, duration),
    ceiling: () => wrkAt(ceiling.base, target, connections, duration),
    serviceCpu: () => cpuSecondsOf(serverPid),
    ceilingCpu: () => cpuSecondsOf(ceilingPid),
  });
  const { server: s, ceiling: c, ratio } = compared;
  log(
    `${def.name} @${connections}: ${s.rps} req/s (${s.rpsMin}–${s.rpsMax}; p50 ${s.p50} ms, p99 ${s.p99} ms) vs ceiling ${c.rps} req/s (${c.rpsMin}–${c.rpsMax}): ${ratio}×; CPU µs/request ${s.cpuMicrosPerRequest} vs ${c.cpuMicrosPerRequest}: ${compared.cpuRatio}×` +
      (s.non2xx || s.errors ? ` (${s.non2xx} non-2xx, ${s.errors} errors)` : ''),
  );
  return { connections, threads: Math.min(threads, connections), rounds, durationSeconds: duration, ...compared };
}

function wrkAt(base: string, t: LoadTarget, connections: number, duration: number): Promise<WrkRun> {
  return runWrk({
    base,
    pathsFile: t.pathsFile,
    connections,
    threads: t.threads,
    durationSeconds: duration,
    logFile: t.logFile,
  });
}
