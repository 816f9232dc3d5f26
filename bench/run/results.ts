// What a run of the benchmark measured: bench/out/results-<size>-<seed>.json, and what the report
// renders (bench/report/).
import type { Manifest } from '../generate/manifest.js';
import type { SizeName } from '../generate/sizes.js';
import type { LoadComparison } from '../lib/load-client.js';
import type { MachineFacts } from '../lib/proc.js';

/** Service and ceiling at one connection count: medians and spreads over the alternated rounds. */
export type EndpointRun = LoadComparison;

export interface ScenarioResult {
  name: string;
  description: string;
  inputs: number;
  avgBytes: number;
  avgItems: number;
  statuses: Record<string, number>;
  runs: EndpointRun[];
  /** Largest server RSS sampled while this endpoint was measured (MB). */
  maxRssMB?: number;
  /** Why the endpoint was not load-tested (no input answered 2xx: the route is not on this build). */
  unavailable?: string;
  /** One client, sequential, high-resolution timing (ms); cold: each input's first request at this store version. */
  single: {
    n: number;
    p50: number;
    p99: number;
    ceilingP50: number;
    coldP50: number;
    coldP99: number;
    /** Single-client answers that were not 2xx (load shedding after the warm-up): left out of p50/p99. */
    non2xx?: number;
  };
}

export interface BenchResults {
  command: string;
  machine: MachineFacts;
  /** git HEAD, plus "+ uncommitted changes" when src/ differs from it. */
  revision: string;
  size: SizeName;
  seed: string;
  /** Length of each wrk run (s). */
  durationSeconds: number;
  /** Service and ceiling runs per endpoint and connection count, alternated. */
  rounds: number;
  /** wrk threads (-t). */
  threads: number;
  graph: Manifest['stats'];
  generateSeconds: number | 'reused';
  ingest?: {
    documents: number;
    stored: number;
    failed: number;
    dependencies: number;
    packages: number;
    seconds: number;
    wallSeconds: number;
    documentsPerSecond: number;
    dependencyFactsPerSecond: number;
    storeBytes: number;
    peakRssMB: number;
  };
  postgresIngest?:
    | {
        documents: number;
        dependencies: number;
        seconds: number;
        dependencyFactsPerSecond: number;
        documentsPerSecond: number;
      }
    | { error: string };
  startup: { readyMillis: number; firstRankingMillis: number; rssAtReadyMB: number };
  rss: { maxServingMB: number; afterLoadMB: number; hwmMB: number };
  scenarios: ScenarioResult[];
  /** p50/p99: distinct URLs (computed each time); repeated: the same URL again (response cache). */
  closure10k?: {
    purl: string;
    size: number;
    bytes: number;
    n: number;
    p50: number;
    p99: number;
    repeatedP50: number;
    repeatedP99: number;
  };
  /** POST /v0/query/vulns with 1,000 purls (fewer when the graph has fewer inputs), one client. */
  batch?: BatchResult;
  ranking?: {
    ingestCliMillis: number;
    /** From the start of the CLI ingest to the new ranking being served. */
    recomputeAfterIngestStartMillis: number;
    /** From the CLI ingest's exit (document committed) to the new ranking being served. */
    recomputeAfterCommitMillis: number;
    during: { endpoint: string; n: number; p50: number; p99: number; max: number }[];
    before: { endpoint: string; n: number; p50: number; p99: number; max: number }[];
  };
}

export interface BatchRun {
  includeDependencies: boolean;
  /** Requests timed (distinct bodies taken in turn). */
  n: number;
  p50: number;
  p99: number;
  max: number;
  avgBytes: number;
  /** Vulnerability entries per answer, on average (all inputs together). */
  avgFindings: number;
  /** Entries that were not 200 (inputs the graph lacks: should be none). */
  non200Entries: number;
}

export interface BatchResult {
  /** Purls per request. */
  inputs: number;
  /** Distinct request bodies. */
  bodies: number;
  runs: BatchRun[];
}
