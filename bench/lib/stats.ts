// Small statistics of timings and counts, shared by the benchmarks.

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The p-quantile of an ascending list (nearest rank); NaN for an empty one. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** Rounded to two decimals, as the reports print figures. */
export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
