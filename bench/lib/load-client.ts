// The load client of the benchmark: wrk (Debian package `wrk`), a C client far lighter than the
// Node.js servers it drives, with bench/wrk/urls.lua handing out a list of request paths in turn.
// alternate() runs service and ceiling in turn several times and reports the median req/s of each
// side, its spread (min–max) and the ratio of the medians.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR } from './paths.js';
import { runToEnd } from './proc.js';
import { median, round2 } from './stats.js';

export const URLS_SCRIPT = join(BENCH_DIR, 'wrk', 'urls.lua');

/** One wrk run against one server. Latencies in ms (wrk measures in µs). */
export interface WrkRun {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers with a status above 399 (wrk's own count: "Non-2xx or 3xx responses"). */
  non2xx: number;
  /** Connect, read and write errors and timeouts. */
  errors: number;
  bytesPerSec: number;
}

/** One side (service or ceiling) over the rounds: the median and spread of req/s. */
export interface LoadSide {
  /** Median req/s over the rounds. */
  rps: number;
  rpsMin: number;
  rpsMax: number;
  /** Each round's req/s, in the order run. */
  roundsRps: number[];
  /** Medians over the rounds of each round's p50 and p99; max over all rounds (ms). */
  p50: number;
  p99: number;
  max: number;
  /** Summed over the rounds. */
  non2xx: number;
  errors: number;
  bytesPerSec: number;
  /**
   * Median over the rounds of the server process's CPU time (user + system, all threads) per
   * answered request, in µs: unlike req/s it hardly moves when other work takes the cores.
   */
  cpuMicrosPerRequest?: number;
}

export interface LoadComparison {
  connections: number;
  threads: number;
  rounds: number;
  durationSeconds: number;
  server: LoadSide;
  ceiling: LoadSide;
  /** Median service req/s over median ceiling req/s. */
  ratio: number;
  /** Ceiling CPU µs per request over the service's: the ratio the machine's other load barely moves. */
  cpuRatio?: number;
}

// /proc/<pid>/stat counts CPU time in clock ticks of 1/100 s on Linux (getconf CLK_TCK).
const TICKS_PER_SECOND = 100;

/** A process's CPU time so far (user + system, all threads), in seconds; undefined off Linux or once gone. */
export function cpuSecondsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces, in parentheses): utime is the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Finds wrk; installs Debian's package when missing and running as root, else says what to install. */
export function ensureWrk(log: (line: string) => void): string {
  const found = (): boolean => spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
  if (found()) return 'wrk';
  if (process.getuid?.() !== 0)
    throw new Error(
      'the benchmark drives load with wrk, which is not on PATH: install the Debian package `wrk` (apt-get install wrk) and run again',
    );
  log('wrk is not on PATH: installing the Debian package wrk (apt-get update; apt-get install -y wrk)');
  execFileSync('apt-get', ['update'], { stdio: 'ignore' });
  execFileSync('apt-get', ['install', '-y', 'wrk'], {
    stdio: 'ignore',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!found()) throw new Error('apt-get install -y wrk finished but wrk is still not on PATH');
  return 'wrk';
}

/** Writes the paths one per line for urls.lua (paths are URL-encoded: no line breaks in them). */
export function writePathsFile(file: string, paths: readonly string[]): string {
  for (const p of paths)
    if (/[\r\n]/.test(p)) throw new Error(`benchmark path ${JSON.stringify(p)} contains a line break`);
  writeFileSync(file, paths.join('\n') + '\n');
  return file;
}

/** Parses the JSON line urls.lua's done() prints ("wrk-json {...}"). */
export function parseWrkOutput(stdout: string): WrkRun {
  const line = stdout.split('\n').find((l) => l.startsWith('wrk-json '));
  if (!line) throw new Error(`wrk printed no result line (wrk-json); its output was: ${stdout.slice(0, 500)}`);
  const j = JSON.parse(line.slice('wrk-json '.length)) as {
    requests: number;
    durationUs: number;
    bytes: number;
    p50Us: number;
    p99Us: number;
    maxUs: number;
    connectErrors: number;
    readErrors: number;
    writeErrors: number;
    timeouts: number;
    statusErrors: number;
  };
  const seconds = j.durationUs / 1e6;
  return {
    requests: j.requests,
    rps: seconds > 0 ? Math.round((j.requests / seconds) * 10) / 10 : 0,
    p50: j.p50Us / 1000,
    p99: j.p99Us / 1000,
    max: j.maxUs / 1000,
    non2xx: j.statusErrors,
    errors: j.connectErrors + j.readErrors + j.writeErrors + j.timeouts,
    bytesPerSec: seconds > 0 ? Math.round(j.bytes / seconds) : 0,
  };
}

export interface WrkOptions {
  base: string;
  pathsFile: string;
  connections: number;
  threads: number;
  durationSeconds: number;
  logFile: string;
}

/** One wrk run (bounded: wrk's own duration plus a minute). */
export async function runWrk(o: WrkOptions): Promise<WrkRun> {
  const threads = Math.min(o.threads, o.connections);
  const args = [
    '-t',
    String(threads),
    '-c',
    String(o.connections),
    '-d',
    `${o.durationSeconds}s`,
    '--timeout',
    '60s',
    '-s',
    URLS_SCRIPT,
    o.base,
    '--',
    o.pathsFile,
    String(threads),
  ];
  const r = await runToEnd('wrk', args, o.logFile, (o.durationSeconds + 60) * 1000);
  if (r.code !== 0) throw new Error(`wrk exited ${r.code}; see ${o.logFile}`);
  return parseWrkOutput(r.stdout);
}

/** The rounds of one side: median req/s, min–max, median p50/p99, worst max, summed failures. */
export function summariseSide(runs: readonly WrkRun[], cpuSeconds: readonly number[] = []): LoadSide {
  if (runs.length === 0) throw new Error('summariseSide: no runs');
  const rps = runs.map((r) => r.rps);
  const cpu =
    cpuSeconds.length === runs.length ? runs.map((r, i) => (cpuSeconds[i] * 1e6) / Math.max(1, r.requests)) : [];
  return {
    rps: Math.round(median(rps)),
    rpsMin: Math.round(Math.min(...rps)),
    rpsMax: Math.round(Math.max(...rps)),
    roundsRps: rps.map(Math.round),
    p50: round2(median(runs.map((r) => r.p50))),
    p99: round2(median(runs.map((r) => r.p99))),
    max: round2(Math.max(...runs.map((r) => r.max))),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    bytesPerSec: Math.round(median(runs.map((r) => r.bytesPerSec))),
    ...(cpu.length ? { cpuMicrosPerRequest: Math.round(median(cpu) * 10) / 10 } : {}),
  };
}

export interface Alternation {
  rounds: number;
  /** Runs before each service run (e.g. waits until the service stopped shedding load). */
  beforeService?: () => Promise<void>;
  service: () => Promise<WrkRun>;
  ceiling: () => Promise<WrkRun>;
  /** Each side's CPU time so far in seconds (cpuSecondsOf its pid), to report CPU per request. */
  serviceCpu?: () => number | undefined;
  ceilingCpu?: () => number | undefined;
}

/**
 * Service and ceiling in turn, `rounds` times, in the order S C C S S C …, so that a drift of the
 * machine's speed (other work starting or stopping) falls on both sides alike.
 */
export async function alternate(
  a: Alternation,
): Promise<{ server: LoadSide; ceiling: LoadSide; ratio: number; cpuRatio?: number }> {
  const server: WrkRun[] = [];
  const ceiling: WrkRun[] = [];
  const serverCpu: number[] = [];
  const ceilingCpu: number[] = [];
  const timed = async (
    run: () => Promise<WrkRun>,
    cpu: (() => number | undefined) | undefined,
    runs: WrkRun[],
    cpus: number[],
  ): Promise<void> => {
    const before = cpu?.();
    runs.push(await run());
    const after = cpu?.();
    if (before !== undefined && after !== undefined) cpus.push(after - before);
  };
  const runService = async (): Promise<void> => {
    await a.beforeService?.();
    await timed(a.service, a.serviceCpu, server, serverCpu);
  };
  const runCeiling = (): Promise<void> => timed(a.ceiling, a.ceilingCpu, ceiling, ceilingCpu);
  for (let round = 0; round < a.rounds; round++) {
    if (round % 2 === 0) {
      await runService();
      await runCeiling();
    } else {
      await runCeiling();
      await runService();
    }
  }
  const s = summariseSide(server, serverCpu);
  const c = summariseSide(ceiling, ceilingCpu);
  const cpuRatio =
    s.cpuMicrosPerRequest && c.cpuMicrosPerRequest ? round2(c.cpuMicrosPerRequest / s.cpuMicrosPerRequest) : undefined;
  return { server: s, ceiling: c, ratio: c.rps > 0 ? round2(s.rps / c.rps) : NaN, ...(cpuRatio ? { cpuRatio } : {}) };
}
