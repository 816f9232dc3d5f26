// Step 5a: the closure nearest to 10,000 purls, computed (distinct URLs) and repeated (the
// response cache).
import type { Manifest } from '../generate/manifest.js';
import { get } from '../lib/proc.js';
import { percentile, round2 } from '../lib/stats.js';
import { itemsOf, sequential } from './client.js';
import { log } from './log.js';
import type { BenchResults } from './results.js';
import { packagePath } from './scenario-paths.js';

/** The figures, or none when no candidate answered. */
export async function measureLargeClosure(
  base: string,
  manifest: Manifest,
): Promise<BenchResults['closure10k'] | undefined> {
  const best = await nearest10k(base, manifest);
  if (!best) return undefined;
  const path = packagePath(best.purl, '/dependencies');
  // Distinct URLs with the same answer (a PageSize above the closure) are never response-cache hits.
  const cold = await sequential(
    base,
    Array.from({ length: 40 }, (_, i) => `${path}?PageSize=${20_000 + i}`),
    40,
  );
  const first = await get(base, path);
  await sequential(base, [path], 5);
  const times = await sequential(base, [path], 40);
  const closure10k = {
    purl: best.purl,
    size: best.size,
    bytes: first.body.length,
    n: times.length,
    p50: round2(percentile(cold, 0.5)),
    p99: round2(percentile(cold, 0.99)),
    repeatedP50: round2(percentile(times, 0.5)),
    repeatedP99: round2(percentile(times, 0.99)),
  };
  log(
    `closure of ${best.size} purls (${best.purl}): p50 ${closure10k.p50} ms, p99 ${closure10k.p99} ms; repeated URL p50 ${closure10k.repeatedP50} ms`,
  );
  return closure10k;
}

/** The manifest's candidate whose answer, as the service counts it, is nearest to 10,000 purls. */
async function nearest10k(base: string, manifest: Manifest): Promise<{ purl: string; size: number } | undefined> {
  let best: { purl: string; size: number } | undefined;
  for (const c of manifest.queries.near10k) {
    const r = await get(base, packagePath(c.purl, '/dependencies?PageSize=1'));
    const size = itemsOf(r.body, r.headers);
    if (r.status === 200 && (!best || Math.abs(size - 10_000) < Math.abs(best.size - 10_000)))
      best = { purl: c.purl, size };
  }
  return best;
}
