// One monorepo: the first npm application also depends on aggregators and popular packages
// until its SBOM holds about 10,000 packages (or an eighth of the npm versions, when fewer).
import type { Rng } from '../lib/rng.js';
import type { App } from './apps.js';
import type { Closure } from './closure.js';
import { ECO_SHARE } from './ecosystems.js';
import { sortedUnique } from './coverage.js';
import type { SizeParams } from './sizes.js';
import type { Universe } from './universe.js';

/** Grows the first npm application into the monorepo; returns it. */
export function growMonorepo(u: Universe, closure: Closure, rng: Rng, apps: App[], params: SizeParams): App {
  const monorepo = apps.find((a) => a.eco === 'npm')!;
  const want = Math.min(10_000, Math.round((params.versions * ECO_SHARE.npm) / 8));
  const { start, count } = u.ecoNames.npm;
  const npmAggregators = u.aggregators.filter((n) => n >= start && n < start + count);
  let size = closure.reach(monorepo.direct).length;
  for (let i = 0; size < want && i < 5000; i++) {
    const nameId = i < npmAggregators.length ? npmAggregators[i] : start + rng.int(0, count);
    const k = u.nameCount[nameId];
    monorepo.direct.push(u.nameFirst[nameId] + k - 1);
    size = closure.reach(monorepo.direct).length;
  }
  monorepo.direct = sortedUnique(monorepo.direct);
  return monorepo;
}
