// The load-tested endpoints and their request paths, from the generated graph's manifest.
import type { Manifest } from '../generate/manifest.js';
import { forwardScenarios } from './forward-scenarios.js';
import { reverseScenarios } from './reverse-scenarios.js';
import { searchScenarios } from './search-scenarios.js';

export interface ScenarioDef {
  name: string;
  description: string;
  paths: string[];
  /** A property every 2xx answer must have: without it the route is not the one meant (an older build). */
  expectKey?: string;
}

/** Every scenario with inputs at this size, in the order they are measured. */
export function scenarios(m: Manifest): ScenarioDef[] {
  const q = m.queries;
  return [...forwardScenarios(q), ...reverseScenarios(q.reverse), ...searchScenarios(q)].filter(
    (s) => s.paths.length > 0,
  );
}
