// Reads `/metrics` the way Prometheus does: the text parsed by a Prometheus text-format parser,
// then samples looked up by name and labels.
import parsePrometheusTextFormat, { type PrometheusFamily, type PrometheusSample } from 'parse-prometheus-text-format';
import { expect } from 'vitest';
import type { TestClient } from './server.js';

export interface HistogramSeries {
  /** Upper bound (`le`) → cumulative count. */
  buckets: Record<string, number>;
  sum: number;
  count: number;
}

export class Scrape {
  private readonly families: Map<string, PrometheusFamily>;

  constructor(readonly text: string) {
    this.families = new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));
  }

  family(name: string): PrometheusFamily | undefined {
    return this.families.get(name);
  }

  /** The sample of `name` whose labels include `labels`, if any. */
  sample(name: string, labels: Record<string, string> = {}): PrometheusSample | undefined {
    return this.families
      .get(name)
      ?.metrics.find((m) => Object.entries(labels).every(([key, value]) => m.labels?.[key] === value));
  }

  /**
   * One series of a labelled histogram. The parser merges the buckets of every label set of a
   * histogram into one and drops their sums and counts (it reads unlabelled histograms only), so
   * the series' sample lines are parsed here without the TYPE line, as plain samples with labels.
   */
  histogram(name: string, labels: Record<string, string>): HistogramSeries | undefined {
    const lines = this.text
      .split('\n')
      .filter((line) => [`${name}_bucket{`, `${name}_sum{`, `${name}_count{`].some((p) => line.startsWith(p)));
    // Without TYPE lines every change of name starts a family: the parts of one name are joined.
    const samples = new Map<string, PrometheusSample[]>();
    for (const family of parsePrometheusTextFormat(`${lines.join('\n')}\n`)) {
      samples.set(family.name, [...(samples.get(family.name) ?? []), ...family.metrics]);
    }
    const matches = (m: PrometheusSample) => Object.entries(labels).every(([key, value]) => m.labels?.[key] === value);
    const buckets = (samples.get(`${name}_bucket`) ?? []).filter(matches);
    if (buckets.length === 0) return undefined;
    return {
      buckets: Object.fromEntries(buckets.map((b) => [b.labels?.le ?? '', Number(b.value)])),
      sum: Number(samples.get(`${name}_sum`)?.find(matches)?.value),
      count: Number(samples.get(`${name}_count`)?.find(matches)?.value),
    };
  }

  /** The value of a counter or gauge sample; 0 for a counter sample not written yet. */
  value(name: string, labels: Record<string, string> = {}): number {
    const sample = this.sample(name, labels);
    if (!sample) return 0;
    return Number(sample.value ?? sample.count);
  }
}

export async function scrape(t: TestClient, headers: Record<string, string> = {}): Promise<Scrape> {
  const res = await t.get('/metrics', headers);
  expect(res.status).toBe(200);
  return new Scrape(res.text);
}
