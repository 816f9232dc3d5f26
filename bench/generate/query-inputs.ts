// The benchmark's query inputs (the manifest's `queries`), found on the universe: versions by
// the size of their closure, popular names, and the documents' subjects.
import { Rng } from '../lib/rng.js';
import type { App } from './apps.js';
import type { Closure } from './closure.js';
import { APP_ECOS } from './ecosystems.js';
import type { Sampled } from './graph-shape.js';
import type { Manifest } from './manifest.js';
import type { GenerateOptions } from './sizes.js';
import type { Universe } from './universe.js';
import { purlOf } from './versions.js';

type Queries = Manifest['queries'];

/** Sampled versions with a closure near the typical size (60–150), in sample order. */
export function typicalSample(sample: Sampled[]): Sampled[] {
  return sample.filter((s) => s.c >= 60 && s.c <= 150);
}

/** Up to 200 typical versions, and the 50 largest closures of the sample. */
export function closureInputs(u: Universe, sample: Sampled[]): Pick<Queries, 'typical' | 'large'> {
  const typical = typicalSample(sample)
    .slice(0, 200)
    .map((s) => ({ purl: purlOf(u, s.v), closure: s.c }));
  const large = [...sample]
    .sort((a, b) => b.c - a.c)
    .slice(0, 50)
    .filter((s) => s.c > 0)
    .map((s) => ({ purl: purlOf(u, s.v), closure: s.c }));
  return { typical, large };
}

/**
 * Popular names (partial purls), and the ten names or versions whose whole answer is nearest to
 * 10,000 purls: among the 400 most popular names of each language ecosystem, the aggregators
 * (all versions, and the latest alone) and the monorepo.
 */
export function nameInputs(u: Universe, closure: Closure, monorepo: App): Pick<Queries, 'partial' | 'near10k'> {
  const partial: Queries['partial'] = [];
  const near: Queries['near10k'] = [];
  const allVersions = (nameId: number): number[] =>
    Array.from({ length: u.nameCount[nameId] }, (_, j) => u.nameFirst[nameId] + j);
  for (const eco of APP_ECOS) {
    const { start, count } = u.ecoNames[eco];
    for (let r = 0; r < Math.min(count, 400); r++) {
      const nameId = start + r;
      if (partial.length < 400 && (r < 40 || r % 5 === 0))
        partial.push({ purl: u.names[nameId].purlName, versions: u.nameCount[nameId] });
      near.push({ purl: u.names[nameId].purlName, closure: closure.reach(allVersions(nameId)).length });
    }
  }
  for (const nameId of u.aggregators) {
    const starts = allVersions(nameId);
    near.push({ purl: u.names[nameId].purlName, closure: closure.reach(starts).length });
    const latest = starts[starts.length - 1];
    near.push({ purl: purlOf(u, latest), closure: closure.dependencyCount(latest) });
  }
  near.push({ purl: monorepo.purl, closure: closure.reach(monorepo.direct).length });
  near.sort((a, b) => Math.abs(a.closure - 10_000) - Math.abs(b.closure - 10_000));
  return { partial, near10k: near.slice(0, 10) };
}

/**
 * Many distinct typical inputs (a closure of 40–300), for measuring queries no cache has seen:
 * up to 40,000 versions in an order drawn from a stream of their own.
 */
export function distinctTypicalInputs(
  u: Universe,
  closure: Closure,
  options: Pick<GenerateOptions, 'seed' | 'size'>,
): string[] {
  const typicalMany: string[] = [];
  const qrng = new Rng(`supplygraph-bench:${options.seed}:${options.size}:queries`);
  const order = qrng.shuffle(Array.from({ length: u.versionCount }, (_, v) => v));
  for (const v of order) {
    if (typicalMany.length >= 40_000) break;
    const c = closure.dependencyCount(v);
    if (c >= 40 && c <= 300) typicalMany.push(purlOf(u, v));
  }
  return typicalMany;
}
