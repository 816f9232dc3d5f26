// The portfolio benchmark's options (README of docs/benchmarks.md, "Portfolio"): how many SBOMs,
// from which seed, and how long the upload stream runs while questions are timed.
import { join } from 'node:path';
import { parseArgs } from '../lib/args.js';
import { OUT_DIR } from '../lib/paths.js';

export interface PortfolioOptions {
  sboms: number;
  seed: number;
  services: number;
  components: number;
  /** Documents per CLI ingest run while the store is filled. */
  batch: number;
  /** Seconds of the upload stream (one SBOM per second) while questions are timed. */
  streamSeconds: number;
  /** Where the store, logs and results go. */
  outDir: string;
  /** Keep a store filled by an earlier run of the same options (skips the fill). */
  reuse: boolean;
  /** Where the server writes a CPU profile (node --cpu-prof) when it stops; none unless given. */
  profileDir: string | undefined;
}

function count(args: Record<string, string>, name: string, fallback: number): number {
  const value = args[name] === undefined ? fallback : Number(args[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}

export function portfolioOptions(argv: string[]): PortfolioOptions {
  const args = parseArgs(argv);
  const sboms = count(args, 'sboms', 2000);
  const seed = count(args, 'seed', 1);
  return {
    sboms,
    seed,
    services: count(args, 'services', Math.max(20, Math.round(sboms / 200))),
    components: count(args, 'components', 1000),
    batch: count(args, 'batch', 500),
    streamSeconds: count(args, 'stream-seconds', 30),
    outDir: args.out ?? join(OUT_DIR, `portfolio-${sboms}-s${seed}`),
    reuse: args.reuse === 'true',
    profileDir: args.profile,
  };
}
