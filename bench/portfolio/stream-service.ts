// A service of the portfolio and its history: the first build takes its packages from its seed's
// pool, each later build is the previous one with one to five versions bumped, now and then a
// package added or removed, a new subject version and, for an image, a new digest. Everything is
// drawn from the service's own RNG, so a service's builds do not depend on how the stream
// interleaves the services.
import { Rng } from '../lib/rng.js';
import { WORDS } from '../generate/words.js';
import { uuid } from '../generate/json-text.js';
import { bumped, initialComponents, synthetic, type Component, type SeedPool } from './stream-components.js';
import { dependencyGraph, type DependencyGraph } from './stream-graph.js';

export interface Service {
  /** svc-0007-payments */
  name: string;
  pool: SeedPool;
  rng: Rng;
  /** Seeds the service's dependency graph (stream-graph.ts). */
  salt: number;
  components: Component[];
  /** Builds made so far. */
  builds: number;
}

/** One build of a service: what the writers of both formats put in its document. */
export interface Build {
  service: Service;
  build: number;
  /** The subject's version: 1.0.<build> (v1.0.<build> for Go). */
  version: string;
  /** The subject's purl (for an image, its oci purl, whose version is the digest). */
  purl: string;
  /** An image's digest, 64 hex digits. */
  digest?: string;
  /** Serial number (CycloneDX) or namespace (SPDX) of the document. */
  uuid: string;
  timestamp: string;
  graph: DependencyGraph;
  changed: string[];
}

/** Where the stream's images are pushed (an oci purl's repository_url, without the image's name). */
export const REGISTRY = 'registry.example.com/acme';

/** Namespaces of an app's own purl, for the types that need one. */
const APP_NAMESPACE: Record<string, string> = {
  maven: 'com.example.acme',
  golang: 'example.com/acme',
  composer: 'acme',
};
const APP_TYPES = new Set(['npm', 'maven', 'golang', 'composer', 'pypi', 'conda', 'cargo', 'gem', 'nuget']);

export function newService(index: number, pool: SeedPool, seed: number, target: number): Service {
  const rng = new Rng(`portfolio:${seed}:service:${index}`);
  const name = `svc-${String(index + 1).padStart(4, '0')}-${rng.pick(WORDS)}`;
  const salt = rng.nextU32();
  return { name, pool, rng, salt, components: initialComponents(pool, target, rng), builds: 0 };
}

/** The service's next build, `timestamp` given by the stream (its clock). */
export function nextBuild(service: Service, timestamp: string): Build {
  const { rng } = service;
  const build = ++service.builds;
  const changed = build === 1 ? [] : evolve(service);
  const graph = dependencyGraph(service.salt, service.components.length);
  const ecosystem = service.pool.seed.ecosystem;
  const version = `${ecosystem === 'golang' && service.pool.seed.kind === 'app' ? 'v' : ''}1.0.${build}`;
  const digest = service.pool.seed.kind === 'image' ? rng.hex(64) : undefined;
  const purl = digest ? imagePurl(service.name, digest, version) : appPurl(service.name, ecosystem, version);
  return { service, build, version, purl, digest, uuid: uuid(rng), timestamp, graph, changed };
}

/** pkg:oci/<name>@sha256:<digest>?repository_url=<registry>&tag=<version>, as the service writes it. */
function imagePurl(name: string, digest: string, tag: string): string {
  return `pkg:oci/${name}@sha256:${digest}?repository_url=${encodeURIComponent(REGISTRY)}&tag=${tag}`;
}

function appPurl(name: string, ecosystem: string, version: string): string {
  const type = APP_TYPES.has(ecosystem) ? ecosystem : 'generic';
  const namespace = APP_NAMESPACE[type];
  return `pkg:${type}/${namespace ? `${namespace}/` : ''}${name}@${version}`;
}

/**
 * The previous build's packages with one to five bumped, and about one build in fifty adding or
 * removing a package. Returns the purls the new build has and the previous one had not.
 */
function evolve(service: Service): string[] {
  const { rng, components } = service;
  const before = new Set(components.map((c) => c.purl));
  const fresh = new Set<string>();
  const free = (purl: string): boolean => !before.has(purl) && !fresh.has(purl);
  const picked = new Set<number>();
  const count = Math.min(rng.int(1, 6), components.length);
  while (picked.size < count) picked.add(rng.int(0, components.length));
  for (const i of picked) {
    // Another version of the same package may already be listed: bump past it.
    let next = bumped(components[i], rng);
    for (let tries = 0; !free(next.purl) && tries < 5; tries++) next = bumped(next, rng);
    if (!free(next.purl)) continue;
    components[i] = next;
    fresh.add(next.purl);
  }
  const event = rng.next();
  if (event < 0.01) addComponent(service, free);
  else if (event < 0.02 && components.length > 2) removeComponent(service);
  return components.filter((c) => !before.has(c.purl)).map((c) => c.purl);
}

function addComponent(service: Service, free: (purl: string) => boolean): void {
  const { rng, pool } = service;
  const k = rng.int(0, pool.real.length);
  let made = synthetic(pool.real[k], pool.seed.components[k].purl, rng, '');
  for (let n = 2; !free(made.purl); n++) made = synthetic(pool.real[k], pool.seed.components[k].purl, rng, `-${n}`);
  service.components.push(made);
}

/** The last component takes the removed one's place: one position changes, every other edge stays. */
function removeComponent(service: Service): void {
  const { rng, components } = service;
  const i = rng.int(0, components.length);
  const last = components.pop()!;
  if (i < components.length) components[i] = last;
}
