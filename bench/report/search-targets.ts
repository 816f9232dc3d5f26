// Issue 14's search targets: a 3-character prefix's first request, and a mix of queries' throughput.
import type { BenchResults } from '../run/results.js';
import { fmt } from './format.js';
import { atTenConnections, notMeasured, ratioTarget, scenarioOf, type Target } from './target.js';

export function searchTargets(r: BenchResults): Target[] {
  const out: Target[] = [];
  const prefix = scenarioOf(r, 'search-prefix3');
  if (prefix) {
    const target = 'search for a 3-character prefix p50 ≤ 5 ms (first request, page of 20)';
    out.push(
      prefix.unavailable
        ? notMeasured(target, prefix.unavailable)
        : {
            target,
            measured: `first request p50 ${fmt(prefix.single.coldP50, 2)} ms, p99 ${fmt(prefix.single.coldP99, 2)} ms over ${fmt(prefix.inputs, 0)} prefixes (avg ${fmt(prefix.avgItems, 0)} matches); repeated p50 ${fmt(prefix.single.p50, 2)} ms`,
            met: prefix.single.coldP50 <= 5,
          },
    );
  }
  const mix = scenarioOf(r, 'search-mix');
  if (mix) {
    const target = 'search, a mix of queries ≥ 0.5 × ceiling req/s, 10 connections';
    const run = atTenConnections(mix);
    out.push(
      mix.unavailable || !run
        ? notMeasured(target, mix.unavailable ?? 'no run')
        : { target, ...ratioTarget(run, 0.5, `; first request p50 ${fmt(mix.single.coldP50, 2)} ms`) },
    );
  }
  return out;
}
