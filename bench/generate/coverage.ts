// Every version in at least one SBOM: versions nobody depends on become direct dependencies of
// some application (language ecosystems) or are installed in some image (deb).
import type { Rng } from '../lib/rng.js';
import type { App } from './apps.js';
import type { Closure } from './closure.js';
import { APP_ECOS, ECOSYSTEMS, type Eco } from './ecosystems.js';
import type { Image } from './images.js';
import type { Universe } from './universe.js';

/** Versions nobody depends on, per ecosystem, in a seeded order. */
export function rootsByEcosystem(u: Universe, rng: Rng): Map<Eco, number[]> {
  const indeg = new Uint32Array(u.versionCount);
  for (let i = 0; i < u.out.length; i++) indeg[u.out[i]]++;
  const roots = new Map<Eco, number[]>(ECOSYSTEMS.map((e) => [e, []]));
  for (let v = 0; v < u.versionCount; v++) if (indeg[v] === 0) roots.get(u.names[u.verName[v]].eco)!.push(v);
  for (const list of roots.values()) rng.shuffle(list);
  return roots;
}

/** Spreads each language ecosystem's roots over its applications. */
export function addAppRoots(apps: App[], roots: Map<Eco, number[]>): void {
  for (const eco of APP_ECOS) {
    const mine = apps.filter((a) => a.eco === eco);
    roots.get(eco)!.forEach((v, i) => mine[i % mine.length].direct.push(v));
  }
}

/** Spreads the Debian roots over the images. */
export function addImageRoots(images: Image[], roots: Map<Eco, number[]>): void {
  roots.get('deb')!.forEach((v, i) => images[i % images.length].deb.push(v));
}

/**
 * Whatever is still unreachable (versions whose only dependents sit on a cycle nobody else
 * reaches) becomes a direct dependency too, so that every version is in some SBOM.
 */
export function addUnreachable(u: Universe, closure: Closure, apps: App[], images: Image[]): void {
  const reached = new Uint8Array(u.versionCount);
  const mark = (starts: number[]): void => {
    for (const v of closure.reach(starts)) reached[v] = 1;
  };
  for (const a of apps) mark(a.direct);
  for (const im of images) mark(im.deb);
  const byEco = new Map<Eco, number>();
  for (let v = 0; v < u.versionCount; v++) {
    if (reached[v]) continue;
    const eco = u.names[u.verName[v]].eco;
    const turn = byEco.get(eco) ?? 0;
    byEco.set(eco, turn + 1);
    if (eco === 'deb') images[turn % images.length].deb.push(v);
    else {
      const mine = apps.filter((a) => a.eco === eco);
      mine[turn % mine.length].direct.push(v);
    }
    mark([v]);
  }
}

/** Distinct ids in ascending order. */
export function sortedUnique(ids: number[]): number[] {
  return [...new Set(ids)].sort((x, y) => x - y);
}
