// A 10,000-package closure as one CycloneDX 1.5 JSON SBOM: a root application with 20 direct
// dependencies, then a DAG of npm-like packages 7 levels deep with shared dependencies (a package
// often has a second parent, sometimes one two levels up), and one "hub" direct dependency with
// well over the graph view's grouping threshold of direct dependencies. Deterministic from a seed:
// the UI benchmark and the browser test build the same document.
import { Rng } from '../../lib/rng.js';

export interface ClosureDocument {
  document: Record<string, unknown>;
  /** The root component's purl (the SBOM's subject). */
  root: string;
  /** The root's direct dependencies. */
  direct: string[];
  /** A direct dependency with more than 100 direct dependencies of its own. */
  hub: string;
  /** A package on the deepest level. */
  deep: string;
  /** A package as far from the hub as any (along dependency edges), and that distance. */
  hubDeep: string;
  hubDepth: number;
  /** Every component's purl (the closure, without the root). */
  purls: string[];
}

/** Packages per level below the root (sums to 10,000). */
const LEVELS = [20, 180, 900, 2000, 2800, 2500, 1600];
const HUB_CHILDREN = 60;
const HUB_SHARED = 60;

const SCOPES = [
  '@babel',
  '@types',
  '@aws-sdk',
  '@smithy',
  '@jest',
  '@vue',
  '@eslint',
  '@octokit',
  '@rollup',
  '@emotion',
  '@radix-ui',
  '@tanstack',
  '@opentelemetry',
  '@sinonjs',
  '@esbuild',
];
const HEADS = [
  'fast',
  'tiny',
  'micro',
  'node',
  'is',
  'get',
  'json',
  'http',
  'stream',
  'color',
  'date',
  'path',
  'url',
  'string',
  'array',
  'object',
  'deep',
  'safe',
  'async',
  'promise',
  'event',
  'parse',
  'glob',
  'yaml',
  'chalk',
  'buffer',
  'crypto',
  'mime',
  'semver',
  'debug',
  'ws',
  'zlib',
  'query',
  'cookie',
  'form',
  'retry',
  'cache',
  'lru',
  'uuid',
  'base64',
];
const TAILS = [
  'utils',
  'parser',
  'js',
  'core',
  'plugin',
  'loader',
  'helper',
  'map',
  'merge',
  'compat',
  'ify',
  'stream',
  'cli',
  'kit',
  'lite',
  'polyfill',
  'types',
  'runtime',
  'config',
  'client',
];

/** `pkg:npm/…` as the purl spec spells it (the scope's `@` percent-encoded). */
export function npmPurl(name: string, version: string): string {
  const path = name.startsWith('@') ? `%40${name.slice(1)}` : name;
  return `pkg:npm/${path}@${version}`;
}

function names(rng: Rng, count: number): string[] {
  const taken = new Set<string>();
  const out: string[] = [];
  while (out.length < count) {
    let base = `${rng.pick(HEADS)}-${rng.pick(TAILS)}`;
    if (rng.chance(0.3)) base = `${rng.pick(SCOPES)}/${base}`;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
    taken.add(name);
    out.push(name);
  }
  return out;
}

/** The node farthest (by shortest distance) from `start`, the first such in breadth-first order. */
function farthest(edges: ReadonlyMap<string, ReadonlySet<string>>, start: string): { id: string; depth: number } {
  const depth = new Map([[start, 0]]);
  const queue = [start];
  let last = start;
  for (let i = 0; i < queue.length; i++) {
    last = queue[i];
    for (const next of [...(edges.get(last) ?? [])].sort())
      if (!depth.has(next)) {
        depth.set(next, depth.get(last)! + 1);
        queue.push(next);
      }
  }
  return { id: last, depth: depth.get(last)! };
}

export function closureDocument(seed = 'supplygraph-ui-closure'): ClosureDocument {
  const rng = new Rng(seed);
  const total = LEVELS.reduce((a, b) => a + b, 0);
  const all = names(rng, total).map((name) => ({
    name,
    version: `${rng.int(0, 12)}.${rng.int(0, 30)}.${rng.int(0, 20)}`,
  }));
  const levels: { name: string; version: string; purl: string }[][] = [];
  let at = 0;
  for (const size of LEVELS) {
    levels.push(all.slice(at, at + size).map((c) => ({ ...c, purl: npmPurl(c.name, c.version) })));
    at += size;
  }
  const root = npmPurl('acme-storefront', '1.0.0');
  const hub = levels[0][0].purl;
  const edges = new Map<string, Set<string>>([[root, new Set(levels[0].map((c) => c.purl))]]);
  const link = (from: string, to: string): void => {
    const set = edges.get(from) ?? new Set<string>();
    set.add(to);
    edges.set(from, set);
  };
  for (let k = 1; k < levels.length; k++) {
    levels[k].forEach((child, i) => {
      // Every package has a parent one level up (so it is exactly k+1 steps deep at most).
      const primary = k === 1 && i < HUB_CHILDREN ? hub : rng.pick(levels[k - 1]).purl;
      link(primary, child.purl);
      if (rng.chance(0.35)) link(rng.pick(levels[k - 1]).purl, child.purl);
      if (k >= 2 && rng.chance(0.1)) link(rng.pick(levels[k - 2]).purl, child.purl);
    });
  }
  for (let i = 0; i < HUB_SHARED; i++) link(hub, rng.pick(levels[2]).purl);
  const components = levels.flat().map((c) => ({
    type: 'library',
    'bom-ref': c.purl,
    name: c.name.includes('/') ? c.name.split('/')[1] : c.name,
    ...(c.name.includes('/') ? { group: c.name.split('/')[0] } : {}),
    version: c.version,
    purl: c.purl,
  }));
  const document = {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: `urn:uuid:${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-8${rng.hex(3)}-${rng.hex(12)}`,
    version: 1,
    metadata: {
      timestamp: '2026-01-01T00:00:00Z',
      component: { type: 'application', 'bom-ref': root, name: 'acme-storefront', version: '1.0.0', purl: root },
    },
    components,
    dependencies: [...edges.entries()].map(([ref, dependsOn]) => ({ ref, dependsOn: [...dependsOn].sort() })),
  };
  const { id: hubDeep, depth: hubDepth } = farthest(edges, hub);
  return {
    document,
    hubDeep,
    hubDepth,
    root,
    direct: levels[0].map((c) => c.purl),
    hub,
    deep: levels[levels.length - 1][0].purl,
    purls: components.map((c) => c.purl),
  };
}
