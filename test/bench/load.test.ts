// The benchmark's load client: wrk with bench/wrk/urls.lua hands out every path in turn and counts
// failed answers; the alternation of service and ceiling reports medians, spreads and a ratio;
// the report refuses a ratio above 1; the default scenarios include the distinct-input ones.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../bench/generate/generate.js';
import {
  alternate,
  cpuSecondsOf,
  parseWrkOutput,
  runWrk,
  summariseSide,
  writePathsFile,
  type WrkRun,
} from '../../bench/lib/load-client.js';
import { targets } from '../../bench/report/targets.js';
import type { BenchResults } from '../../bench/run/results.js';
import { scenarios } from '../../bench/run/scenarios.js';
import { tempDir } from '../helpers/server.js';

const work = tempDir('sg-bench-load-');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const hasWrk = spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
if (!hasWrk) console.log('NOT RUN: the wrk tests of bench/lib/load-client: wrk is not on PATH (apt-get install wrk)');

describe.skipIf(!hasWrk)('wrk with bench/wrk/urls.lua', () => {
  const seen = new Map<string, number>();
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.set(req.url ?? '', (seen.get(req.url ?? '') ?? 0) + 1);
      if (req.url === '/missing') {
        res.writeHead(404, { 'content-length': 2 });
        res.end('no');
        return;
      }
      res.writeHead(200, { 'content-length': 2 });
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks for every path in turn, from both threads, and counts answers above 399', async () => {
    const paths = ['/a', '/b?x=1', '/c%2Fd', '/missing', '/e', '/f', '/g'];
    const pathsFile = writePathsFile(join(work, 'paths.txt'), paths);
    seen.clear();
    const run = await runWrk({
      base,
      pathsFile,
      connections: 4,
      threads: 2,
      durationSeconds: 1,
      logFile: join(work, 'wrk.log'),
    });
    expect([...seen.keys()].sort()).toEqual([...paths].sort());
    const counts = [...seen.values()];
    // In turn: each path within a few requests of the others (each thread walks the whole list).
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(4);
    const total = counts.reduce((a, b) => a + b, 0);
    expect(run.requests).toBeGreaterThan(0);
    expect(run.requests).toBeLessThanOrEqual(total);
    // The server also counts requests still under way when wrk stops (at most one per connection).
    const missing = seen.get('/missing') ?? 0;
    expect(run.non2xx).toBeLessThanOrEqual(missing);
    expect(run.non2xx).toBeGreaterThanOrEqual(missing - 4);
    expect(run.non2xx).toBeGreaterThan(0);
    expect(run.errors).toBe(0);
    expect(run.rps).toBeGreaterThan(0);
    expect(run.p50).toBeLessThanOrEqual(run.p99);
    expect(run.p99).toBeLessThanOrEqual(run.max);
  });

  it('refuses a path with a line break (it would become two paths)', () => {
    expect(() => writePathsFile(join(work, 'bad.txt'), ['/a\n/b'])).toThrow(/line break/);
  });
});

describe('parseWrkOutput', () => {
  it('reads the JSON line among wrk’s own output, in ms and req/s', () => {
    const out =
      'Running 1s test @ http://x\n  1 threads and 10 connections\n' +
      'wrk-json {"requests":5000,"durationUs":2000000,"bytes":1000000,"p50Us":1500,"p99Us":9000,"maxUs":20000,' +
      '"connectErrors":1,"readErrors":2,"writeErrors":0,"timeouts":3,"statusErrors":7}\n';
    expect(parseWrkOutput(out)).toEqual({
      requests: 5000,
      rps: 2500,
      p50: 1.5,
      p99: 9,
      max: 20,
      non2xx: 7,
      errors: 6,
      bytesPerSec: 500_000,
    });
  });
  it('says what wrk printed when there is no result line', () => {
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:1')).toThrow(/no result line.*unable to connect/);
  });
});

const run = (rps: number, extra: Partial<WrkRun> = {}): WrkRun => ({
  requests: rps,
  rps,
  p50: 1,
  p99: 2,
  max: 3,
  non2xx: 0,
  errors: 0,
  bytesPerSec: 100,
  ...extra,
});

describe('service and ceiling alternated', () => {
  it('reports the median, the spread and the ratio of medians; sums failures', () => {
    const side = summariseSide([run(100), run(300, { non2xx: 2, max: 9 }), run(200), run(1000), run(150)]);
    expect(side).toMatchObject({ rps: 200, rpsMin: 100, rpsMax: 1000, non2xx: 2, max: 9 });
    expect(side.roundsRps).toEqual([100, 300, 200, 1000, 150]);
  });

  it('gives CPU µs per request from each round’s CPU seconds, median over the rounds', () => {
    const side = summariseSide([run(1000), run(2000), run(4000)], [0.1, 0.1, 0.1]);
    expect(side.cpuMicrosPerRequest).toBe(50);
    expect(summariseSide([run(1000)]).cpuMicrosPerRequest).toBeUndefined();
  });

  it('reads a process’s CPU time from /proc, and nothing for a process that is gone', () => {
    const before = cpuSecondsOf(process.pid);
    let x = 0;
    for (let i = 0; i < 3e7; i++) x += i % 7;
    expect(x).toBeGreaterThan(0);
    expect(cpuSecondsOf(process.pid)).toBeGreaterThan(before ?? Infinity);
    expect(cpuSecondsOf(2 ** 30)).toBeUndefined();
  });

  it('runs S C C S S C …, waiting before each service run', async () => {
    const order: string[] = [];
    let s = 0;
    let c = 0;
    let serviceCpu = 0;
    let ceilingCpu = 0;
    const result = await alternate({
      rounds: 3,
      beforeService: () => {
        order.push('wait');
        return Promise.resolve();
      },
      service: () => {
        order.push('S');
        serviceCpu += 0.1;
        return Promise.resolve(run([50, 70, 60][s++]));
      },
      ceiling: () => {
        order.push('C');
        ceilingCpu += 0.05;
        return Promise.resolve(run([100, 120, 110][c++]));
      },
      serviceCpu: () => serviceCpu,
      ceilingCpu: () => ceilingCpu,
    });
    expect(order).toEqual(['wait', 'S', 'C', 'C', 'wait', 'S', 'wait', 'S', 'C']);
    expect(result.server.rps).toBe(60);
    expect(result.ceiling.rps).toBe(110);
    expect(result.ratio).toBe(0.55);
    // 0.1 s per 60 requests vs 0.05 s per 110 (the medians): the ceiling costs 0.27 of the service.
    expect(result.server.cpuMicrosPerRequest).toBe(1666.7);
    expect(result.ceiling.cpuMicrosPerRequest).toBe(454.5);
    expect(result.cpuRatio).toBe(0.27);
  });
});

describe('the report on the alternated figures', () => {
  const comparison = (server: number, ceiling: number, non2xx = 0) => {
    const s = summariseSide([run(server, { non2xx })]);
    const c = summariseSide([run(ceiling)]);
    return {
      connections: 10,
      threads: 1,
      rounds: 1,
      durationSeconds: 1,
      server: s,
      ceiling: c,
      ratio: server / ceiling,
    };
  };
  const results = (runs: Record<string, ReturnType<typeof comparison>>): BenchResults => {
    const partial: Pick<BenchResults, 'scenarios' | 'startup' | 'rss'> = {
      startup: { readyMillis: 5000, firstRankingMillis: 0, rssAtReadyMB: 300 },
      rss: { maxServingMB: 500, afterLoadMB: 400, hwmMB: 500 },
      scenarios: Object.entries(runs).map(([name, r]) => ({
        name,
        description: name,
        inputs: 40_000,
        avgBytes: 1,
        avgItems: 1,
        statuses: { 200: 1 },
        runs: [r],
        single: { n: 1, p50: 1, p99: 1, ceilingP50: 1, coldP50: 1, coldP99: 1 },
      })),
    };
    return partial as BenchResults;
  };

  it('judges the issue 16 ratio targets on the medians, and a ratio above 1 is no measurement', () => {
    const t = targets(
      results({
        'deps-distinct': comparison(700, 1000),
        'deps-typical': comparison(1100, 1000),
        'vulns-distinct': comparison(400, 1000),
      }),
    );
    const find = (prefix: string) => t.find((x) => x.target.startsWith(prefix));
    expect(find('package dependencies ≥ 0.6 ×')?.met).toBe(true);
    const repeated = find('package dependencies ≥ 0.85 ×');
    expect(repeated?.met).toBeUndefined();
    expect(repeated?.measured).toMatch(/^failed measurement \(above the ceiling: client-bound or noise\)/);
    expect(repeated?.measured).not.toMatch(/1\.1×/);
    expect(find('vulnerabilities with `includeDependencies` ≥ 0.5 ×')?.met).toBe(false);
    expect(find('start-up to serving ≤ 6 s')?.met).toBe(true);
    expect(find('RSS at ready ≤ 350 MB')?.met).toBe(true);
    expect(find('peak RSS while serving')?.met).toBe(false);
  });

  it('treats a run with non-2xx answers as no measurement', () => {
    const t = targets(results({ 'deps-distinct': comparison(900, 1000, 5) }));
    const distinct = t.find((x) => x.target.startsWith('package dependencies ≥ 0.6 ×'));
    expect(distinct?.met).toBeUndefined();
    expect(distinct?.measured).toMatch(/non-2xx answers counted/);
  });
});

describe('the default scenarios', () => {
  it('include deps-distinct and vulns-distinct over the same distinct inputs', () => {
    const manifest = generate({ size: 'tiny', seed: '3', out: join(work, 'tiny') });
    const list = scenarios(manifest);
    const deps = list.find((s) => s.name === 'deps-distinct');
    const vulns = list.find((s) => s.name === 'vulns-distinct');
    expect(deps?.paths.length).toBeGreaterThan(0);
    expect(new Set(deps?.paths).size).toBe(deps?.paths.length);
    expect(vulns?.paths).toEqual(
      deps?.paths.map((p) => p.replace(/\/dependencies$/, '/vulns?includeDependencies=true')),
    );
  });
});
