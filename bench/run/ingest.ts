// Step 2: the generated documents ingested into a fresh embedded store through the CLI
// (documents/s, dependency facts/s: the CLI's own timing), and optionally into PostgreSQL.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../generate/manifest.js';
import { directoryBytes } from '../lib/disk.js';
import { BIN } from '../lib/paths.js';
import { RssSampler, runToEnd } from '../lib/proc.js';
import { round2 } from '../lib/stats.js';
import { log } from './log.js';
import type { RunDirs, RunOptions } from './options.js';
import type { BenchResults } from './results.js';

/** The CLI's `--json` summary of an ingest. */
interface IngestSummary {
  documents: number;
  stored: number;
  failed: number;
  dependencies: number;
  packages: number;
  seconds: number;
}

const inputsOf = (manifest: Manifest, dirs: RunDirs): string[] => manifest.ingest.map((d) => join(dirs.data, d));

/** The embedded ingest's figures; none when --reuse-store finds the previous run's store. */
export async function measureIngest(
  o: RunOptions,
  manifest: Manifest,
  dirs: RunDirs,
): Promise<BenchResults['ingest'] | undefined> {
  if (o.reuseStore && existsSync(dirs.store)) {
    log(`reusing the store in ${dirs.store} (no ingest measurement)`);
    return undefined;
  }
  rmSync(dirs.store, { recursive: true, force: true });
  log(`ingesting ${manifest.stats.documents.total} documents into ${dirs.store}`);
  let sampler: RssSampler | undefined;
  const r = await runToEnd(
    process.execPath,
    [BIN, 'ingest', '--store', dirs.store, '--json', '--quiet', ...inputsOf(manifest, dirs)],
    join(dirs.run, 'ingest.log'),
    4 * 3600_000,
    (pid) => {
      sampler = new RssSampler(pid, 500);
    },
  );
  sampler?.stop();
  if (r.code !== 0) throw new Error(`ingest failed (exit ${r.code}); see ${join(dirs.run, 'ingest.log')}`);
  const s = JSON.parse(r.stdout) as IngestSummary;
  const ingest = {
    documents: s.documents,
    stored: s.stored,
    failed: s.failed,
    dependencies: s.dependencies,
    packages: s.packages,
    seconds: round2(s.seconds),
    wallSeconds: round2(r.millis / 1000),
    documentsPerSecond: round2(s.documents / s.seconds),
    dependencyFactsPerSecond: Math.round(s.dependencies / s.seconds),
    storeBytes: directoryBytes(dirs.store),
    peakRssMB: Math.round(sampler?.max ?? 0),
  };
  log(
    `ingest: ${s.documents} documents in ${s.seconds.toFixed(1)} s: ${ingest.documentsPerSecond} documents/s, ` +
      `${ingest.dependencyFactsPerSecond} dependency facts/s; store ${(ingest.storeBytes / 1e9).toFixed(2)} GB`,
  );
  return ingest;
}

/** The same documents into a PostgreSQL store; a failure is reported, not thrown. */
export async function measurePostgresIngest(
  url: string,
  manifest: Manifest,
  dirs: RunDirs,
): Promise<NonNullable<BenchResults['postgresIngest']>> {
  try {
    // A PostgreSQL store is created by `supplygraph migrate`; ingest refuses an unmigrated database.
    const m = await runToEnd(
      process.execPath,
      [BIN, 'migrate', '--store', url],
      join(dirs.run, 'migrate-pg.log'),
      600_000,
    );
    if (m.code !== 0) throw new Error(`supplygraph migrate exited ${m.code}; see ${join(dirs.run, 'migrate-pg.log')}`);
    const r = await runToEnd(
      process.execPath,
      [BIN, 'ingest', '--store', url, '--json', '--quiet', ...inputsOf(manifest, dirs)],
      join(dirs.run, 'ingest-pg.log'),
      4 * 3600_000,
    );
    const s = JSON.parse(r.stdout) as IngestSummary;
    return {
      documents: s.documents,
      dependencies: s.dependencies,
      seconds: round2(s.seconds),
      documentsPerSecond: round2(s.documents / s.seconds),
      dependencyFactsPerSecond: Math.round(s.dependencies / s.seconds),
    };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}
