// The packages of the stream's SBOMs. A component is immutable and shared: every service of a
// seed draws from one pool (the seed's real packages, padded with synthetic ones of its types and
// namespaces), and a version bump makes a new component. Services hold references only, so a
// portfolio of thousands of services stays small in memory; each component's JSON text is
// written once and reused by every document that lists it.
import type { Rng } from '../lib/rng.js';
import { WORDS } from '../generate/words.js';
import type { SeedComponent, SeedTemplate } from './seeds.js';
import { bumpVersion, purlOf, stemOf, syntheticVersion, tailOf, type PurlParts } from './stream-purl.js';

export interface Component {
  readonly type: string;
  /** The purl up to the name, and what follows the version (see stream-purl.ts). */
  readonly stem: string;
  readonly tail: string;
  readonly version: string;
  readonly purl: string;
  /** As the document names it: CycloneDX name and group, SPDX package name. */
  readonly name: string;
  readonly group?: string;
  readonly cdxType: string;
  /** The purl as a JSON string, and the component's JSON text in either format (set once, by the writers). */
  quoted?: string;
  cdx?: string;
  spdx?: string;
}

/** The packages services of one seed start from. */
export interface SeedPool {
  seed: SeedTemplate;
  real: Component[];
  synthetic: Component[];
}

/** Qualifiers a synthetic package copies from the real one it is modelled on (the others name that one package). */
const COPIED_QUALIFIERS = new Set(['arch', 'distro', 'type', 'os']);

function fromSeed(c: SeedComponent): Component {
  const stem = stemOf(c.purl);
  const tail = tailOf(c.purl);
  const { version } = c.purl;
  const purl = purlOf(stem, version, tail);
  return { type: c.purl.type, stem, tail, version, purl, name: c.name, group: c.group, cdxType: c.cdxType };
}

/** The same package at another version: same name, qualifiers and JSON shape. */
export function withVersion(c: Component, version: string): Component {
  const { type, stem, tail, name, group, cdxType } = c;
  return { type, stem, tail, version, purl: purlOf(stem, version, tail), name, group, cdxType };
}

/** The next release of a package: mostly a patch, sometimes a minor version. */
export function bumped(c: Component, rng: Rng): Component {
  return withVersion(c, bumpVersion(c.version, rng.chance(0.2), rng));
}

/** A package name in the style of the ecosystem (lowercase words, joined as its packages are). */
function syntheticName(type: string, rng: Rng): string {
  const first = rng.pick(WORDS);
  const second = rng.pick(WORDS);
  switch (type) {
    case 'deb':
    case 'rpm':
    case 'apk':
    case 'alpine':
      return rng.chance(0.5) ? `lib${first}${second}` : `${first}-${second}`;
    case 'maven':
      return `${first}-${second}${rng.chance(0.3) ? '-core' : ''}`;
    default:
      return rng.chance(0.3) ? first + second : `${first}-${second}`;
  }
}

/**
 * A package that is not in the seed, modelled on one that is: same type, namespace (npm scope,
 * maven group, Go module host and owner, distribution) and distribution qualifiers; a new name
 * and a first version in the ecosystem's style.
 */
export function synthetic(model: Component, parts: PurlParts, rng: Rng, suffix: string): Component {
  const name = `${syntheticName(parts.type, rng)}${suffix}`;
  const qualifiers = parts.qualifiers.filter(([k]) => COPIED_QUALIFIERS.has(k));
  const stem = stemOf({ type: parts.type, namespace: parts.namespace, name });
  const tail = tailOf({ qualifiers });
  const version = syntheticVersion(parts.type, rng);
  const shown = namesOf(parts, name);
  return { type: parts.type, stem, tail, version, purl: purlOf(stem, version, tail), ...shown, cdxType: model.cdxType };
}

/** How generators name a package: Go modules by their whole path, maven and scoped npm with a group. */
function namesOf(parts: PurlParts, name: string): { name: string; group?: string } {
  if (!parts.namespace) return { name };
  if (parts.type === 'golang') return { name: `${parts.namespace}/${name}` };
  if (['maven', 'composer', 'npm'].includes(parts.type)) return { name, group: parts.namespace };
  return { name };
}

/**
 * The seed's packages and, when it has fewer than `target`, half again as many synthetic ones as
 * are missing: services of one seed share most of their packages (as services of one company
 * share their popular dependencies) without all being the same.
 */
export function seedPool(seed: SeedTemplate, target: number, rng: Rng): SeedPool {
  const real = seed.components.map(fromSeed);
  const missing = Math.max(0, target - real.length);
  const padding: Component[] = [];
  const taken = new Set(real.map((c) => c.stem));
  while (padding.length < Math.ceil(missing * 1.5)) {
    const k = rng.int(0, real.length);
    let made = synthetic(real[k], seed.components[k].purl, rng, '');
    // Names are drawn from a short word list: a clash gets a numbered suffix, never a duplicate.
    for (let n = 2; taken.has(made.stem); n++) made = synthetic(real[k], seed.components[k].purl, rng, `-${n}`);
    taken.add(made.stem);
    padding.push(made);
  }
  return { seed, real, synthetic: padding };
}

/** The first build's packages of a new service: `target` of them, the seed's real ones first. */
export function initialComponents(pool: SeedPool, target: number, rng: Rng): Component[] {
  if (pool.real.length >= target) return sample(pool.real, target, rng);
  return [...pool.real, ...sample(pool.synthetic, target - pool.real.length, rng)];
}

/** `count` of the items, chosen at random, in their original order. */
function sample<T>(items: readonly T[], count: number, rng: Rng): T[] {
  const picks = rng.shuffle(items.map((_, i) => i)).slice(0, count);
  return picks.sort((a, b) => a - b).map((i) => items[i]);
}
