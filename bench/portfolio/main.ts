// The portfolio benchmark (docs/benchmarks.md, "Portfolio"): a store filled with a seeded stream
// of CI builds (bench/portfolio/build-stream.ts), then the server started on it, one SBOM a
// second uploaded while questions are timed, the questions timed quietly, and one delete.
// `npm run bench:portfolio -- --sboms 20000` prints the figures and writes them as JSON.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../lib/paths.js';
import { machineFacts, memoryOf, stopChild, type Child } from '../lib/proc.js';
import { buildStream, type BuildDocument } from './build-stream.js';
import { fillStore, replayLatest, type FillFigures, type LatestBuilds } from './fill.js';
import { portfolioOptions, type PortfolioOptions } from './options.js';
import { buildQuestions, popularPackage, portfolioQuestions, widestAdvisory } from './questions.js';
import { timeDelete, timeQuestions, timeVerdicts } from './quiet.js';
import { startService } from './server.js';
import { uploadStream } from './stream.js';
import { BIN } from '../lib/paths.js';
import { runToEnd } from '../lib/proc.js';

/** Real OSV advisories ingested first, so that "what does this CVE reach" has answers. */
const ADVISORY_DIR = join(ROOT, 'test', 'fixtures', 'osv');

function advisoryIds(): string[] {
  return readdirSync(ADVISORY_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => /"id"\s*:\s*"([^"]+)"/.exec(readFileSync(join(ADVISORY_DIR, f), 'utf8'))?.[1])
    .filter((id): id is string => id !== undefined);
}

async function ingestAdvisories(store: string, outDir: string): Promise<void> {
  const run = await runToEnd(
    process.execPath,
    [BIN, 'ingest', '--store', store, '--quiet', ADVISORY_DIR],
    join(outDir, 'fill.log'),
    600_000,
  );
  if (run.code !== 0 && run.code !== 2) throw new Error('ingest of the advisories failed');
}

async function filled(options: PortfolioOptions, stream: Iterator<BuildDocument>, latest: LatestBuilds) {
  const store = join(options.outDir, 'store');
  if (options.reuse && existsSync(store)) {
    replayLatest(stream, options.sboms, latest);
    return { store, fill: undefined };
  }
  mkdirSync(options.outDir, { recursive: true });
  await ingestAdvisories(store, options.outDir);
  const fill: FillFigures = await fillStore(
    stream,
    options.sboms,
    { store, batch: options.batch, scratch: join(options.outDir, 'batch'), logFile: join(options.outDir, 'fill.log') },
    latest,
  );
  return { store, fill };
}

/** The server's highest RSS so far (VmHWM), MB. */
function peakRss(child: Child): number {
  return Math.round(memoryOf(child.proc.pid!)?.hwm ?? 0);
}

async function main(): Promise<void> {
  const options = portfolioOptions(process.argv.slice(2));
  const stream = buildStream({
    seed: options.seed,
    // Room for the stream to skip what a reused store already holds.
    sboms: options.sboms + 10 * options.streamSeconds,
    services: options.services,
    components: options.components,
  });
  const latest: LatestBuilds = new Map();
  const { store, fill } = await filled(options, stream, latest);
  const service = await startService(store, options.outDir, options.profileDir);
  try {
    const newest = [...latest.values()].at(-1)!;
    const popular = await popularPackage(service.base);
    const advisory = await widestAdvisory(service.base, advisoryIds());
    const questions = [...buildQuestions(newest), ...portfolioQuestions(popular, advisory)];
    const during = await uploadStream(
      service,
      stream,
      { seconds: options.streamSeconds, store, outDir: options.outDir, questions },
      latest,
    );
    const quiet = await timeQuestions(service.base, questions, 20);
    const verdicts = await timeVerdicts(service, stream.next().value as BuildDocument, 20);
    const deleted = await timeDelete(service, during.uploaded[0]);
    const results = {
      machine: machineFacts(),
      options,
      fill,
      startupMs: service.startupMs,
      rssAtReadyMB: service.rssAtReadyMB,
      peakRssMB: peakRss(service.child),
      popular,
      advisory,
      during,
      quiet,
      verdicts,
      deleted,
    };
    writeFileSync(join(options.outDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await stopChild(service.child);
  }
}

await main();
