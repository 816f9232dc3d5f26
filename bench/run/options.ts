// The runner's options (`npm run bench -- …`; docs/benchmarks.md lists them) and its directories.
import { join, resolve } from 'node:path';
import { isSize, SIZES, type SizeName } from '../generate/sizes.js';
import { parseArgs } from '../lib/args.js';
import { OUT_DIR } from '../lib/paths.js';

export interface RunOptions {
  /** The command as typed, for the report. */
  command: string;
  size: SizeName;
  seed: string;
  /** Length of each wrk run (s). */
  duration: number;
  /** Service and ceiling runs per endpoint and connection count, alternated. */
  rounds: number;
  /** wrk threads (-t). */
  threads: number;
  /** Only these scenarios (`closure10k`, `batch-vulns` and `ranking` are names too); all when absent. */
  only?: Set<string>;
  /** Run the server with --cpu-prof. */
  profile: boolean;
  /** Serve the previous run's store instead of ingesting again. */
  reuseStore: boolean;
  regenerate: boolean;
  /** A PostgreSQL store to migrate and ingest into as well. */
  postgres?: string;
  /** Partial runs (--scenarios, --reuse-store, --profile, --no-report) do not replace the published figures. */
  partial: boolean;
}

export function parseRunOptions(argv: string[]): RunOptions {
  const args = parseArgs(argv);
  const size = args.size ?? 'S';
  if (!isSize(size)) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`);
  // 25 scenarios × 2 connection counts × rounds × 2 sides: 3 s runs keep size L's load tests near
  // 25 minutes; 1 s runs keep size S near 10 minutes.
  const duration = Number(args.duration ?? (size === 'L' || size === 'M' ? 3 : 1));
  const rounds = Number(args.rounds ?? 5);
  const threads = Number(args.threads ?? 1);
  if (!(duration >= 1) || !Number.isInteger(duration))
    throw new Error('--duration must be a whole number of seconds ≥ 1');
  if (!(rounds >= 1) || !Number.isInteger(rounds)) throw new Error('--rounds must be a whole number ≥ 1');
  if (threads !== 1 && threads !== 2) throw new Error('--threads must be 1 or 2');
  const only = args.scenarios ? new Set(args.scenarios.split(',')) : undefined;
  const profile = args.profile === 'true';
  const reuseStore = args['reuse-store'] === 'true';
  return {
    command: `npm run bench -- ${argv.join(' ')}`.trim(),
    size,
    seed: args.seed ?? '42',
    duration,
    rounds,
    threads,
    only,
    profile,
    reuseStore,
    regenerate: args.regenerate === 'true',
    postgres: args.postgres,
    partial: only !== undefined || reuseStore || profile || args['no-report'] === 'true',
  };
}

/** Whether the run measures the scenario or step `name`. */
export function wants(o: RunOptions, name: string): boolean {
  return !o.only || o.only.has(name);
}

export interface RunDirs {
  /** The generated documents and their manifest: bench/out/<size>-<seed>. */
  data: string;
  /** The run's store, logs and recordings: bench/out/run-<size>-<seed>. */
  run: string;
  store: string;
}

export function runDirs(o: RunOptions): RunDirs {
  const run = resolve(OUT_DIR, `run-${o.size}-${o.seed}`);
  return { data: resolve(OUT_DIR, `${o.size}-${o.seed}`), run, store: join(run, 'store') };
}
