// The portfolio's build stream: the SBOMs a company's CI uploads, one per build, for services
// shaped after real SBOMs (seeds.ts). Consecutive builds of a service share almost all of their
// packages; builds interleave across services, some services building far more often than
// others. A generator: one document at a time, never the whole stream in memory or on disk.
// Deterministic: the same options give the same documents, byte for byte, in the same order.
import { Rng } from '../lib/rng.js';
import { isoAt } from '../generate/json-text.js';
import { loadSeeds } from './seeds.js';
import { seedPool, type SeedPool } from './stream-components.js';
import { cycloneDxText } from './stream-cyclonedx.js';
import { newService, nextBuild, type Service } from './stream-service.js';
import { spdxText } from './stream-spdx.js';

export interface BuildStreamOptions {
  /** Same seed and options → byte-identical documents, in the same order. */
  seed: number;
  /** Documents to yield in all. */
  sboms: number;
  /** Distinct services (the caller's default, e.g. max(20, sboms/200)). */
  services: number;
  /**
   * Target components per SBOM (default 1000): the seed's packages padded with synthetic ones of
   * its ecosystems up to this, or sampled down when the seed has more.
   */
  components?: number;
}

export interface BuildDocument {
  /** e.g. "svc-0007-payments" (stable per service). */
  service: string;
  /** 1, 2, 3… per service. */
  build: number;
  /** File name for the document, e.g. "svc-0007-payments-b000042.cdx.json". */
  name: string;
  /** The whole document, JSON text. */
  text: string;
  /**
   * How the API names the build's subject: its purl with its version (an app's
   * pkg:npm/svc-0007-payments@1.0.42, an image's oci purl) and, for an image, its digest "sha256:<64 hex>".
   */
  subject: { purl?: string; digest?: string };
  /** Purls (with versions) this build has and the service's previous build had not (empty for build 1). */
  changed: string[];
  /** Components in this document (the subject not counted). */
  components: number;
}

export const DEFAULT_COMPONENTS = 1000;

/** Zipf exponent of build frequency: the busiest services build tens of times as often as the quietest. */
const BUSY_SKEW = 0.8;

function checkOptions(o: BuildStreamOptions): Required<BuildStreamOptions> {
  const components = o.components ?? DEFAULT_COMPONENTS;
  const whole = (n: number, min: number): boolean => Number.isSafeInteger(n) && n >= min;
  if (!Number.isFinite(o.seed)) throw new RangeError(`seed must be a number, not ${o.seed}`);
  if (!whole(o.sboms, 0)) throw new RangeError(`sboms must be a whole number ≥ 0, not ${o.sboms}`);
  if (!whole(o.services, 1)) throw new RangeError(`services must be a whole number ≥ 1, not ${o.services}`);
  if (!whole(components, 1)) throw new RangeError(`components must be a whole number ≥ 1, not ${components}`);
  return { seed: o.seed, sboms: o.sboms, services: o.services, components };
}

/**
 * Which service builds next: each service once first (in order), so every one of them exists
 * early in the stream; then at random, weighted by a Zipf law over a random ranking.
 */
function* schedule(services: number, sboms: number, rng: Rng): Generator<number> {
  const first = Math.min(services, sboms);
  for (let i = 0; i < first; i++) yield i;
  const rank = rng.shuffle(Array.from({ length: services }, (_, i) => i));
  const cumulative = new Float64Array(services);
  let total = 0;
  for (let i = 0; i < services; i++) cumulative[i] = total += 1 / Math.pow(rank[i] + 1, BUSY_SKEW);
  for (let n = first; n < sboms; n++) {
    const x = rng.next() * total;
    let lo = 0;
    let hi = services - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    yield lo;
  }
}

export function* buildStream(options: BuildStreamOptions): Generator<BuildDocument> {
  const { seed, sboms, services: count, components } = checkOptions(options);
  const seeds = loadSeeds();
  // A seed's pool is made when its first service is: a stream of few services reads few.
  const pools: (SeedPool | undefined)[] = [];
  const poolOf = (k: number): SeedPool =>
    (pools[k] ??= seedPool(seeds[k], components, new Rng(`portfolio:${seed}:pool:${seeds[k].file}:${components}`)));
  const services: (Service | undefined)[] = [];
  let n = 0;
  for (const i of schedule(count, sboms, new Rng(`portfolio:${seed}:schedule`))) {
    const service = (services[i] ??= newService(i, poolOf(i % seeds.length), seed, components));
    // The stream's clock: a build a minute from a fixed start, never the machine's time.
    const build = nextBuild(service, isoAt(n++));
    const cyclonedx = service.pool.seed.format === 'cyclonedx';
    yield {
      service: service.name,
      build: build.build,
      name: `${service.name}-b${String(build.build).padStart(6, '0')}.${cyclonedx ? 'cdx' : 'spdx'}.json`,
      text: cyclonedx ? cycloneDxText(build) : spdxText(build),
      subject: build.digest ? { purl: build.purl, digest: `sha256:${build.digest}` } : { purl: build.purl },
      changed: build.changed,
      components: service.components.length,
    };
  }
}
