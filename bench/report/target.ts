// A target of the benchmark (docs/benchmarks.md, "Targets"), and a ratio target judged on a load run.
import type { BenchResults, EndpointRun, ScenarioResult } from '../run/results.js';
import { fmt } from './format.js';
import { cpuText, invalidRatio, ratioText } from './load-runs.js';

export interface Target {
  target: string;
  measured: string;
  /** Undefined when the measurement cannot judge it (not measured, or a failed run). */
  met: boolean | undefined;
}

/** A ratio target's measured text and verdict (none when the run is no measurement). */
export function ratioTarget(run: EndpointRun, floor: number, extra = ''): Omit<Target, 'target'> {
  return {
    measured: `${ratioText(run)} (${fmt(run.server.rps, 0)} vs ${fmt(run.ceiling.rps, 0)} req/s${cpuText(run)})${extra}`,
    met: invalidRatio(run) ? undefined : run.ratio >= floor,
  };
}

/** A target whose scenario was left out of the run's measurements, saying why. */
export const notMeasured = (target: string, why: string): Target => ({
  target,
  measured: `not measured: ${why}`,
  met: undefined,
});

/** The run's scenario named `name`, if it was run. */
export const scenarioOf = (r: BenchResults, name: string): ScenarioResult | undefined =>
  r.scenarios.find((s) => s.name === name);

/** The scenario's load run at 10 connections, if it was load-tested. */
export const atTenConnections = (s: ScenarioResult): EndpointRun | undefined =>
  s.runs.find((x) => x.connections === 10);
