// Applications: an ecosystem, an identity, and direct dependencies on popular packages.
import type { Rng } from '../lib/rng.js';
import { APP_ECOS, APP_SHARE, type Eco } from './ecosystems.js';
import { popularVersion } from './popularity.js';
import type { Universe } from './universe.js';
import { word } from './words.js';

export interface App {
  eco: Eco;
  purl: string;
  name: string;
  group?: string;
  version: string;
  /** Versions it depends on directly. */
  direct: number[];
  /** SHA-256 of its binary (in the image SBOMs that hold it). */
  binary: string;
}

/** `count` applications: one of each language ecosystem first, then ecosystems by their shares. */
export function makeApps(u: Universe, rng: Rng, count: number): App[] {
  const apps: App[] = [];
  for (let i = 0; i < count; i++)
    apps.push(makeApp(u, rng, i + 1, i < APP_ECOS.length ? APP_ECOS[i] : pickAppEcosystem(rng)));
  return apps;
}

/** Application number `i` of `eco`, on popular packages of its ecosystem. */
export function makeApp(u: Universe, rng: Rng, i: number, eco: Eco): App {
  const version = `${1 + (i % 4)}.${rng.int(0, 20)}.${rng.int(0, 10)}`;
  const svc = `svc-${word(rng)}-${i}`;
  const direct = new Set<number>();
  const n = 6 + Math.floor(30 * Math.pow(rng.next(), 1.5));
  for (let d = 0; d < n; d++) direct.add(popularVersion(u, rng, eco));
  const binary = rng.hex(64);
  return { eco, ...identity(eco, svc, version), direct: [...direct], binary };
}

function pickAppEcosystem(rng: Rng): Eco {
  let x = rng.next();
  for (let i = 0; i < APP_ECOS.length; i++) {
    x -= APP_SHARE[i];
    if (x < 0) return APP_ECOS[i];
  }
  return 'npm';
}

/** The application's purl and CycloneDX fields, as its ecosystem names services of the acme organisation. */
function identity(eco: Eco, svc: string, version: string): Pick<App, 'purl' | 'group' | 'name' | 'version'> {
  switch (eco) {
    case 'npm':
      return { purl: `pkg:npm/%40acme/${svc}@${version}`, group: '@acme', name: svc, version };
    case 'maven':
      return { purl: `pkg:maven/com.acme.services/${svc}@${version}`, group: 'com.acme.services', name: svc, version };
    case 'pypi':
      return { purl: `pkg:pypi/acme-${svc}@${version}`, name: `acme-${svc}`, version };
    default:
      return {
        purl: `pkg:golang/github.com/acme/${svc}@v${version}`,
        name: `github.com/acme/${svc}`,
        version: `v${version}`,
      };
  }
}
