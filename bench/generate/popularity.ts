// Power-law picks: most picks go to the top of a popularity order.
import type { Rng } from '../lib/rng.js';
import type { Eco } from './ecosystems.js';
import type { Universe } from './universe.js';

/** An index in [0, n), 0 the most likely: higher `alpha` concentrates the picks more on the top. */
export function zipfIndex(rng: Rng, n: number, alpha: number): number {
  return Math.min(n - 1, Math.floor(n * Math.pow(rng.next(), alpha)));
}

/** A version a document depends on directly: mostly a popular name's latest or a recent release. */
export function popularVersion(u: Universe, rng: Rng, eco: Eco): number {
  const { start, count, core } = u.ecoNames[eco];
  const t = rng.chance(0.7) ? zipfIndex(rng, Math.min(count, core * 3), 1.8) : zipfIndex(rng, count, 2.2);
  const nameId = start + t;
  const k = u.nameCount[nameId];
  const j = rng.chance(0.6) ? k - 1 : Math.max(0, k - 1 - Math.floor(-Math.log(1 - rng.next()) * 2));
  return u.nameFirst[nameId] + j;
}
