// The benchmark: `npm run bench -- [--size S|M|L] [--seed 42] [--duration SECONDS] [--profile]
//   [--reuse-store] [--regenerate] [--scenarios a,b] [--postgres URL]`
// 1. generates the graph (or reuses bench/out/<size>-<seed> when its manifest matches);
// 2. ingests it into a fresh embedded store through the CLI (documents/s, dependency facts/s);
// 3. starts `supplygraph serve` as a child: start-up to ready (/readyz), RSS from /proc;
// 4. records every benchmark request's response, starts the ceiling (bench/ceiling.ts: a bare
//    node:http server replaying those bytes) and drives both with wrk (bench/load.ts), per
//    endpoint, at 10 and 50 connections, service and ceiling alternated --rounds times (median and
//    spread of each side), plus precise single-client latencies;
// 5. the 10,000-purl closure; 1,000-purl batch vulnerability questions; the ranking recompute
//    after an ingest, and latencies meanwhile;
// 6. prints the results and writes them to docs/benchmarks.md (one section per size) and
//    bench/out/results-<size>-<seed>.json.
// Loopback only; every wait is bounded.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  generate,
  GENERATOR_REVISION,
  isSize,
  parseArgs,
  QUERIES_REVISION,
  SIZES,
  type Manifest,
  type SizeName,
} from './generate.js';
import { RecordingWriter } from './ceiling.js';
import {
  freePort,
  get,
  machineFacts,
  memoryOf,
  percentile,
  postJson,
  RssSampler,
  runToEnd,
  sleep,
  startChild,
  stopChild,
  waitFor,
  type Child,
  type MachineFacts,
} from './proc.js';
import { renderMarkdown, writeBenchmarksDoc } from './report.js';
import {
  alternate,
  cpuSecondsOf,
  ensureWrk,
  runWrk,
  writePathsFile,
  type LoadComparison,
  type WrkRun,
} from './load.js';

const HERE = dirname(fileURLToPath(import.meta.url)); // bench/dist
const ROOT = resolve(HERE, '..', '..');
const BIN = join(ROOT, 'bin', 'supplygraph.js');
const CEILING = join(HERE, 'ceiling.js');

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

const enc = encodeURIComponent;

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

const BATCH_INPUTS = 1000;
const BATCH_BODIES = 10;
const BATCH_REQUESTS = 20;

/**
 * Batch vulnerability questions (issue 14): 1,000 purls per request, drawn in turn from the
 * vulnerable versions and the distinct typical versions (a window per body, so each body differs),
 * timed one request at a time, without and with includeDependencies.
 */
async function batchVulns(base: string, m: Manifest): Promise<BatchResult | undefined> {
  const pool = [...new Set([...m.queries.vulnerable, ...m.queries.typicalMany])];
  if (pool.length === 0) return undefined;
  const inputs = Math.min(BATCH_INPUTS, pool.length);
  const bodies = Array.from({ length: BATCH_BODIES }, (_, k) => {
    const start = Math.floor((k * pool.length) / BATCH_BODIES);
    return Array.from({ length: inputs }, (_, i) => pool[(start + i) % pool.length]);
  });
  const runs: BatchRun[] = [];
  for (const includeDependencies of [false, true]) {
    const texts = bodies.map((purls) => JSON.stringify({ purls, includeDependencies }));
    for (const text of texts.slice(0, 2)) await postJson(base, '/v0/query/vulns', text); // warm-up
    const times: number[] = [];
    let bytes = 0;
    let findings = 0;
    let non200Entries = 0;
    for (let i = 0; i < BATCH_REQUESTS; i++) {
      const r = await postJson(base, '/v0/query/vulns', texts[i % texts.length]);
      if (r.status !== 200)
        throw new Error(`POST /v0/query/vulns answered ${r.status}: ${r.body.toString('utf8', 0, 300)}`);
      times.push(r.ms);
      bytes += r.body.length;
      const answer = JSON.parse(r.body.toString('utf8')) as {
        results: { status: number; vulnerabilities?: unknown[] }[];
      };
      for (const entry of answer.results) {
        if (entry.status !== 200) non200Entries++;
        findings += entry.vulnerabilities?.length ?? 0;
      }
    }
    times.sort((a, b) => a - b);
    runs.push({
      includeDependencies,
      n: times.length,
      p50: r2(percentile(times, 0.5)),
      p99: r2(percentile(times, 0.99)),
      max: r2(times[times.length - 1]),
      avgBytes: Math.round(bytes / times.length),
      avgFindings: r2(findings / times.length),
      non200Entries,
    });
  }
  return { inputs, bodies: BATCH_BODIES, runs };
}

async function gitRevision(): Promise<string> {
  const head = await runToEnd('git', ['-C', ROOT, 'log', '-1', '--format=%h %s'], '/dev/null', 10_000).catch(
    () => undefined,
  );
  const dirty = await runToEnd('git', ['-C', ROOT, 'status', '--porcelain', '--', 'src'], '/dev/null', 10_000).catch(
    () => undefined,
  );
  if (!head || head.code !== 0) return 'unknown';
  return `${head.stdout.trim()}${dirty && dirty.stdout.trim() ? ' + uncommitted changes in src/' : ''}`;
}

export interface ScenarioDef {
  name: string;
  description: string;
  paths: string[];
  /** A property every 2xx answer must have: without it the route is not the one meant (an older build). */
  expectKey?: string;
}

/** The load-tested endpoints and their request paths, from the generated graph's manifest. */
export function scenarios(m: Manifest): ScenarioDef[] {
  const q = m.queries;
  const take = <T>(list: T[], n: number): T[] => list.slice(0, n);
  // (scenarios without inputs at this size are left out below)
  const typical = take(q.typical, 100).map((t) => t.purl);
  return [...forwardScenarios(q, typical, take), ...reverseScenarios(q.reverse), ...searchScenarios(q)].filter(
    (s) => s.paths.length > 0,
  );
}

function forwardScenarios(
  q: Manifest['queries'],
  typical: string[],
  take: <T>(list: T[], n: number) => T[],
): ScenarioDef[] {
  return [
    { name: 'healthz', description: '`/healthz`', paths: ['/healthz'] },
    {
      name: 'package',
      description: '`/v0/package/{purl}`: partial purls (popular names) and exact purls',
      paths: [
        ...take(q.partial, 50).map((p) => `/v0/package/${enc(p.purl)}`),
        ...take(typical, 50).map((p) => `/v0/package/${enc(p)}`),
      ],
    },
    {
      name: 'deps-typical',
      description: '`/v0/package/{purl}/dependencies`, versions with a typical closure (60–150)',
      paths: typical.map((p) => `/v0/package/${enc(p)}/dependencies`),
    },
    {
      name: 'deps-distinct',
      description:
        '`/v0/package/{purl}/dependencies`, up to 40,000 distinct versions with a closure of 40–300, taken in turn (at size L more than the response cache holds: no hits)',
      paths: q.typicalMany.map((p) => `/v0/package/${enc(p)}/dependencies`),
    },
    {
      name: 'deps-large',
      description: '`/v0/package/{purl}/dependencies`, the largest single-version closures',
      paths: take(q.large, 20).map((p) => `/v0/package/${enc(p.purl)}/dependencies`),
    },
    {
      name: 'deps-partial',
      description: '`/v0/package/{purl}/dependencies`, partial purls (every version of a popular name)',
      paths: take(q.partial, 40).map((p) => `/v0/package/${enc(p.purl)}/dependencies`),
    },
    {
      name: 'vulns',
      description:
        '`/v0/package/{purl}/vulns`: vulnerable versions, and typical versions with `includeDependencies=true`',
      paths: [
        ...take(q.vulnerable, 50).map((p) => `/v0/package/${enc(p)}/vulns`),
        ...take(typical, 50).map((p) => `/v0/package/${enc(p)}/vulns?includeDependencies=true`),
      ],
    },
    {
      name: 'vulns-distinct',
      description:
        '`/v0/package/{purl}/vulns?includeDependencies=true`, the distinct versions of deps-distinct taken in turn (no response cache hits at size L)',
      paths: q.typicalMany.map((p) => `/v0/package/${enc(p)}/vulns?includeDependencies=true`),
    },
    {
      name: 'artifact-deps',
      description: '`/v0/artifact/{digest}/dependencies`, container images',
      paths: take(q.images, 50).map((i) => `/v0/artifact/${enc(i.digest)}/dependencies`),
    },
    {
      name: 'artifact-vulns',
      description: '`/v0/artifact/{digest}/vulns?includeDependencies=true`, container images',
      paths: take(q.images, 50).map((i) => `/v0/artifact/${enc(i.digest)}/vulns?includeDependencies=true`),
    },
    {
      name: 'ranking-top100',
      description: '`/analysis/dependencies?sort=frequency|scorecard&PageSize=100`',
      paths: [
        '/analysis/dependencies?sort=frequency&PageSize=100',
        '/analysis/dependencies?sort=scorecard&PageSize=100',
      ],
    },
    {
      name: 'ranking-pages',
      description:
        '`/analysis/dependencies?sort=frequency|scorecard&PageSize=100…599`: 1,000 distinct URLs (computed unless still in the response cache)',
      paths: Array.from(
        { length: 1000 },
        (_, i) => `/analysis/dependencies?sort=${i % 2 ? 'scorecard' : 'frequency'}&PageSize=${100 + (i >> 1)}`,
      ),
    },
    {
      name: 'ranking-whole',
      description: '`/analysis/dependencies?sort=frequency`, the whole ranking',
      paths: ['/analysis/dependencies?sort=frequency'],
    },
  ];
}

/**
 * The reverse questions (issue 13). Blast-radius scenarios come before the vulnerability record
 * (whose counts walk the same radius) and take disjoint advisories, so that each one's first
 * requests are computed from scratch whatever the server memoizes.
 */
function reverseScenarios(r: Manifest['queries']['reverse']): ScenarioDef[] {
  if (!r) return [];
  const popular = r.dependentsPopular.map((d) => d.purl);
  // Whole answers and first pages take disjoint inputs, so neither's first requests are warmed by the other.
  const popularWhole = popular.filter((_, i) => i % 2 === 0);
  const popularPaged = popular.filter((_, i) => i % 2 === 1);
  const typical = r.dependentsTypical.map((d) => d.purl);
  const some = typical.slice(0, 70);
  const radius = r.vulnsPopular;
  const evenRadius = radius.filter((_, i) => i % 2 === 0);
  const oddRadius = radius.filter((_, i) => i % 2 === 1);
  // Records asked for by id, by alias, and in lower case (ids are case-insensitive).
  const vulnIds = [...r.vulnsSample, ...radius].map((v, i) =>
    i % 3 === 1 ? v.alias : i % 5 === 2 ? v.id.toLowerCase() : v.id,
  );
  return [
    {
      name: 'dependents-popular',
      expectKey: 'dependents',
      description: `\`/v0/package/{purl}/dependents\`, ${popularWhole.length} of the versions with the most dependents (whole answer)`,
      paths: popularWhole.map((p) => `/v0/package/${enc(p)}/dependents`),
    },
    {
      name: 'dependents-popular-page',
      expectKey: 'dependents',
      description: `\`/v0/package/{purl}/dependents?PageSize=100\`, ${popularPaged.length} other versions with the most dependents (first page)`,
      paths: popularPaged.map((p) => `/v0/package/${enc(p)}/dependents?PageSize=100`),
    },
    {
      name: 'dependents-typical',
      expectKey: 'dependents',
      description: '`/v0/package/{purl}/dependents`, versions with 20–500 dependents (100 inputs, repeated)',
      paths: typical.slice(0, 100).map((p) => `/v0/package/${enc(p)}/dependents`),
    },
    {
      name: 'dependents-distinct',
      expectKey: 'dependents',
      description:
        '`/v0/package/{purl}/dependents`, up to 20,000 distinct versions with 20–500 dependents, taken in turn (at size L more than the response cache holds)',
      paths: typical.map((p) => `/v0/package/${enc(p)}/dependents`),
    },
    {
      name: 'dependents-direct',
      expectKey: 'dependents',
      description: '`/v0/package/{purl}/dependents?direct=true`, popular and typical versions',
      paths: [...popular, ...some].map((p) => `/v0/package/${enc(p)}/dependents?direct=true`),
    },
    {
      name: 'package-artifacts',
      expectKey: 'artifacts',
      description: '`/v0/package/{purl}/artifacts`, popular and typical versions',
      paths: [...popular, ...some].map((p) => `/v0/package/${enc(p)}/artifacts`),
    },
    {
      name: 'blast-radius-artifacts',
      expectKey: 'artifacts',
      description:
        '`/v0/vuln/{id}/artifacts` (each with a path), advisories over popular packages with the largest blast radius (whole answer)',
      paths: evenRadius.map((v) => `/v0/vuln/${enc(v.id)}/artifacts`),
    },
    {
      name: 'blast-radius-dependents',
      expectKey: 'dependents',
      description:
        '`/v0/vuln/{id}/dependents?PageSize=100` (each with a path), other advisories over popular packages with the largest blast radius',
      paths: oddRadius.map((v) => `/v0/vuln/${enc(v.id)}/dependents?PageSize=100`),
    },
    {
      name: 'vuln-record',
      expectKey: 'id',
      description: '`/v0/vuln/{id}`, by id, alias or lower-case id: advisories over all packages, and the popular ones',
      paths: vulnIds.map((id) => `/v0/vuln/${enc(id)}`),
    },
    {
      name: 'vuln-packages',
      expectKey: 'packages',
      description: '`/v0/vuln/{id}/packages`, the same advisories',
      paths: vulnIds.map((id) => `/v0/vuln/${enc(id)}/packages`),
    },
    {
      name: 'path',
      expectKey: 'paths',
      description:
        '`/v0/path?from=&to=`: a typical version to its farthest dependency, and an image digest to a package deep in it',
      paths: [
        ...r.pathsPackage.map((x) => `/v0/path?from=${enc(x.from)}&to=${enc(x.to)}`),
        ...r.pathsImage.map((x) => `/v0/path?from=${enc(x.from)}&to=${enc(x.to)}`),
      ],
    },
  ];
}

/** The words of a package name's last segment ("parser-lode-1a" → parser, lode, 1a). */
function nameWords(purlName: string): string[] {
  const last = decodeURIComponent(purlName.slice(purlName.lastIndexOf('/') + 1));
  return last
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/**
 * /v0/search (issue 14). Inputs come from the manifest's names, digests and ids: 3-character
 * prefixes of the words of popular and typical package names (each a distinct first request:
 * the latency a search box sees), and a mix of whole words, digest prefixes and vulnerability id
 * prefixes for throughput. Pages of 20, as a search box asks.
 */
function searchScenarios(q: Manifest['queries']): ScenarioDef[] {
  const names = [...q.partial.map((p) => p.purl), ...q.typicalMany.map((p) => p.slice(0, p.lastIndexOf('@')))];
  const prefixes = new Set<string>();
  const words = new Set<string>();
  for (const name of names) {
    for (const w of nameWords(name)) {
      if (w.length < 3) continue;
      if (prefixes.size < 200) prefixes.add(w.slice(0, 3));
      if (words.size < 100) words.add(w);
    }
    if (prefixes.size >= 200 && words.size >= 100) break;
  }
  const search = (text: string) => `/v0/search?q=${enc(text)}&PageSize=20`;
  const digests = q.images.slice(0, 50).map((im, i) => {
    const value = im.digest.slice(im.digest.indexOf(':') + 1, im.digest.indexOf(':') + 13);
    return i % 2 ? value : `sha256:${value}`;
  });
  // Id prefixes: "GHSA-xxxx" and "CVE-2021-1" (lower case sometimes: ids are case-insensitive).
  const vulns = [...(q.reverse?.vulnsSample ?? []), ...(q.reverse?.vulnsPopular ?? [])]
    .slice(0, 50)
    .map((v, i) => (i % 2 ? v.alias.slice(0, 10) : v.id.slice(0, 9).toLowerCase()));
  const prefixList = [...prefixes];
  const mix: string[] = [];
  for (let i = 0; i < 200; i++) {
    const pick = i % 4;
    const list = pick === 0 ? [...words] : pick === 1 ? prefixList : pick === 2 ? digests : vulns;
    if (list.length) mix.push(search(list[Math.floor(i / 4) % list.length]));
  }
  return [
    {
      name: 'search-prefix3',
      expectKey: 'results',
      description: `\`/v0/search?q=…&PageSize=20\`, ${prefixList.length} distinct 3-character prefixes of package name words`,
      paths: prefixList.map(search),
    },
    {
      name: 'search-mix',
      expectKey: 'results',
      description:
        '`/v0/search?q=…&PageSize=20`: whole package name words, 3-character prefixes, digest prefixes (12 hex characters, with and without `sha256:`) and vulnerability id prefixes, in turn',
      paths: mix,
    },
  ];
}

function itemsOf(body: Buffer, headers: Record<string, string>): number {
  if (headers['x-total-count']) return Number(headers['x-total-count']);
  try {
    const json = JSON.parse(body.toString('utf8')) as {
      PaginationInfo?: { TotalCount?: number };
      vulnerabilities?: unknown[];
    };
    return json.PaginationInfo?.TotalCount ?? (Array.isArray(json) ? json.length : 0);
  } catch {
    return 0;
  }
}

function hasKey(body: Buffer, key: string): boolean {
  try {
    const json: unknown = JSON.parse(body.toString('utf8'));
    return typeof json === 'object' && json !== null && key in json;
  } catch {
    return false;
  }
}

/** Where a scenario's wrk runs find their paths and write their output. */
interface LoadTarget {
  pathsFile: string;
  logFile: string;
  threads: number;
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

async function sequential(base: string, paths: string[], n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await get(base, paths[i % paths.length]);
    times.push(r.ms);
  }
  return times.sort((a, b) => a - b);
}

/** Like sequential, but only 2xx answers are timed; the others are counted. */
async function sequential2xx(base: string, paths: string[], n: number): Promise<{ times: number[]; non2xx: number }> {
  const times: number[] = [];
  let non2xx = 0;
  for (let i = 0; i < n; i++) {
    const r = await get(base, paths[i % paths.length]);
    if (r.status >= 200 && r.status < 300) times.push(r.ms);
    else non2xx++;
  }
  return { times: times.sort((a, b) => a - b), non2xx };
}

/** After a load burst the server may shed requests (503) until its event-loop delay falls: wait for a 2xx. */
async function recovered(base: string, path: string, timeoutMs = 20_000): Promise<void> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    const r = await get(base, path);
    if (r.status >= 200 && r.status < 300) return;
    await sleep(250);
  }
}

const r2 = (x: number): number => Math.round(x * 100) / 100;

function log(line: string): void {
  process.stderr.write(`bench: ${line}\n`);
}

function dirBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    total += e.isDirectory() ? dirBytes(p) : statSync(p).size;
  }
  return total;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const size = args.size ?? 'S';
  if (!isSize(size)) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`);
  const seed = args.seed ?? '42';
  // 25 scenarios × 2 connection counts × rounds × 2 sides: 3 s runs keep size L's load tests near
  // 25 minutes; 1 s runs keep size S near 10 minutes.
  const duration = Number(args.duration ?? (size === 'L' || size === 'M' ? 3 : 1));
  const rounds = Number(args.rounds ?? 5);
  const threads = Number(args.threads ?? 1);
  if (!(duration >= 1) || !Number.isInteger(duration))
    throw new Error('--duration must be a whole number of seconds ≥ 1');
  if (!(rounds >= 1) || !Number.isInteger(rounds)) throw new Error('--rounds must be a whole number ≥ 1');
  if (threads !== 1 && threads !== 2) throw new Error('--threads must be 1 or 2');
  ensureWrk(log);
  const only = args.scenarios ? new Set(args.scenarios.split(',')) : undefined;
  const profile = args.profile === 'true';
  const outDir = resolve(ROOT, 'bench', 'out', `${size}-${seed}`);
  const runDir = resolve(ROOT, 'bench', 'out', `run-${size}-${seed}`);
  const storeDir = join(runDir, 'store');
  mkdirSync(runDir, { recursive: true });
  const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim();
  const machine = machineFacts();
  const revision = await gitRevision();
  log(`${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGB} GB, node ${machine.node}`);

  // --- 1. generate or reuse ---
  let manifest: Manifest;
  let generateSeconds: number | 'reused' = 'reused';
  const manifestPath = join(outDir, 'manifest.json');
  const existing = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : undefined;
  if (
    existing &&
    args.regenerate !== 'true' &&
    existing.generator === GENERATOR_REVISION &&
    existing.queriesRevision === QUERIES_REVISION &&
    existing.size === size &&
    existing.seed === seed &&
    JSON.stringify(existing.params) === JSON.stringify(SIZES[size])
  ) {
    manifest = existing;
    log(`reusing ${outDir}`);
  } else {
    log(`generating size ${size} (seed ${seed}) into ${outDir}`);
    manifest = generate({ size, seed, out: outDir, log: (l) => log(`generate: ${l}`) });
    generateSeconds = manifest.stats.seconds;
  }
  const g = manifest.stats;
  log(
    `graph: ${g.packageVersions} package versions, ${g.dependencyEdges} distinct dependency edges (${g.distinctEdgesWithSubjects} with SBOM subjects), ` +
      `${g.dependencyFacts} dependency facts in ${g.documents.total} documents`,
  );

  const results: BenchResults = {
    command,
    machine,
    revision,
    size,
    seed,
    durationSeconds: duration,
    rounds,
    threads,
    graph: g,
    generateSeconds,
    startup: { readyMillis: 0, firstRankingMillis: 0, rssAtReadyMB: 0 },
    rss: { maxServingMB: 0, afterLoadMB: 0, hwmMB: 0 },
    scenarios: [],
  };

  // --- 2. ingest into a fresh embedded store ---
  const inputs = manifest.ingest.map((d) => join(outDir, d));
  if (args['reuse-store'] === 'true' && existsSync(storeDir)) {
    log(`reusing the store in ${storeDir} (no ingest measurement)`);
  } else {
    rmSync(storeDir, { recursive: true, force: true });
    log(`ingesting ${g.documents.total} documents into ${storeDir}`);
    let sampler: RssSampler | undefined;
    const r = await runToEnd(
      process.execPath,
      [BIN, 'ingest', '--store', storeDir, '--json', '--quiet', ...inputs],
      join(runDir, 'ingest.log'),
      4 * 3600_000,
      (pid) => {
        sampler = new RssSampler(pid, 500);
      },
    );
    sampler?.stop();
    if (r.code !== 0) throw new Error(`ingest failed (exit ${r.code}); see ${join(runDir, 'ingest.log')}`);
    const s = JSON.parse(r.stdout) as {
      documents: number;
      stored: number;
      failed: number;
      dependencies: number;
      packages: number;
      seconds: number;
    };
    results.ingest = {
      documents: s.documents,
      stored: s.stored,
      failed: s.failed,
      dependencies: s.dependencies,
      packages: s.packages,
      seconds: r2(s.seconds),
      wallSeconds: r2(r.millis / 1000),
      documentsPerSecond: r2(s.documents / s.seconds),
      dependencyFactsPerSecond: Math.round(s.dependencies / s.seconds),
      storeBytes: dirBytes(storeDir),
      peakRssMB: Math.round(sampler?.max ?? 0),
    };
    log(
      `ingest: ${s.documents} documents in ${s.seconds.toFixed(1)} s: ${results.ingest.documentsPerSecond} documents/s, ` +
        `${results.ingest.dependencyFactsPerSecond} dependency facts/s; store ${(results.ingest.storeBytes / 1e9).toFixed(2)} GB`,
    );
  }
  if (args.postgres) {
    try {
      // A PostgreSQL store is created by `supplygraph migrate`; ingest refuses an unmigrated database.
      const m = await runToEnd(
        process.execPath,
        [BIN, 'migrate', '--store', args.postgres],
        join(runDir, 'migrate-pg.log'),
        600_000,
      );
      if (m.code !== 0) throw new Error(`supplygraph migrate exited ${m.code}; see ${join(runDir, 'migrate-pg.log')}`);
      const r = await runToEnd(
        process.execPath,
        [BIN, 'ingest', '--store', args.postgres, '--json', '--quiet', ...inputs],
        join(runDir, 'ingest-pg.log'),
        4 * 3600_000,
      );
      const s = JSON.parse(r.stdout) as { documents: number; dependencies: number; seconds: number };
      results.postgresIngest = {
        documents: s.documents,
        dependencies: s.dependencies,
        seconds: r2(s.seconds),
        documentsPerSecond: r2(s.documents / s.seconds),
        dependencyFactsPerSecond: Math.round(s.dependencies / s.seconds),
      };
    } catch (err) {
      results.postgresIngest = { error: err instanceof Error ? err.message : String(err) };
    }
  }

  // --- 3. serve ---
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${join(ROOT, 'bench', 'profiles')}`] : [];
  const serverLog = join(runDir, 'server.log');
  rmSync(serverLog, { force: true });
  const started = performance.now();
  const server: Child = startChild(
    process.execPath,
    [
      ...nodeArgs,
      BIN,
      'serve',
      '--store',
      storeDir,
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
  let ceiling: Child | undefined;
  try {
    await waitFor(async () => (await get(base, '/readyz', 5000)).status === 200, 900_000, 25);
    results.startup.readyMillis = Math.round(performance.now() - started);
    results.startup.rssAtReadyMB = Math.round(memoryOf(server.proc.pid!)?.rss ?? 0);
    const firstRanking = await get(base, '/analysis/dependencies?sort=frequency&PageSize=1', 600_000);
    results.startup.firstRankingMillis = Math.round(performance.now() - started - results.startup.readyMillis);
    log(
      `start-up to ready: ${results.startup.readyMillis} ms (RSS ${results.startup.rssAtReadyMB} MB); first ranking ${firstRanking.status} after ${results.startup.firstRankingMillis} ms more`,
    );
    const sampler = new RssSampler(server.proc.pid!, 250);

    // --- 4. record responses, start the ceiling ---
    const defs = scenarios(manifest).filter((s) => !only || only.has(s.name));
    const recordingsFile = join(runDir, 'recordings.bin');
    const recordings = new RecordingWriter(recordingsFile);
    // Scenarios with no 2xx answer at all are reported, not load-tested.
    const unavailable = new Map<string, string>();
    const info = new Map<
      string,
      { avgBytes: number; avgItems: number; statuses: Record<string, number>; coldP50: number; coldP99: number }
    >();
    for (const def of defs) {
      let bytes = 0;
      let items = 0;
      const statuses: Record<string, number> = {};
      const cold: number[] = [];
      let unexpected = 0;
      for (const path of def.paths) {
        const r = await get(base, path);
        cold.push(r.ms);
        if (def.expectKey && r.status >= 200 && r.status < 300 && !hasKey(r.body, def.expectKey)) unexpected++;
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        bytes += r.body.length;
        items += itemsOf(r.body, r.headers);
        const headers: Record<string, string> = {};
        for (const h of ['content-type', 'etag', 'x-total-count', 'link']) if (r.headers[h]) headers[h] = r.headers[h];
        recordings.add({ path, status: r.status, headers }, r.body);
      }
      cold.sort((a, b) => a - b);
      info.set(def.name, {
        avgBytes: Math.round(bytes / def.paths.length),
        avgItems: r2(items / def.paths.length),
        statuses,
        coldP50: r2(percentile(cold, 0.5)),
        coldP99: r2(percentile(cold, 0.99)),
      });
      if (Object.keys(statuses).some((s) => s !== '200'))
        log(`warning: ${def.name} answered ${JSON.stringify(statuses)}`);
      if (unexpected > 0)
        unavailable.set(
          def.name,
          `${unexpected} answers had no \`${def.expectKey}\` (another route answered: this one is not on this build)`,
        );
      else if (!Object.keys(statuses).some((s) => s.startsWith('2')))
        unavailable.set(
          def.name,
          `every input answered ${Object.keys(statuses).join('/')} (the route is not on this build, or has no answer for these inputs)`,
        );
    }
    recordings.close();
    let ceilingPort = 0;
    ceiling = startChild(process.execPath, [CEILING, recordingsFile, '0'], join(runDir, 'ceiling.log'), (t) => {
      const m = /ready (\d+)/.exec(t);
      if (m) ceilingPort = Number(m[1]);
    });
    await waitFor(() => Promise.resolve(ceilingPort > 0), 60_000);
    const ceilingBase = `http://127.0.0.1:${ceilingPort}`;

    // --- wrk per endpoint, 10 and 50 connections, service and ceiling alternated ---
    const pathsDir = join(runDir, 'paths');
    mkdirSync(pathsDir, { recursive: true });
    for (const def of defs) {
      const i = info.get(def.name)!;
      const result: ScenarioResult = {
        name: def.name,
        description: def.description,
        inputs: def.paths.length,
        avgBytes: i.avgBytes,
        avgItems: i.avgItems,
        statuses: i.statuses,
        runs: [],
        single: { n: 0, p50: 0, p99: 0, ceilingP50: 0, coldP50: i.coldP50, coldP99: i.coldP99 },
      };
      const why = unavailable.get(def.name);
      if (why) {
        log(`${def.name}: not measured: ${why}`);
        results.scenarios.push({ ...result, unavailable: why });
        continue;
      }
      sampler.resetMax();
      const target: LoadTarget = {
        pathsFile: writePathsFile(join(pathsDir, `${def.name}.txt`), def.paths),
        logFile: join(runDir, 'wrk.log'),
        threads,
      };
      // Warm-up (JIT, caches) on both, then precise single-client latencies.
      await wrkAt(base, target, 10, 1);
      await wrkAt(ceilingBase, target, 10, 1);
      const n = Math.max(50, Math.min(500, def.paths.length * 3));
      await recovered(base, def.paths[0]);
      const single = await sequential2xx(base, def.paths, n);
      const singleCeiling = await sequential(ceilingBase, def.paths, n);
      if (single.non2xx) log(`warning: ${def.name}: ${single.non2xx} of ${n} single-client answers were not 2xx`);
      result.single = {
        ...result.single,
        n,
        p50: r2(percentile(single.times, 0.5)),
        p99: r2(percentile(single.times, 0.99)),
        ceilingP50: r2(percentile(singleCeiling, 0.5)),
        non2xx: single.non2xx,
      };
      for (const connections of [10, 50]) {
        const serverPid = server.proc.pid!;
        const ceilingPid = ceiling.proc.pid!;
        const compared = await alternate({
          rounds,
          beforeService: () => recovered(base, def.paths[0]),
          service: () => wrkAt(base, target, connections, duration),
          ceiling: () => wrkAt(ceilingBase, target, connections, duration),
          serviceCpu: () => cpuSecondsOf(serverPid),
          ceilingCpu: () => cpuSecondsOf(ceilingPid),
        });
        const { server: s, ceiling: c, ratio } = compared;
        result.runs.push({
          connections,
          threads: Math.min(threads, connections),
          rounds,
          durationSeconds: duration,
          ...compared,
        });
        log(
          `${def.name} @${connections}: ${s.rps} req/s (${s.rpsMin}–${s.rpsMax}; p50 ${s.p50} ms, p99 ${s.p99} ms) vs ceiling ${c.rps} req/s (${c.rpsMin}–${c.rpsMax}): ${ratio}×; CPU µs/request ${s.cpuMicrosPerRequest} vs ${c.cpuMicrosPerRequest}: ${compared.cpuRatio}×` +
            (s.non2xx || s.errors ? ` (${s.non2xx} non-2xx, ${s.errors} errors)` : ''),
        );
      }
      sampler.sample();
      result.maxRssMB = Math.round(sampler.max);
      results.rss.maxServingMB = Math.max(results.rss.maxServingMB, sampler.max);
      results.scenarios.push(result);
    }
    sampler.sample();
    results.rss.afterLoadMB = Math.round(sampler.last);

    // --- 5a. the ~10,000-purl closure ---
    if (!only || only.has('closure10k')) {
      let best: { purl: string; size: number } | undefined;
      for (const c of manifest.queries.near10k) {
        const r = await get(base, `/v0/package/${enc(c.purl)}/dependencies?PageSize=1`);
        const size = itemsOf(r.body, r.headers);
        if (r.status === 200 && (!best || Math.abs(size - 10_000) < Math.abs(best.size - 10_000)))
          best = { purl: c.purl, size };
      }
      if (best) {
        const path = `/v0/package/${enc(best.purl)}/dependencies`;
        // Distinct URLs with the same answer (a PageSize above the closure) are never response-cache hits.
        const cold = await sequential(
          base,
          Array.from({ length: 40 }, (_, i) => `${path}?PageSize=${20_000 + i}`),
          40,
        );
        const first = await get(base, path);
        await sequential(base, [path], 5);
        const times = await sequential(base, [path], 40);
        results.closure10k = {
          purl: best.purl,
          size: best.size,
          bytes: first.body.length,
          n: times.length,
          p50: r2(percentile(cold, 0.5)),
          p99: r2(percentile(cold, 0.99)),
          repeatedP50: r2(percentile(times, 0.5)),
          repeatedP99: r2(percentile(times, 0.99)),
        };
        log(
          `closure of ${best.size} purls (${best.purl}): p50 ${results.closure10k.p50} ms, p99 ${results.closure10k.p99} ms; repeated URL p50 ${results.closure10k.repeatedP50} ms`,
        );
      }
    }

    // --- 5b. batch vulnerability questions ---
    if (!only || only.has('batch-vulns')) {
      results.batch = await batchVulns(base, manifest);
      for (const run of results.batch?.runs ?? [])
        log(
          `batch of ${results.batch!.inputs} purls, includeDependencies=${run.includeDependencies}: p50 ${run.p50} ms, p99 ${run.p99} ms (${run.avgFindings} findings, ${run.non200Entries} entries not 200)`,
        );
    }

    // --- 5c. ranking recompute after an ingest, and latencies while it runs ---
    if (!only || only.has('ranking')) {
      const rankingPath = '/analysis/dependencies?sort=frequency&PageSize=100';
      const typicalPath = `/v0/package/${enc(manifest.queries.typical[0]?.purl ?? manifest.queries.large[0].purl)}/dependencies`;
      const probe = async (path: string, untilMs: number, stop: () => boolean): Promise<number[]> => {
        const times: number[] = [];
        const t0 = performance.now();
        while (!stop() && performance.now() - t0 < untilMs) {
          times.push((await get(base, path)).ms);
          await sleep(2);
        }
        return times.sort((a, b) => a - b);
      };
      const stats = (endpoint: string, t: number[]) => ({
        endpoint,
        n: t.length,
        p50: r2(percentile(t, 0.5)),
        p99: r2(percentile(t, 0.99)),
        max: r2(t[t.length - 1] ?? NaN),
      });
      const before = await Promise.all([probe(rankingPath, 3000, () => false), probe(typicalPath, 3000, () => false)]);
      const etag0 = (await get(base, rankingPath)).headers.etag;
      let changedAt = 0;
      let done = false;
      const t0 = performance.now();
      const watcher = (async () => {
        while (!done && performance.now() - t0 < 600_000) {
          const r = await get(base, rankingPath);
          if (r.headers.etag && r.headers.etag !== etag0) {
            changedAt = performance.now();
            done = true;
            break;
          }
          await sleep(10);
        }
        done = true;
      })();
      const during = Promise.all([probe(rankingPath, 600_000, () => done), probe(typicalPath, 600_000, () => done)]);
      // A fresh serial number makes it a new document even when this store has seen the extra SBOM before.
      const extraFile = join(runDir, 'extra.cdx.json');
      writeFileSync(
        extraFile,
        readFileSync(join(outDir, manifest.extra), 'utf8').replace(
          /"serialNumber":"urn:uuid:[^"]+"/,
          `"serialNumber":"urn:uuid:${randomUUID()}"`,
        ),
      );
      const ingest = await runToEnd(
        process.execPath,
        [BIN, 'ingest', '--store', storeDir, '--json', '--quiet', extraFile],
        join(runDir, 'ingest-extra.log'),
        600_000,
      );
      const committedAt = performance.now();
      await watcher;
      const [duringRanking, duringTypical] = await during;
      if (ingest.code !== 0) log(`warning: the extra ingest exited ${ingest.code}`);
      results.ranking = {
        ingestCliMillis: Math.round(ingest.millis),
        recomputeAfterIngestStartMillis: changedAt ? Math.round(changedAt - t0) : NaN,
        recomputeAfterCommitMillis: changedAt ? Math.round(changedAt - committedAt) : NaN,
        before: [stats('ranking top 100', before[0]), stats('typical dependencies', before[1])],
        during: [stats('ranking top 100', duringRanking), stats('typical dependencies', duringTypical)],
      };
      log(
        `ranking: new ranking served ${results.ranking.recomputeAfterCommitMillis} ms after the extra document was committed ` +
          `(CLI ingest ${results.ranking.ingestCliMillis} ms); during: ${JSON.stringify(results.ranking.during)}`,
      );
    }
    sampler.stop();
    results.rss.maxServingMB = Math.round(Math.max(results.rss.maxServingMB, sampler.max));
    results.rss.hwmMB = Math.round(memoryOf(server.proc.pid!)?.hwm ?? 0);
  } finally {
    if (ceiling) await stopChild(ceiling);
    await stopChild(server, 120_000);
  }

  // Partial runs (--scenarios, --reuse-store, --profile) do not replace the published figures.
  const partial = only !== undefined || args['reuse-store'] === 'true' || profile || args['no-report'] === 'true';
  const resultsFile = resolve(ROOT, 'bench', 'out', `results-${size}-${seed}${partial ? '-partial' : ''}.json`);
  writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  const markdown = renderMarkdown(results);
  process.stdout.write(`${markdown}\n`);
  if (!partial) writeBenchmarksDoc(join(ROOT, 'docs', 'benchmarks.md'), size, markdown);
  log(
    `results: ${resultsFile}${partial ? ' (partial run: docs/benchmarks.md left as it is)' : `; docs/benchmarks.md updated (section ${size})`}`,
  );
}

// Only as a program (tests import the scenario list).
if (import.meta.url === `file://${process.argv[1]}`)
  main().catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exitCode = 1;
  });
