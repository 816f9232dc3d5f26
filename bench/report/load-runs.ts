// A load run (service against ceiling) as the report shows it: its ratio, or why it has none.
import type { EndpointRun } from '../run/results.js';
import { fmt } from './format.js';

/** The CPU-time ratio beside the req/s one, when measured: "; by CPU time 0.41×". */
export const cpuText = (run: EndpointRun): string => (run.cpuRatio ? `; by CPU time ${fmt(run.cpuRatio, 2)}×` : '');

/** A side's req/s spread over the rounds, " (min–max)". */
export const spread = (side: EndpointRun['server']): string => ` (${fmt(side.rpsMin, 0)}–${fmt(side.rpsMax, 0)})`;

/**
 * Why a load run's ratio is no measurement, if it is not: the service cannot beat a server
 * replaying its own bytes, so a ratio above 1 means the client (or noise) was the bound; and
 * non-2xx answers (load shedding) are cheap answers counted as throughput.
 */
export function invalidRatio(run: EndpointRun): string | undefined {
  if (run.server.non2xx || run.server.errors) return 'non-2xx answers counted';
  if (run.ratio > 1) return 'above the ceiling: client-bound or noise';
  return undefined;
}

/** Service and ceiling CPU µs per request and their ratio ("84 (31) 0.37×"), or "–". */
export function cpuColumn(run: EndpointRun): string {
  const s = run.server.cpuMicrosPerRequest;
  const c = run.ceiling.cpuMicrosPerRequest;
  return s && c ? `${fmt(s, 0)} (${fmt(c, 0)}) ${fmt(run.cpuRatio, 2)}×` : '–';
}

/**
 * A run's ratio as the report shows it: the figure, or why there is none. A failed measurement
 * prints no ratio at all: a number above 1.0× would read as a result.
 */
export function ratioText(run: EndpointRun): string {
  const invalid = invalidRatio(run);
  return invalid ? `failed measurement (${invalid})` : `${fmt(run.ratio, 2)}×`;
}
