// The generated graph's shape as the manifest reports it: closure sizes over a sample of
// versions, out-degrees, and per-ecosystem counts.
import type { Rng } from '../lib/rng.js';
import { round2 } from '../lib/stats.js';
import type { Closure } from './closure.js';
import { ECOSYSTEMS } from './ecosystems.js';
import type { GenerateStats } from './manifest.js';
import type { Universe } from './universe.js';

/** A sampled version and the size of its dependency closure. */
export interface Sampled {
  v: number;
  c: number;
}

export interface ClosureSample {
  /** Every version when there are at most 3,000, else 3,000 drawn at random. */
  sample: Sampled[];
  /** Closure sizes, ascending: all of them, and those of versions with dependencies. */
  sizes: number[];
  nonLeaf: number[];
}

export function sampleClosures(u: Universe, closure: Closure, rng: Rng): ClosureSample {
  const sampleSize = Math.min(u.versionCount, 3000);
  const sample: Sampled[] = [];
  for (let i = 0; i < sampleSize; i++) {
    const v = sampleSize === u.versionCount ? i : rng.int(0, u.versionCount);
    sample.push({ v, c: closure.dependencyCount(v) });
  }
  const sizes = sample.map((s) => s.c).sort((a, b) => a - b);
  const nonLeaf = sample
    .filter((s) => u.outStart[s.v + 1] > u.outStart[s.v])
    .map((s) => s.c)
    .sort((a, b) => a - b);
  return { sample, sizes, nonLeaf };
}

/** The p-quantile of an ascending list (the manifest's own rounding, kept for comparable figures). */
const pct = (list: number[], p: number): number =>
  list.length ? list[Math.min(list.length - 1, Math.floor(p * list.length))] : 0;

export function closureStats({ sample, sizes, nonLeaf }: ClosureSample): GenerateStats['closure'] {
  return {
    sample: sample.length,
    p50: pct(sizes, 0.5),
    p90: pct(sizes, 0.9),
    p99: pct(sizes, 0.99),
    max: sizes[sizes.length - 1] ?? 0,
    meanNonLeaf: round2(nonLeaf.reduce((t, x) => t + x, 0) / Math.max(1, nonLeaf.length)),
    p50NonLeaf: pct(nonLeaf, 0.5),
  };
}

export function degreeStats(u: Universe): { leafVersions: number; outDegree: GenerateStats['outDegree'] } {
  let leaves = 0;
  let maxDeg = 0;
  for (let v = 0; v < u.versionCount; v++) {
    const d = u.outStart[v + 1] - u.outStart[v];
    if (d === 0) leaves++;
    if (d > maxDeg) maxDeg = d;
  }
  const nonLeafVersions = u.versionCount - leaves;
  return {
    leafVersions: leaves,
    outDegree: {
      mean: round2(u.out.length / u.versionCount),
      meanNonLeaf: round2(u.out.length / Math.max(1, nonLeafVersions)),
      max: maxDeg,
    },
  };
}

export function ecosystemStats(u: Universe): GenerateStats['ecosystems'] {
  const ecosystems: GenerateStats['ecosystems'] = {};
  for (const eco of ECOSYSTEMS) {
    const { start, count, core } = u.ecoNames[eco];
    let versions = 0;
    for (let n = start; n < start + count; n++) versions += u.nameCount[n];
    ecosystems[eco] = { names: count, versions, coreNames: core };
  }
  return ecosystems;
}
