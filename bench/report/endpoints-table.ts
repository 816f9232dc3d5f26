// The report's table of endpoints against the HTTP ceiling: one row per connection count, the
// scenario's own figures (inputs, sizes, single client, first requests, RSS) on its first row.
import type { BenchResults, EndpointRun, ScenarioResult } from '../run/results.js';
import { fmt } from './format.js';
import { cpuColumn, ratioText, spread } from './load-runs.js';

const EXPLANATION =
  'The ceiling is a bare `node:http` server (bench/run/ceiling.ts, its own process) replaying the exact response bytes the service gave for the same request URLs. ' +
  'Requests take the inputs in turn (bench/wrk/urls.lua), so N inputs are N distinct URLs. ' +
  "req/s is the median over the rounds with the spread (min–max) beside it; the ratio is median over median; p50/p99 are medians over the rounds of wrk's percentiles. " +
  "CPU µs / request is each server process's CPU time (user + system, /proc/<pid>/stat) per answered request, median over the rounds; its ratio (ceiling's over the service's) hardly moves when other work shares the cores, unlike req/s. " +
  'The single-client column is one sequential keep-alive client timed with `process.hrtime`; ' +
  '"first request" times each input\'s first request at this store version (before any response cache has it).';

export function endpointsSection(r: BenchResults): string[] {
  const lines = ['### Endpoints against the HTTP ceiling', '', EXPLANATION, ''];
  lines.push(
    '| endpoint | inputs | avg items / body | conns | req/s (min–max) | p50 ms | p99 ms | ceiling req/s (min–max) | ceiling p99 ms | ratio | CPU µs / request (ceiling) | single client p50 / p99 ms (ceiling p50) | first request p50 / p99 ms | max RSS |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const s of r.scenarios) lines.push(...scenarioRows(s));
  lines.push('');
  return lines;
}

function scenarioRows(s: ScenarioResult): string[] {
  if (s.unavailable)
    return [
      `| ${s.name}: ${s.description} (statuses ${JSON.stringify(s.statuses)}) | ${s.inputs} | – | – | not measured: ${s.unavailable} | | | | | | | – | – | – |`,
    ];
  return s.runs.map((run, k) => {
    const head = k === 0 ? scenarioHead(s) : ' | | ';
    const single = k === 0 ? scenarioTail(s) : ' | | ';
    const errs =
      run.server.non2xx || run.server.errors ? ` (${run.server.non2xx} non-2xx, ${run.server.errors} errors)` : '';
    return `| ${head} | ${run.connections} | ${fmt(run.server.rps, 0)}${spread(run.server)}${errs} | ${fmt(run.server.p50, 2)} | ${fmt(run.server.p99, 2)} | ${loadColumns(run)} | ${single} |`;
  });
}

/** Name and description (with the statuses unless all were 200), inputs, items and size. */
function scenarioHead(s: ScenarioResult): string {
  const statuses = Object.keys(s.statuses).some((x) => x !== '200') ? ` (statuses ${JSON.stringify(s.statuses)})` : '';
  return `${s.name}: ${s.description}${statuses} | ${s.inputs} | ${fmt(s.avgItems, 0)} / ${fmt(s.avgBytes / 1000, 1)} kB`;
}

/** Single client, first requests and max RSS. */
function scenarioTail(s: ScenarioResult): string {
  const left = s.single.non2xx ? ` (${s.single.non2xx} of ${s.single.n} non-2xx left out)` : '';
  return `${fmt(s.single.p50, 2)} / ${fmt(s.single.p99, 2)} (${fmt(s.single.ceilingP50, 2)})${left} | ${fmt(s.single.coldP50, 2)} / ${fmt(s.single.coldP99, 2)} | ${s.maxRssMB === undefined ? '–' : `${fmt(s.maxRssMB, 0)} MB`}`;
}

/** The ceiling's req/s and p99, the ratio and the CPU column. */
function loadColumns(run: EndpointRun): string {
  return `${fmt(run.ceiling.rps, 0)}${spread(run.ceiling)} | ${fmt(run.ceiling.p99, 2)} | ${ratioText(run)} | ${cpuColumn(run)}`;
}
