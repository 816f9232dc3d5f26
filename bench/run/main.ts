// The benchmark: `npm run bench -- [--size S|M|L] [--seed 42] [--duration SECONDS] [--profile]
//   [--reuse-store] [--regenerate] [--scenarios a,b] [--postgres URL]`
// 1. generates the graph (or reuses bench/out/<size>-<seed> when its manifest matches);
// 2. ingests it into a fresh embedded store through the CLI (documents/s, dependency facts/s);
// 3. starts `supplygraph serve` as a child: start-up to ready (/readyz), RSS from /proc;
// 4. records every benchmark request's response, starts the ceiling (bench/run/ceiling.ts: a bare
//    node:http server replaying those bytes) and drives both with wrk (bench/lib/load-client.ts),
//    per endpoint, at 10 and 50 connections, service and ceiling alternated --rounds times (median
//    and spread of each side), plus precise single-client latencies;
// 5. the 10,000-purl closure; 1,000-purl batch vulnerability questions; the ranking recompute
//    after an ingest, and latencies meanwhile;
// 6. prints the results and writes them to docs/benchmarks.md (one section per size) and
//    bench/out/results-<size>-<seed>.json.
// Loopback only; every wait is bounded.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../generate/manifest.js';
import { ensureWrk } from '../lib/load-client.js';
import { freePort, machineFacts, memoryOf, RssSampler, stopChild, type Child } from '../lib/proc.js';
import { batchVulns } from './batch-vulns.js';
import { generatedGraph } from './dataset.js';
import { measureScenario, type LoadSetup } from './endpoint-load.js';
import { measureIngest, measurePostgresIngest } from './ingest.js';
import { measureLargeClosure } from './large-closure.js';
import { log } from './log.js';
import { parseRunOptions, runDirs, wants, type RunDirs, type RunOptions } from './options.js';
import { publishResults } from './publish.js';
import { measureRankingRecompute } from './ranking-recompute.js';
import { recordScenarios, startCeiling } from './recordings.js';
import type { BenchResults } from './results.js';
import { scenarios } from './scenarios.js';
import { gitRevision } from './revision.js';
import { measureStartup, startService } from './service.js';

async function main(): Promise<void> {
  const o = parseRunOptions(process.argv.slice(2));
  ensureWrk(log);
  const dirs = runDirs(o);
  mkdirSync(dirs.run, { recursive: true });
  const machine = machineFacts();
  const revision = await gitRevision();
  log(`${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGB} GB, node ${machine.node}`);

  const { manifest, generateSeconds } = generatedGraph(o, dirs.data);
  const g = manifest.stats;
  log(
    `graph: ${g.packageVersions} package versions, ${g.dependencyEdges} distinct dependency edges (${g.distinctEdgesWithSubjects} with SBOM subjects), ` +
      `${g.dependencyFacts} dependency facts in ${g.documents.total} documents`,
  );
  const results: BenchResults = {
    command: o.command,
    machine,
    revision,
    size: o.size,
    seed: o.seed,
    durationSeconds: o.duration,
    rounds: o.rounds,
    threads: o.threads,
    graph: g,
    generateSeconds,
    startup: { readyMillis: 0, firstRankingMillis: 0, rssAtReadyMB: 0 },
    rss: { maxServingMB: 0, afterLoadMB: 0, hwmMB: 0 },
    scenarios: [],
  };
  const ingest = await measureIngest(o, manifest, dirs);
  if (ingest) results.ingest = ingest;
  if (o.postgres) results.postgresIngest = await measurePostgresIngest(o.postgres, manifest, dirs);
  await measureServing(o, dirs, manifest, results);
  publishResults(o, results);
}

/** Steps 3 to 5, on one server; it and the ceiling are stopped whatever happens. */
async function measureServing(o: RunOptions, dirs: RunDirs, manifest: Manifest, results: BenchResults): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const service = startService(o, dirs, port);
  const server = service.child;
  let ceiling: Child | undefined;
  try {
    results.startup = await measureStartup(base, service);
    const sampler = new RssSampler(server.proc.pid!, 250);
    const defs = scenarios(manifest).filter((s) => wants(o, s.name));
    const recordingsFile = join(dirs.run, 'recordings.bin');
    const recorded = await recordScenarios(base, defs, recordingsFile);
    const started = startCeiling(recordingsFile, dirs.run);
    ceiling = started.child;
    const setup: LoadSetup = {
      options: o,
      service: { base, child: server },
      ceiling: { base: await started.base, child: ceiling },
      sampler,
      runDir: dirs.run,
    };
    mkdirSync(join(dirs.run, 'paths'), { recursive: true });
    for (const def of defs) {
      const result = await measureScenario(setup, def, recorded.get(def.name)!);
      if (!result.unavailable) results.rss.maxServingMB = Math.max(results.rss.maxServingMB, sampler.max);
      results.scenarios.push(result);
    }
    sampler.sample();
    results.rss.afterLoadMB = Math.round(sampler.last);
    await measureAfterLoad(o, dirs, manifest, base, results);
    sampler.stop();
    results.rss.maxServingMB = Math.round(Math.max(results.rss.maxServingMB, sampler.max));
    results.rss.hwmMB = Math.round(memoryOf(server.proc.pid!)?.hwm ?? 0);
  } finally {
    if (ceiling) await stopChild(ceiling);
    await stopChild(server, 120_000);
  }
}

/** Step 5: the large closure, the batch questions and the ranking recompute, each unless left out. */
async function measureAfterLoad(
  o: RunOptions,
  dirs: RunDirs,
  manifest: Manifest,
  base: string,
  results: BenchResults,
): Promise<void> {
  if (wants(o, 'closure10k')) {
    const closure10k = await measureLargeClosure(base, manifest);
    if (closure10k) results.closure10k = closure10k;
  }
  if (wants(o, 'batch-vulns')) results.batch = await batchVulns(base, manifest);
  if (wants(o, 'ranking')) results.ranking = await measureRankingRecompute(base, manifest, dirs);
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
});
