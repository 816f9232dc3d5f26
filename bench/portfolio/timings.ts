// Latency samples and their summary (ms).
import { percentile } from '../lib/stats.js';

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export function summarise(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (ms: number): number => Math.round(ms * 10) / 10;
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 0.5)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? 0),
  };
}
