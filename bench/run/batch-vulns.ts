// Step 5b: batch vulnerability questions (issue 14): 1,000 purls per request, drawn in turn from
// the vulnerable versions and the distinct typical versions (a window per body, so each body
// differs), timed one request at a time, without and with includeDependencies.
import type { Manifest } from '../generate/manifest.js';
import { postJson } from '../lib/proc.js';
import { percentile, round2 } from '../lib/stats.js';
import { log } from './log.js';
import type { BatchResult, BatchRun } from './results.js';

const BATCH_INPUTS = 1000;
const BATCH_BODIES = 10;
const BATCH_REQUESTS = 20;
const ROUTE = '/v0/query/vulns';

/** The figures; none when the graph has no inputs. */
export async function batchVulns(base: string, m: Manifest): Promise<BatchResult | undefined> {
  const pool = [...new Set([...m.queries.vulnerable, ...m.queries.typicalMany])];
  if (pool.length === 0) return undefined;
  const inputs = Math.min(BATCH_INPUTS, pool.length);
  const bodies = Array.from({ length: BATCH_BODIES }, (_, k) => {
    const start = Math.floor((k * pool.length) / BATCH_BODIES);
    return Array.from({ length: inputs }, (_, i) => pool[(start + i) % pool.length]);
  });
  const runs: BatchRun[] = [];
  for (const includeDependencies of [false, true]) {
    const run = await timeBatches(
      base,
      bodies.map((purls) => JSON.stringify({ purls, includeDependencies })),
      includeDependencies,
    );
    runs.push(run);
  }
  for (const run of runs)
    log(
      `batch of ${inputs} purls, includeDependencies=${run.includeDependencies}: p50 ${run.p50} ms, p99 ${run.p99} ms (${run.avgFindings} findings, ${run.non200Entries} entries not 200)`,
    );
  return { inputs, bodies: BATCH_BODIES, runs };
}

/** BATCH_REQUESTS requests taking the bodies in turn, after two to warm up. */
async function timeBatches(base: string, texts: string[], includeDependencies: boolean): Promise<BatchRun> {
  for (const text of texts.slice(0, 2)) await postJson(base, ROUTE, text); // warm-up
  const times: number[] = [];
  let bytes = 0;
  let findings = 0;
  let non200Entries = 0;
  for (let i = 0; i < BATCH_REQUESTS; i++) {
    const r = await postJson(base, ROUTE, texts[i % texts.length]);
    if (r.status !== 200) throw new Error(`POST ${ROUTE} answered ${r.status}: ${r.body.toString('utf8', 0, 300)}`);
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
  return {
    includeDependencies,
    n: times.length,
    p50: round2(percentile(times, 0.5)),
    p99: round2(percentile(times, 0.99)),
    max: round2(times[times.length - 1]),
    avgBytes: Math.round(bytes / times.length),
    avgFindings: round2(findings / times.length),
    non200Entries,
  };
}
