// Issue 13's targets. Latency targets are about computing the answer, so they are judged on each
// input's first request at this store version (no response cache can have it); the repeated
// figure (single client, the same URLs again: the response cache, where the route has one) is
// given beside it.
import type { BenchResults, ScenarioResult } from '../run/results.js';
import { fmt } from './format.js';
import { atTenConnections, notMeasured, ratioTarget, scenarioOf, type Target } from './target.js';

export function reverseTargets(r: BenchResults): Target[] {
  const latency = (name: string, target: string, limitMs: number): Target[] => {
    const s = scenarioOf(r, name);
    return s ? [latencyTarget(s, target, limitMs)] : [];
  };
  return [
    ...latency('dependents-popular', 'dependents of a popular package p50 ≤ 30 ms (whole answer)', 30),
    ...latency('dependents-popular-page', 'dependents of a popular package p50 ≤ 30 ms (first page of 100)', 30),
    ...typicalDependentsTargets(r),
    ...latency(
      'blast-radius-artifacts',
      'blast radius (`/v0/vuln/{id}/artifacts` with paths), popular package, p50 ≤ 100 ms',
      100,
    ),
    ...latency('path', 'path queries p50 ≤ 5 ms', 5),
  ];
}

function latencyTarget(s: ScenarioResult, target: string, limitMs: number): Target {
  if (s.unavailable) return notMeasured(target, s.unavailable);
  return {
    target,
    measured:
      `computed (first request) p50 ${fmt(s.single.coldP50, 2)} ms, p99 ${fmt(s.single.coldP99, 2)} ms over ${fmt(s.inputs, 0)} inputs ` +
      `(avg ${fmt(s.avgItems, 0)} items); the same URLs again (response cache, where the route has one) p50 ${fmt(s.single.p50, 2)} ms` +
      (s.single.non2xx ? ` (${s.single.non2xx} of ${s.single.n} answers not 2xx, left out)` : ''),
    met: s.single.coldP50 <= limitMs,
  };
}

/** Typical dependents' throughput against the ceiling: repeated inputs, and distinct ones. */
function typicalDependentsTargets(r: BenchResults): Target[] {
  const out: Target[] = [];
  for (const name of ['dependents-typical', 'dependents-distinct']) {
    const s = scenarioOf(r, name);
    if (!s) continue;
    const what =
      name === 'dependents-typical'
        ? `${fmt(s.inputs, 0)} inputs, repeated`
        : `${fmt(s.inputs, 0)} distinct inputs in turn`;
    const target = `typical dependents ≥ 0.5 × ceiling req/s, 10 connections (${what})`;
    const run = atTenConnections(s);
    out.push(
      s.unavailable || !run
        ? notMeasured(target, s.unavailable ?? 'no run')
        : { target, ...ratioTarget(run, 0.5, `; computed (first request) p50 ${fmt(s.single.coldP50, 2)} ms`) },
    );
  }
  return out;
}
