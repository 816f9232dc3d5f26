// Step 5c: the ranking recomputed after an ingest. One more application SBOM is ingested through
// the CLI while the server runs; /analysis/dependencies is polled until its ETag changes, while
// two probes time it and a typical dependencies query.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../generate/manifest.js';
import { BIN } from '../lib/paths.js';
import { get, runToEnd, sleep } from '../lib/proc.js';
import { percentile, round2 } from '../lib/stats.js';
import { log } from './log.js';
import type { RunDirs } from './options.js';
import type { BenchResults } from './results.js';
import { packagePath } from './scenario-paths.js';

type Latencies = NonNullable<BenchResults['ranking']>['during'][number];

const RANKING_PATH = '/analysis/dependencies?sort=frequency&PageSize=100';
const TEN_MINUTES = 600_000;

export async function measureRankingRecompute(
  base: string,
  manifest: Manifest,
  dirs: RunDirs,
): Promise<NonNullable<BenchResults['ranking']>> {
  const typicalPath = packagePath(manifest.queries.typical[0]?.purl ?? manifest.queries.large[0].purl, '/dependencies');
  const probes = (untilMs: number, stop: () => boolean): Promise<number[][]> =>
    Promise.all([probe(base, RANKING_PATH, untilMs, stop), probe(base, typicalPath, untilMs, stop)]);
  const before = await probes(3000, () => false);
  const etag0 = (await get(base, RANKING_PATH)).headers.etag;
  const t0 = performance.now();
  const watch = new RankingWatch(base, etag0, t0);
  const during = probes(TEN_MINUTES, () => watch.done);
  const ingest = await ingestExtra(manifest, dirs);
  const committedAt = performance.now();
  await watch.finished;
  const [duringRanking, duringTypical] = await during;
  if (ingest.code !== 0) log(`warning: the extra ingest exited ${ingest.code}`);
  const ranking = {
    ingestCliMillis: Math.round(ingest.millis),
    recomputeAfterIngestStartMillis: watch.changedAt ? Math.round(watch.changedAt - t0) : NaN,
    recomputeAfterCommitMillis: watch.changedAt ? Math.round(watch.changedAt - committedAt) : NaN,
    before: [latencies('ranking top 100', before[0]), latencies('typical dependencies', before[1])],
    during: [latencies('ranking top 100', duringRanking), latencies('typical dependencies', duringTypical)],
  };
  log(
    `ranking: new ranking served ${ranking.recomputeAfterCommitMillis} ms after the extra document was committed ` +
      `(CLI ingest ${ranking.ingestCliMillis} ms); during: ${JSON.stringify(ranking.during)}`,
  );
  return ranking;
}

/** Polls the ranking until its ETag differs from `etag0` (at most ten minutes). */
class RankingWatch {
  done = false;
  /** When the new ranking was first seen (performance.now()); 0 if never. */
  changedAt = 0;
  readonly finished: Promise<void>;

  constructor(base: string, etag0: string | undefined, t0: number) {
    this.finished = this.poll(base, etag0, t0);
  }

  private async poll(base: string, etag0: string | undefined, t0: number): Promise<void> {
    while (!this.done && performance.now() - t0 < TEN_MINUTES) {
      const r = await get(base, RANKING_PATH);
      if (r.headers.etag && r.headers.etag !== etag0) {
        this.changedAt = performance.now();
        break;
      }
      await sleep(10);
    }
    this.done = true;
  }
}

/** Requests `path` one at a time until `stop` or `untilMs`; the times, ascending. */
async function probe(base: string, path: string, untilMs: number, stop: () => boolean): Promise<number[]> {
  const times: number[] = [];
  const t0 = performance.now();
  while (!stop() && performance.now() - t0 < untilMs) {
    times.push((await get(base, path)).ms);
    await sleep(2);
  }
  return times.sort((a, b) => a - b);
}

function latencies(endpoint: string, t: number[]): Latencies {
  return {
    endpoint,
    n: t.length,
    p50: round2(percentile(t, 0.5)),
    p99: round2(percentile(t, 0.99)),
    max: round2(t[t.length - 1] ?? NaN),
  };
}

/** Ingests the held-back SBOM through the CLI into the served store. */
function ingestExtra(manifest: Manifest, dirs: RunDirs): ReturnType<typeof runToEnd> {
  // A fresh serial number makes it a new document even when this store has seen the extra SBOM before.
  const extraFile = join(dirs.run, 'extra.cdx.json');
  writeFileSync(
    extraFile,
    readFileSync(join(dirs.data, manifest.extra), 'utf8').replace(
      /"serialNumber":"urn:uuid:[^"]+"/,
      `"serialNumber":"urn:uuid:${randomUUID()}"`,
    ),
  );
  return runToEnd(
    process.execPath,
    [BIN, 'ingest', '--store', dirs.store, '--json', '--quiet', extraFile],
    join(dirs.run, 'ingest-extra.log'),
    TEN_MINUTES,
  );
}
