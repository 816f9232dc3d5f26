// A realistic synthetic supply-chain graph, written as documents the ingest accepts:
//   sboms/apps/    CycloneDX 1.5 JSON SBOMs of applications (subject: the application's purl)
//   sboms/images/  CycloneDX 1.5 JSON SBOMs of container images (subject: an oci purl whose version
//                  is the image digest, with its hash: the SBOM is the image artifact's)
//   scans/         osv-scanner JSON reports: vulnerable package versions with full OSV records
//                  (explicit `versions` lists) — the format the store turns into CertifyVuln today
//   scorecards/    OpenSSF Scorecard JSON results for a share of the source repositories
//   extra/         one more application SBOM, held back (the benchmark ingests it while serving)
//   manifest.json  the parameters, the graph's measured shape and query inputs for the benchmark
//
// Model (one "universe" graph, then documents that show parts of it):
// - five ecosystems (npm, maven, pypi, golang, deb), each with its own popularity order: name
//   rank 0 is the most popular. Versions per name fall with rank (popular names have many).
// - a version's dependencies are names of *lower* rank (more popular), chosen by a power law
//   over the popular core, plus now and then a name from the long tail; older releases depend on
//   older releases. The result is a DAG in which a typical closure stays around a hundred
//   versions and a few reach thousands; a few back edges make cycles.
// - the dependency edges of a version are the same in every SBOM that includes it (as in
//   reality), so the union of the documents is exactly the universe graph.
// - every version is in at least one SBOM: versions nobody depends on are direct dependencies of
//   some application (language ecosystems) or installed in some image (deb).
// Deterministic: the same seed and size give the same bytes. Files are streamed out one by one.
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ReverseWalks } from './reverse.js';
import { Rng } from './rng.js';

export type SizeName = 'tiny' | 'S' | 'M' | 'L';

export interface SizeParams {
  /** Package versions in the universe (approximate: whole names are added until reached). */
  versions: number;
  /** Application SBOMs. */
  apps: number;
  /** Container image SBOMs (each wraps one application plus a Debian base). */
  images: number;
}

export const SIZES: Record<SizeName, SizeParams> = {
  tiny: { versions: 600, apps: 8, images: 4 },
  S: { versions: 6_000, apps: 60, images: 24 },
  M: { versions: 40_000, apps: 300, images: 100 },
  L: { versions: 200_000, apps: 1_500, images: 500 },
};

export interface GenerateOptions {
  size: SizeName;
  seed: string;
  out: string;
  /** Called with progress lines (stderr in the CLI). */
  log?: (line: string) => void;
}

// ---------------------------------------------------------------------------------------------
// Ecosystems and names

const ECOSYSTEMS = ['npm', 'maven', 'pypi', 'golang', 'deb'] as const;
type Eco = (typeof ECOSYSTEMS)[number];
const ECO_SHARE: Record<Eco, number> = { npm: 0.5, maven: 0.16, pypi: 0.12, golang: 0.12, deb: 0.1 };
const OSV_ECOSYSTEM: Record<Eco, string> = { npm: 'npm', maven: 'Maven', pypi: 'PyPI', golang: 'Go', deb: 'Debian:12' };
const APP_ECOS: readonly Eco[] = ['npm', 'maven', 'pypi', 'golang'];
const APP_SHARE = [0.55, 0.18, 0.13, 0.14];

const SYLLABLES = [
  'ab',
  'ac',
  'al',
  'an',
  'ar',
  'as',
  'ba',
  'be',
  'bo',
  'ca',
  'ce',
  'co',
  'cu',
  'da',
  'de',
  'di',
  'do',
  'el',
  'en',
  'er',
  'fa',
  'fi',
  'fo',
  'ga',
  'ge',
  'go',
  'ha',
  'he',
  'hi',
  'in',
  'io',
  'ja',
  'ka',
  'ki',
  'ko',
  'la',
  'le',
  'li',
  'lo',
  'lu',
  'ma',
  'me',
  'mi',
  'mo',
  'mu',
  'na',
  'ne',
  'no',
  'nu',
  'or',
  'pa',
  'pe',
  'pi',
  'po',
  'qu',
  'ra',
  're',
  'ri',
  'ro',
  'ru',
  'sa',
  'se',
  'si',
  'so',
  'su',
  'ta',
  'te',
  'ti',
  'to',
  'tu',
  'un',
  'va',
  've',
  'vi',
  'vo',
  'xa',
  'ya',
  'yo',
  'za',
  'ze',
  'zo',
];
const WORDS = [
  'core',
  'utils',
  'parser',
  'client',
  'server',
  'http',
  'json',
  'yaml',
  'log',
  'stream',
  'cache',
  'crypto',
  'auth',
  'config',
  'cli',
  'test',
  'mock',
  'async',
  'path',
  'fs',
  'net',
  'proto',
  'grpc',
  'sql',
  'orm',
  'time',
  'date',
  'uuid',
  'hash',
  'zip',
  'image',
  'xml',
  'csv',
  'template',
  'router',
  'queue',
  'event',
  'retry',
  'color',
  'glob',
];
const ORGS = [
  'acme',
  'initech',
  'globex',
  'umbrella',
  'hooli',
  'vandelay',
  'stark',
  'wayne',
  'wonka',
  'tyrell',
  'cyberdyne',
  'soylent',
  'oscorp',
  'massive',
  'aperture',
  'blackmesa',
  'gringotts',
  'monarch',
  'prestige',
  'duff',
];

function word(rng: Rng): string {
  return rng.chance(0.5)
    ? rng.pick(WORDS)
    : rng.pick(SYLLABLES) + rng.pick(SYLLABLES) + (rng.chance(0.5) ? rng.pick(SYLLABLES) : '');
}

interface NameInfo {
  eco: Eco;
  /** purl without version (canonical), e.g. pkg:npm/%40acme/foo */
  purlName: string;
  /** CycloneDX group / name fields. */
  group?: string;
  name: string;
  /** OSV package name. */
  osvName: string;
  /** Source repository (host/owner/repo) when the package links to one. */
  repo?: string;
  /** true when the source is implied by the purl itself (golang github.com/...). */
  impliedSource: boolean;
}

function makeName(eco: Eco, rank: number, rng: Rng): NameInfo {
  const id = rank.toString(36);
  const base = `${word(rng)}-${word(rng)}-${id}`;
  const owner = rng.pick(ORGS) + (rng.chance(0.7) ? `-${rng.pick(SYLLABLES)}${rng.pick(SYLLABLES)}` : '');
  switch (eco) {
    case 'npm': {
      const scoped = rng.chance(0.2);
      const name = base;
      const repo = rng.chance(0.6) ? `github.com/${owner}/${name}` : undefined;
      if (scoped) {
        const scope = rng.pick(ORGS);
        return {
          eco,
          purlName: `pkg:npm/%40${scope}/${name}`,
          group: `@${scope}`,
          name,
          osvName: `@${scope}/${name}`,
          repo,
          impliedSource: false,
        };
      }
      return { eco, purlName: `pkg:npm/${name}`, name, osvName: name, repo, impliedSource: false };
    }
    case 'maven': {
      const group = `${rng.chance(0.5) ? 'org' : 'com'}.${rng.pick(ORGS)}.${word(rng).replace(/-/g, '')}`;
      const repo = rng.chance(0.5) ? `github.com/${owner}/${base}` : undefined;
      return {
        eco,
        purlName: `pkg:maven/${group}/${base}`,
        group,
        name: base,
        osvName: `${group}:${base}`,
        repo,
        impliedSource: false,
      };
    }
    case 'pypi': {
      const repo = rng.chance(0.5) ? `github.com/${owner}/${base}` : undefined;
      return { eco, purlName: `pkg:pypi/${base}`, name: base, osvName: base, repo, impliedSource: false };
    }
    case 'golang': {
      const path = `github.com/${owner}/${base}`;
      return { eco, purlName: `pkg:golang/${path}`, name: path, osvName: path, repo: path, impliedSource: true };
    }
    case 'deb': {
      const name = `lib${word(rng).replace(/-/g, '')}${id}`;
      return { eco, purlName: `pkg:deb/debian/${name}`, group: 'debian', name, osvName: name, impliedSource: false };
    }
  }
}

function versionString(eco: Eco, j: number, salt: number): string {
  const major = 1 + Math.floor(j / 6);
  const minor = j % 6;
  const patch = salt % 13;
  switch (eco) {
    case 'golang':
      return `v${major}.${minor}.${patch}`;
    case 'deb':
      return `${major}.${minor}.${patch}-${1 + (salt % 3)}`;
    default:
      return `${major}.${minor}.${patch}`;
  }
}

const DEB_QUALIFIERS = '?arch=amd64&distro=debian-12';

// ---------------------------------------------------------------------------------------------
// The universe graph

class U32List {
  data = new Uint32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }
  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }
}

export interface Universe {
  names: NameInfo[];
  /** Per name: first version id, version count, rank within its ecosystem. */
  nameFirst: Uint32Array;
  nameCount: Uint32Array;
  nameRank: Uint32Array;
  /** Per ecosystem: [first name id, name count, core size]. */
  ecoNames: Record<Eco, { start: number; count: number; core: number }>;
  /** Per version: its name and its index among the name's versions (0 = oldest). */
  verName: Uint32Array;
  verIndex: Uint32Array;
  verSalt: Uint32Array;
  /** Dependency edges as CSR (distinct per version). */
  outStart: Uint32Array;
  out: Uint32Array;
  versionCount: number;
  backEdges: number;
  /** Names of aggregator packages (many long-tail dependencies). */
  aggregators: number[];
}

function zipfIndex(rng: Rng, n: number, alpha: number): number {
  return Math.min(n - 1, Math.floor(n * Math.pow(rng.next(), alpha)));
}

/** Shape knobs of the universe (exported for tuning; the defaults are what the sizes use). */
export const KNOBS = {
  /** Share of dependency picks that go to the long tail (names less popular than the core). */
  tailPick: 0.07,
  /** Power-law exponent of picks among the popular core (higher: more concentrated on the top). */
  alpha: 2.6,
  /** Core size: this share of an ecosystem's names, at most coreCap. */
  coreShare: 0.04,
  coreCap: 150,
  /** Chance that a dependency pick takes the target's latest release. */
  latest: 0.6,
  /** Degree exponent: degree = 5 + 45 * u^degreeExp for non-leaf versions. */
  degreeExp: 2.5,
  leafShare: 0.22,
  /** Core names have at most 2 + rank * coreDegreeSlope dependencies (the most popular are small). */
  coreDegreeSlope: 0.1,
  /** Chance that a long-tail pick takes a release nobody depends on yet (so few versions are orphans). */
  orphanPick: 0.8,
  /** Share of long-tail names that are aggregators (SDK bundles, framework CLIs) with many long-tail dependencies. */
  aggregatorShare: 0.004,
};

export function buildUniverse(params: SizeParams, rng: Rng): Universe {
  const names: NameInfo[] = [];
  const first: number[] = [];
  const count: number[] = [];
  const ranks: number[] = [];
  const ecoNames = {} as Universe['ecoNames'];
  const aggregators: number[] = [];
  const verName = new U32List();
  const verIndex = new U32List();
  const verSalt = new U32List();
  const outStartList = new U32List();
  const out = new U32List();
  const { tailPick, alpha } = KNOBS;

  for (const eco of ECOSYSTEMS) {
    const targetVersions = Math.max(40, Math.round(params.versions * ECO_SHARE[eco]));
    const estimatedNames = Math.max(16, Math.round(targetVersions / 2.9));
    const core = Math.max(8, Math.min(KNOBS.coreCap, Math.round(estimatedNames * KNOBS.coreShare)));
    const start = names.length;
    let versions = 0;
    let rank = 0;
    // Tail releases nobody depends on yet (swap-remove pool).
    const orphans: number[] = [];
    while (versions < targetVersions) {
      const r = rank++;
      const info = makeName(eco, r, rng);
      const nameId = names.length;
      names.push(info);
      // Popular names have many releases; the tail has one to a few.
      const mean = 1.4 + 12 * (core / (r + core));
      const k = Math.min(60, 1 + Math.floor(-Math.log(1 - rng.next()) * mean));
      first.push(verName.length);
      count.push(k);
      ranks.push(r);
      versions += k;
      // The name's dependency names: lower ranks only (a DAG), mostly the popular core.
      let degree = 0;
      if (r > 0 && !rng.chance(r < core / 4 ? 0.5 : KNOBS.leafShare))
        degree = 5 + Math.floor(45 * Math.pow(rng.next(), KNOBS.degreeExp));
      degree = Math.min(degree, r);
      if (r < core) degree = Math.min(degree, Math.floor(2 + r * KNOBS.coreDegreeSlope));
      // The name's core dependencies (shared by its releases, as real releases share most of theirs).
      const targets: number[] = [];
      const chosen = new Set<number>();
      const coreDegree = r > core ? Math.round(degree * (1 - tailPick)) : degree;
      for (let attempts = 0; targets.length < coreDegree + 2 && attempts < (coreDegree + 2) * 6; attempts++) {
        const t = zipfIndex(rng, Math.min(r, core), alpha);
        if (t >= r || chosen.has(t)) continue;
        chosen.add(t);
        targets.push(start + t);
      }
      const spares = targets.splice(Math.min(coreDegree, targets.length));
      // Aggregators pull in many long-tail packages: the long tail of closure sizes.
      const aggregator = r > core * 4 && degree > 0 && rng.chance(KNOBS.aggregatorShare);
      const tailDegree = aggregator
        ? Math.max(0, Math.min(50 - coreDegree, rng.int(20, 45)))
        : r > core
          ? degree - coreDegree
          : 0;
      if (aggregator) aggregators.push(nameId);
      for (let j = 0; j < k; j++) {
        const v = verName.length;
        verName.push(nameId);
        verIndex.push(j);
        verSalt.push(rng.nextU32() >>> 8);
        outStartList.push(out.length);
        const seenTargets = new Set<number>();
        const add = (target: number): void => {
          if (seenTargets.has(target) || target === v) return;
          seenTargets.add(target);
          out.push(target);
        };
        // Older releases have a few dependencies fewer; about one in ten is swapped for another.
        const dj = j === k - 1 ? targets.length : Math.max(0, targets.length - rng.int(0, 3));
        for (let i = 0; i < dj; i++) {
          let tn = targets[i];
          if (spares.length && rng.chance(0.1)) tn = rng.pick(spares);
          const kt = count[tn];
          // Release time: an old release depends on old releases of its dependencies.
          let jt: number;
          if (rng.chance(KNOBS.latest)) jt = kt - 1;
          else {
            const frac = k === 1 ? 1 : j / (k - 1);
            jt = Math.max(0, Math.min(kt - 1, Math.round(frac * (kt - 1)) + rng.int(-1, 2)));
          }
          add(first[tn] + jt);
        }
        // Long-tail dependencies, per release: mostly releases nobody depends on yet.
        if (tailDegree > 0 || (r > core && degree > 0 && rng.chance(degree * tailPick))) {
          const n = Math.max(1, tailDegree);
          for (let i = 0; i < n; i++) {
            if (!aggregator && orphans.length && rng.chance(KNOBS.orphanPick)) {
              const at = rng.int(0, orphans.length);
              add(orphans[at]);
              orphans[at] = orphans[orphans.length - 1];
              orphans.pop();
            } else {
              const tn = start + core + Math.floor(rng.next() * (r - core));
              add(first[tn] + rng.int(0, count[tn]));
            }
          }
        }
      }
      if (r >= core) for (let j = 0; j < k; j++) orphans.push(first[nameId] + j);
    }
    ecoNames[eco] = { start, count: names.length - start, core };
  }
  const versionCount = verName.length;
  outStartList.push(out.length);

  // Cycles: now and then a dependency of a long-tail version depends back on it.
  const outStart = outStartList.view().slice();
  const forward = out.view();
  const back = new Map<number, number[]>();
  let backEdges = 0;
  const wanted = Math.max(2, Math.round(versionCount * 0.002));
  for (let attempts = 0; backEdges < wanted && attempts < wanted * 50; attempts++) {
    const v = rng.int(0, versionCount);
    const eco = names[verName.data[v]].eco;
    if (ranks[verName.data[v]] <= ecoNames[eco].core) continue;
    const deg = outStart[v + 1] - outStart[v];
    if (deg === 0) continue;
    const u = forward[outStart[v] + rng.int(0, deg)];
    if (ranks[verName.data[u]] < ecoNames[eco].core) continue; // only among the tail
    const list = back.get(u) ?? [];
    if (list.includes(v)) continue;
    let exists = false;
    for (let i = outStart[u]; i < outStart[u + 1]; i++) if (forward[i] === v) exists = true;
    if (exists) continue;
    list.push(v);
    back.set(u, list);
    backEdges++;
  }
  const merged = new Uint32Array(forward.length + backEdges);
  const mergedStart = new Uint32Array(versionCount + 1);
  let w = 0;
  for (let v = 0; v < versionCount; v++) {
    mergedStart[v] = w;
    for (let i = outStart[v]; i < outStart[v + 1]; i++) merged[w++] = forward[i];
    for (const x of back.get(v) ?? []) merged[w++] = x;
  }
  mergedStart[versionCount] = w;

  return {
    names,
    nameFirst: Uint32Array.from(first),
    nameCount: Uint32Array.from(count),
    nameRank: Uint32Array.from(ranks),
    ecoNames,
    verName: verName.view().slice(),
    verIndex: verIndex.view().slice(),
    verSalt: verSalt.view().slice(),
    outStart: mergedStart,
    out: merged,
    versionCount,
    backEdges,
    aggregators,
  };
}

function purlOf(u: Universe, v: number): string {
  const info = u.names[u.verName[v]];
  const version = versionString(info.eco, u.verIndex[v], u.verSalt[v]);
  return `${info.purlName}@${version}${info.eco === 'deb' ? DEB_QUALIFIERS : ''}`;
}

function versionOf(u: Universe, v: number): string {
  return versionString(u.names[u.verName[v]].eco, u.verIndex[v], u.verSalt[v]);
}

/** Breadth-first closure (the start nodes excluded unless reached again), as a sorted id list. */
export class Closure {
  private stamp: Uint32Array;
  private queue: Uint32Array;
  private epoch = 0;
  constructor(private readonly u: Universe) {
    this.stamp = new Uint32Array(u.versionCount);
    this.queue = new Uint32Array(u.versionCount);
  }
  /** Versions reachable from `starts` along dependency edges, starts included. */
  reach(starts: Iterable<number>): Uint32Array {
    const { outStart, out } = this.u;
    const stamp = this.stamp;
    const queue = this.queue;
    const epoch = ++this.epoch;
    let tail = 0;
    for (const s of starts)
      if (stamp[s] !== epoch) {
        stamp[s] = epoch;
        queue[tail++] = s;
      }
    for (let head = 0; head < tail; head++) {
      const x = queue[head];
      for (let i = outStart[x], end = outStart[x + 1]; i < end; i++) {
        const y = out[i];
        if (stamp[y] !== epoch) {
          stamp[y] = epoch;
          queue[tail++] = y;
        }
      }
    }
    return queue.slice(0, tail).sort();
  }
  /** Size of the dependency closure of one version (itself excluded unless on a cycle). */
  dependencyCount(v: number): number {
    const { outStart, out } = this.u;
    const epoch = ++this.epoch;
    let tail = 0;
    let selfReached = 0;
    for (let i = outStart[v]; i < outStart[v + 1]; i++) {
      const y = out[i];
      if (this.stamp[y] !== epoch) {
        this.stamp[y] = epoch;
        this.queue[tail++] = y;
      }
    }
    for (let head = 0; head < tail; head++) {
      const x = this.queue[head];
      for (let i = outStart[x], end = outStart[x + 1]; i < end; i++) {
        const y = out[i];
        if (this.stamp[y] !== epoch) {
          this.stamp[y] = epoch;
          this.queue[tail++] = y;
        }
      }
    }
    if (this.stamp[v] === epoch) selfReached = 1;
    return tail - selfReached;
  }
}

// ---------------------------------------------------------------------------------------------
// Streaming writer

class FileWriter {
  private fd: number;
  private parts: string[] = [];
  private pending = 0;
  bytes = 0;
  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }
  write(s: string): void {
    this.parts.push(s);
    this.pending += s.length;
    if (this.pending > 1 << 20) this.flush();
  }
  private flush(): void {
    if (!this.parts.length) return;
    const buf = Buffer.from(this.parts.join(''), 'utf8');
    writeSync(this.fd, buf);
    this.bytes += buf.length;
    this.parts = [];
    this.pending = 0;
  }
  close(): number {
    this.flush();
    closeSync(this.fd);
    return this.bytes;
  }
}

const q = JSON.stringify;

function uuid(rng: Rng): string {
  const h = rng.hex(32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[parseInt(h[16], 16) & 3]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const EPOCH = Date.UTC(2025, 0, 6);
function isoAt(offsetMinutes: number): string {
  return new Date(EPOCH + offsetMinutes * 60_000).toISOString().replace('.000Z', 'Z');
}

// ---------------------------------------------------------------------------------------------
// Documents

export interface GenerateStats {
  ecosystems: Record<string, { names: number; versions: number; coreNames: number }>;
  packageNames: number;
  packageVersions: number;
  /** Distinct version → version edges of the universe graph (all of them appear in some SBOM). */
  dependencyEdges: number;
  /** Distinct edges including those from application / image subjects to their direct dependencies. */
  distinctEdgesWithSubjects: number;
  cycleBackEdges: number;
  leafVersions: number;
  outDegree: { mean: number; meanNonLeaf: number; max: number };
  closure: {
    sample: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    meanNonLeaf: number;
    p50NonLeaf: number;
  };
  documents: { apps: number; images: number; scans: number; scorecards: number; extra: number; total: number };
  /** dependsOn entries over every SBOM (the IsDependency facts the ingest will store). */
  dependencyFacts: number;
  /** Components over every SBOM. */
  componentEntries: number;
  versionsCovered: number;
  vulnerableVersions: number;
  advisories: number;
  sourcesWithScorecard: number;
  bytes: number;
  seconds: number;
}

/** Bumped whenever the generator's output changes for a given seed (the benchmark regenerates then). */
export const GENERATOR_REVISION = 4;
/**
 * Bumped whenever the manifest's query inputs change while the documents stay the same: a
 * manifest of another query revision is not reused (the same documents are written again).
 */
export const QUERIES_REVISION = 1;

/** Query inputs for the reverse questions (issue 13): dependents, blast radius, paths. */
export interface ReverseQueries {
  /** The 60 versions with the most (transitive) dependents in the generated graph, most first. */
  dependentsPopular: { purl: string; dependents: number }[];
  /** Up to 20,000 distinct versions with 20–500 dependents, in a seeded random order. */
  dependentsTypical: { purl: string; dependents: number }[];
  /**
   * Advisories over popular names (the core of their ecosystem) with the largest blast radius:
   * `dependents` counts versions reaching an affected version (applications and images not counted).
   */
  vulnsPopular: ReverseVuln[];
  /** Advisories spread over all names (dependents counted up to 5,000). */
  vulnsSample: ReverseVuln[];
  /** A typical version → its dependency farthest away (breadth-first hops). */
  pathsPackage: { from: string; to: string; hops: number }[];
  /** An image digest → the package farthest from it through its application. */
  pathsImage: { from: string; to: string }[];
}

export interface ReverseVuln {
  id: string;
  alias: string;
  /** The affected package name (partial purl). */
  package: string;
  versions: number;
  dependents: number;
}

export interface Manifest {
  generator: number;
  /** QUERIES_REVISION when written (absent before the reverse questions' inputs existed). */
  queriesRevision?: number;
  size: SizeName;
  seed: string;
  params: SizeParams;
  stats: GenerateStats;
  /** Directories (relative to the output directory) the benchmark ingests, in order. */
  ingest: string[];
  /** The held-back SBOM (relative path) for the recompute-after-ingest measurement. */
  extra: string;
  queries: {
    /** Versions with a closure near the typical size, with it. */
    typical: { purl: string; closure: number }[];
    /** The largest closures found in the sample. */
    large: { purl: string; closure: number }[];
    /** Popular package names (partial purls), with their version count. */
    partial: { purl: string; versions: number }[];
    /** Names whose all-versions answer is near 10,000 purls, with the size (starts included). */
    near10k: { purl: string; closure: number }[];
    images: { digest: string; purl: string; components: number }[];
    apps: { purl: string; components: number }[];
    vulnerable: string[];
    /** Up to 40,000 distinct versions with a closure of 40–300 (cache-miss scenarios). */
    typicalMany: string[];
    reverse?: ReverseQueries;
  };
}

export function generate(options: GenerateOptions): Manifest {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const params = SIZES[options.size];
  const root = new Rng(`supplygraph-bench:${options.seed}:${options.size}`);
  const u = buildUniverse(params, root.fork('universe'));
  log(
    `universe: ${u.names.length} names, ${u.versionCount} versions, ${u.out.length} edges (${u.backEdges} back edges)`,
  );
  rmSync(options.out, { recursive: true, force: true });
  for (const d of ['sboms/apps', 'sboms/images', 'scans', 'scorecards', 'extra'])
    mkdirSync(join(options.out, d), { recursive: true });

  const closure = new Closure(u);
  const rng = root.fork('documents');

  // --- shape statistics on a sample ---
  const sampleSize = Math.min(u.versionCount, 3000);
  const sample: { v: number; c: number }[] = [];
  for (let i = 0; i < sampleSize; i++) {
    const v = sampleSize === u.versionCount ? i : rng.int(0, u.versionCount);
    sample.push({ v, c: closure.dependencyCount(v) });
  }
  const sizes = sample.map((s) => s.c).sort((a, b) => a - b);
  const nonLeaf = sample
    .filter((s) => u.outStart[s.v + 1] > u.outStart[s.v])
    .map((s) => s.c)
    .sort((a, b) => a - b);
  const pct = (list: number[], p: number): number =>
    list.length ? list[Math.min(list.length - 1, Math.floor(p * list.length))] : 0;
  let leaves = 0;
  let maxDeg = 0;
  for (let v = 0; v < u.versionCount; v++) {
    const d = u.outStart[v + 1] - u.outStart[v];
    if (d === 0) leaves++;
    if (d > maxDeg) maxDeg = d;
  }

  // --- coverage: versions nobody depends on must be direct dependencies of some document ---
  const indeg = new Uint32Array(u.versionCount);
  for (let i = 0; i < u.out.length; i++) indeg[u.out[i]]++;
  const rootsByEco = new Map<Eco, number[]>(ECOSYSTEMS.map((e) => [e, []]));
  for (let v = 0; v < u.versionCount; v++) if (indeg[v] === 0) rootsByEco.get(u.names[u.verName[v]].eco)!.push(v);
  for (const list of rootsByEco.values()) rng.shuffle(list);

  const popularVersion = (eco: Eco, spread = 1): number => {
    const { start, count, core } = u.ecoNames[eco];
    const t = rng.chance(0.7) ? zipfIndex(rng, Math.min(count, core * 3), 1.8) : zipfIndex(rng, count, 2.2 * spread);
    const nameId = start + t;
    const k = u.nameCount[nameId];
    const j = rng.chance(0.6) ? k - 1 : Math.max(0, k - 1 - Math.floor(-Math.log(1 - rng.next()) * 2));
    return u.nameFirst[nameId] + j;
  };

  // Applications: ecosystem, identity, direct dependencies.
  interface App {
    eco: Eco;
    purl: string;
    name: string;
    group?: string;
    version: string;
    direct: number[];
    binary: string;
  }
  const apps: App[] = [];
  const appCount = params.apps;
  const pickEco = (): Eco => {
    let x = rng.next();
    for (let i = 0; i < APP_ECOS.length; i++) {
      x -= APP_SHARE[i];
      if (x < 0) return APP_ECOS[i];
    }
    return 'npm';
  };
  const makeApp = (i: number, eco: Eco): App => {
    const version = `${1 + (i % 4)}.${rng.int(0, 20)}.${rng.int(0, 10)}`;
    const svc = `svc-${word(rng)}-${i}`;
    const direct = new Set<number>();
    const n = 6 + Math.floor(30 * Math.pow(rng.next(), 1.5));
    for (let d = 0; d < n; d++) direct.add(popularVersion(eco));
    const binary = rng.hex(64);
    switch (eco) {
      case 'npm':
        return {
          eco,
          purl: `pkg:npm/%40acme/${svc}@${version}`,
          group: '@acme',
          name: svc,
          version,
          direct: [...direct],
          binary,
        };
      case 'maven':
        return {
          eco,
          purl: `pkg:maven/com.acme.services/${svc}@${version}`,
          group: 'com.acme.services',
          name: svc,
          version,
          direct: [...direct],
          binary,
        };
      case 'pypi':
        return {
          eco,
          purl: `pkg:pypi/acme-${svc}@${version}`,
          name: `acme-${svc}`,
          version,
          direct: [...direct],
          binary,
        };
      default:
        return {
          eco,
          purl: `pkg:golang/github.com/acme/${svc}@v${version}`,
          name: `github.com/acme/${svc}`,
          version: `v${version}`,
          direct: [...direct],
          binary,
        };
    }
  };
  for (let i = 0; i < appCount; i++) apps.push(makeApp(i + 1, i < APP_ECOS.length ? APP_ECOS[i] : pickEco()));
  // Spread each language ecosystem's roots over its applications.
  for (const eco of APP_ECOS) {
    const mine = apps.filter((a) => a.eco === eco);
    const roots = rootsByEco.get(eco)!;
    roots.forEach((v, i) => mine[i % mine.length].direct.push(v));
  }
  for (const a of apps) a.direct = [...new Set(a.direct)].sort((x, y) => x - y);

  // Images: one application each (spread over the list) on a Debian base, plus their own apt installs.
  interface Image {
    index: number;
    app: App;
    repo: string;
    tag: string;
    digest: string;
    deb: number[];
  }
  const baseCount = Math.max(2, Math.ceil(params.images / 40));
  const bases: number[][] = [];
  for (let b = 0; b < baseCount; b++) {
    const set = new Set<number>();
    const n = 12 + rng.int(0, 25);
    for (let i = 0; i < n; i++) set.add(popularVersion('deb'));
    bases.push([...set]);
  }
  const images: Image[] = [];
  for (let i = 0; i < params.images; i++) {
    const app = apps[Math.floor((i * apps.length) / params.images)];
    const set = new Set(bases[i % baseCount]);
    for (let k = rng.int(0, 6); k > 0; k--) set.add(popularVersion('deb'));
    images.push({
      index: i + 1,
      app,
      repo: `registry.example.com/acme/${app.name.replace(/^github\.com\/acme\//, '')}`,
      tag: app.version.replace(/^v/, ''),
      digest: rng.hex(64),
      deb: [...set],
    });
  }
  rootsByEco.get('deb')!.forEach((v, i) => images[i % images.length].deb.push(v));
  // Whatever is still unreachable (versions whose only dependents sit on a cycle nobody else
  // reaches) becomes a direct dependency too, so that every version is in some SBOM.
  {
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
  for (const a of apps) a.direct = [...new Set(a.direct)].sort((x, y) => x - y);
  for (const im of images) im.deb = [...new Set(im.deb)].sort((x, y) => x - y);

  // One monorepo: the first npm application also depends on aggregators and popular packages
  // until its SBOM holds about 10,000 packages (or an eighth of the npm versions, when fewer).
  const monorepo = apps.find((a) => a.eco === 'npm')!;
  {
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
    monorepo.direct = [...new Set(monorepo.direct)].sort((x, y) => x - y);
  }

  // --- component JSON, cached per version ---
  const componentCache = new Map<number, string>();
  const componentJson = (v: number): string => {
    let s = componentCache.get(v);
    if (s !== undefined) return s;
    const info = u.names[u.verName[v]];
    const purl = purlOf(u, v);
    const version = versionOf(u, v);
    s = `{"type":"library","bom-ref":${q(purl)},${info.group && info.eco !== 'deb' ? `"group":${q(info.group)},` : ''}"name":${q(info.name)},"version":${q(version)},"purl":${q(purl)}`;
    if (info.repo && !info.impliedSource) s += `,"externalReferences":[{"type":"vcs","url":"https://${info.repo}"}]`;
    if (info.eco === 'deb') s += `,"properties":[{"name":"syft:package:type","value":"deb"}]`;
    s += '}';
    if (componentCache.size < 400_000) componentCache.set(v, s);
    return s;
  };

  const stats = { dependencyFacts: 0, componentEntries: 0, bytes: 0 };
  const covered = new Uint8Array(u.versionCount);
  const subjectEdges = new Set<string>();

  interface SubjectPart {
    ref: string;
    json: string;
    deps: string[];
  }
  const writeSbom = (
    path: string,
    serial: string,
    minute: number,
    subject: SubjectPart,
    extraParts: SubjectPart[],
    members: Uint32Array,
  ): number => {
    const w = new FileWriter(path);
    w.write(`{"bomFormat":"CycloneDX","specVersion":"1.5","serialNumber":"urn:uuid:${serial}","version":1,`);
    w.write(
      `"metadata":{"timestamp":"${isoAt(minute)}","tools":{"components":[{"type":"application","author":"supplygraph","name":"supplygraph-bench-generator","version":"1"}]},`,
    );
    w.write(`"component":${subject.json}},"components":[`);
    let firstItem = true;
    for (const p of extraParts) {
      w.write((firstItem ? '' : ',') + p.json);
      firstItem = false;
    }
    for (let i = 0; i < members.length; i++) {
      w.write((firstItem ? '' : ',') + componentJson(members[i]));
      firstItem = false;
      covered[members[i]] = 1;
    }
    w.write('],"dependencies":[');
    let facts = 0;
    const parts = [subject, ...extraParts];
    parts.forEach((p, i) => {
      w.write(`${i ? ',' : ''}{"ref":${q(p.ref)},"dependsOn":[${p.deps.map((d) => q(d)).join(',')}]}`);
      facts += p.deps.length;
      for (const d of p.deps) subjectEdges.add(`${p.ref}\n${d}`);
    });
    for (let i = 0; i < members.length; i++) {
      const v = members[i];
      const from = u.outStart[v];
      const to = u.outStart[v + 1];
      let deps = '';
      for (let k = from; k < to; k++) deps += (k > from ? ',' : '') + q(purlOf(u, u.out[k]));
      w.write(`,{"ref":${q(purlOf(u, v))},"dependsOn":[${deps}]}`);
      facts += to - from;
    }
    w.write(']}\n');
    stats.bytes += w.close();
    stats.dependencyFacts += facts;
    stats.componentEntries += members.length + extraParts.length + 1;
    return members.length + extraParts.length;
  };

  const appSubject = (a: App, withBinary: boolean): SubjectPart => ({
    ref: a.purl,
    json:
      `{"type":"application","bom-ref":${q(a.purl)},${a.group ? `"group":${q(a.group)},` : ''}"name":${q(a.name)},"version":${q(a.version)},"purl":${q(a.purl)}` +
      (withBinary ? `,"hashes":[{"alg":"SHA-256","content":"${a.binary}"}]` : '') +
      '}',
    deps: a.direct.map((v) => purlOf(u, v)),
  });

  const manifestApps: Manifest['queries']['apps'] = [];
  apps.forEach((a, i) => {
    const members = closure.reach(a.direct);
    const n = writeSbom(
      join(options.out, 'sboms/apps', `app-${String(i + 1).padStart(5, '0')}.cdx.json`),
      uuid(rng),
      i,
      appSubject(a, false),
      [],
      members,
    );
    manifestApps.push({ purl: a.purl, components: n });
    if ((i + 1) % 200 === 0) log(`apps: ${i + 1}/${apps.length}`);
  });

  const manifestImages: Manifest['queries']['images'] = [];
  images.forEach((im, i) => {
    const appMembers = closure.reach(im.app.direct);
    const debMembers = closure.reach(im.deb);
    const members = new Uint32Array(appMembers.length + debMembers.length);
    members.set(debMembers);
    members.set(appMembers, debMembers.length);
    const name = im.repo.slice(im.repo.lastIndexOf('/') + 1);
    const ociPurl = `pkg:oci/${name}@sha256%3A${im.digest}?repository_url=${encodeURIComponent(im.repo)}&tag=${im.tag}`;
    const subject: SubjectPart = {
      ref: ociPurl,
      json: `{"type":"container","bom-ref":${q(ociPurl)},"name":${q(im.repo)},"version":"sha256:${im.digest}","purl":${q(ociPurl)},"hashes":[{"alg":"SHA-256","content":"${im.digest}"}]}`,
      deps: [...im.deb.map((v) => purlOf(u, v)), im.app.purl],
    };
    const n = writeSbom(
      join(options.out, 'sboms/images', `image-${String(i + 1).padStart(5, '0')}.cdx.json`),
      uuid(rng),
      10_000 + i,
      subject,
      [appSubject(im.app, true)],
      members,
    );
    manifestImages.push({ digest: `sha256:${im.digest}`, purl: ociPurl, components: n + 1 });
    if ((i + 1) % 200 === 0) log(`images: ${i + 1}/${images.length}`);
  });

  // The held-back SBOM: a new application over existing packages only.
  const extraApp = makeApp(apps.length + 1, 'npm');
  writeSbom(
    join(options.out, 'extra', 'app-extra.cdx.json'),
    uuid(rng),
    20_000,
    appSubject(extraApp, false),
    [],
    closure.reach(extraApp.direct),
  );
  stats.dependencyFacts -= 0; // counted with the rest; it is ingested during the benchmark

  let versionsCovered = 0;
  for (let v = 0; v < u.versionCount; v++) versionsCovered += covered[v];

  // --- vulnerabilities: advisories over runs of older releases of (mostly popular) names ---
  const vulnerable = new Map<number, { id: string; alias: string; record: string }[]>();
  let vulnerableCount = 0;
  let advisories = 0;
  const wantVulnerable = Math.round(u.versionCount * 0.03);
  const VECTORS = [
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'CRITICAL'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H', 'HIGH'],
    ['CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N', 'MODERATE'],
    ['CVSS:3.1/AV:L/AC:H/PR:L/UI:N/S:U/C:L/I:N/A:N', 'LOW'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N', 'MODERATE'],
  ];
  const GHSA = '23456789cfghjmpqrvwx';
  // Kept for the benchmark's blast-radius inputs (recording them draws nothing from rng).
  const advisoryList: { id: string; alias: string; nameId: number; affected: number[] }[] = [];
  for (let attempts = 0; vulnerableCount < wantVulnerable && attempts < wantVulnerable * 20; attempts++) {
    const eco = ECOSYSTEMS[Math.min(ECOSYSTEMS.length - 1, Math.floor(rng.next() * ECOSYSTEMS.length))];
    const { start, count } = u.ecoNames[eco];
    const nameId = start + zipfIndex(rng, count, 1.6);
    const k = u.nameCount[nameId];
    const hi = rng.int(0, k); // releases 0..hi-ish are affected; later ones carry the fix
    const lo = Math.max(0, hi - rng.int(0, 8));
    const affected: number[] = [];
    for (let j = lo; j <= hi; j++) affected.push(u.nameFirst[nameId] + j);
    const gh = () => Array.from({ length: 4 }, () => GHSA[rng.int(0, GHSA.length)]).join('');
    const id = `GHSA-${gh()}-${gh()}-${gh()}`;
    const alias = `CVE-${2019 + rng.int(0, 7)}-${10000 + rng.int(0, 89999)}`;
    const [vector, label] = VECTORS[rng.int(0, VECTORS.length)];
    const info = u.names[nameId];
    const record =
      `{"schema_version":"1.6.0","id":"${id}","modified":"${isoAt(-rng.int(0, 500_000))}","published":"${isoAt(-600_000 - rng.int(0, 500_000))}",` +
      `"aliases":["${alias}"],"summary":${q(`${info.name}: ${rng.pick(['prototype pollution', 'denial of service', 'path traversal', 'improper input validation', 'SSRF', 'regular expression DoS', 'information exposure'])}`)},` +
      `"details":"Synthetic advisory generated for the supplygraph benchmark.","severity":[{"type":"CVSS_V3","score":"${vector}"}],` +
      `"affected":[{"package":{"ecosystem":"${OSV_ECOSYSTEM[info.eco]}","name":${q(info.osvName)},"purl":${q(info.purlName)}},"versions":[${affected.map((v) => q(versionOf(u, v))).join(',')}]}],` +
      `"database_specific":{"severity":"${label}"}}`;
    advisories++;
    advisoryList.push({ id, alias, nameId, affected });
    for (const v of affected) {
      const list = vulnerable.get(v);
      if (list) list.push({ id, alias, record });
      else {
        vulnerable.set(v, [{ id, alias, record }]);
        vulnerableCount++;
      }
    }
  }
  // osv-scanner reports, one per shard of 250 vulnerable versions ("an inventory scan").
  const vulnerableIds = [...vulnerable.keys()].sort((a, b) => a - b);
  let scans = 0;
  for (let s = 0; s < vulnerableIds.length; s += 250) {
    scans++;
    const w = new FileWriter(join(options.out, 'scans', `osv-scanner-${String(scans).padStart(4, '0')}.json`));
    w.write(`{"results":[{"source":{"path":"/inventory/shard-${scans}/bom.cdx.json","type":"sbom"},"packages":[`);
    vulnerableIds.slice(s, s + 250).forEach((v, i) => {
      const info = u.names[u.verName[v]];
      const found = vulnerable.get(v)!;
      w.write(
        `${i ? ',' : ''}{"package":{"name":${q(info.osvName)},"version":${q(versionOf(u, v))},"ecosystem":"${OSV_ECOSYSTEM[info.eco]}","purl":${q(purlOf(u, v))}},` +
          `"vulnerabilities":[${found.map((f) => f.record).join(',')}],"groups":[${found.map((f) => `{"ids":["${f.id}","${f.alias}"]}`).join(',')}]}`,
      );
    });
    w.write(']}],"experimental_config":{"licenses":{"summary":false}}}\n');
    stats.bytes += w.close();
  }

  // --- scorecards for a share of the source repositories ---
  const CHECKS = [
    'Binary-Artifacts',
    'Branch-Protection',
    'CI-Tests',
    'Code-Review',
    'Dangerous-Workflow',
    'Dependency-Update-Tool',
    'Fuzzing',
    'License',
    'Maintained',
    'Pinned-Dependencies',
    'SAST',
    'Security-Policy',
    'Signed-Releases',
    'Token-Permissions',
    'Vulnerabilities',
  ];
  let scorecards = 0;
  const repos = new Set<string>();
  for (const info of u.names) {
    if (!info.repo || repos.has(info.repo)) continue;
    repos.add(info.repo);
    if (!rng.chance(info.impliedSource ? 0.6 : 0.3)) continue;
    scorecards++;
    const checks = CHECKS.map((name) => ({ name, score: rng.chance(0.08) ? -1 : rng.int(0, 11) }));
    const real = checks.filter((c) => c.score >= 0);
    const score = real.length ? Math.round((real.reduce((t, c) => t + c.score, 0) / real.length) * 10) / 10 : -1;
    const body =
      `{"date":"${isoAt(rng.int(0, 40_000))}","repo":{"name":"${info.repo}","commit":"${rng.hex(40)}"},"scorecard":{"version":"v5.0.0","commit":"${rng.hex(40)}"},` +
      `"score":${score},"checks":[${checks.map((c) => `{"details":null,"score":${c.score},"reason":"synthetic","name":"${c.name}","documentation":{"url":"https://github.com/ossf/scorecard/blob/main/docs/checks.md#${c.name.toLowerCase()}","short":"synthetic"}}`).join(',')}],"metadata":null}\n`;
    const file = join(options.out, 'scorecards', `${info.repo.replace(/[^a-z0-9.-]+/gi, '_')}.json`);
    writeFileSync(file, body);
    stats.bytes += Buffer.byteLength(body);
  }

  // --- query inputs for the benchmark ---
  const typical = sample
    .filter((s) => s.c >= 60 && s.c <= 150)
    .slice(0, 200)
    .map((s) => ({ purl: purlOf(u, s.v), closure: s.c }));
  const large = [...sample]
    .sort((a, b) => b.c - a.c)
    .slice(0, 50)
    .filter((s) => s.c > 0)
    .map((s) => ({ purl: purlOf(u, s.v), closure: s.c }));
  const partial: Manifest['queries']['partial'] = [];
  const near: Manifest['queries']['near10k'] = [];
  for (const eco of APP_ECOS) {
    const { start, count } = u.ecoNames[eco];
    for (let r = 0; r < Math.min(count, 400); r++) {
      const nameId = start + r;
      if (partial.length < 400 && (r < 40 || r % 5 === 0))
        partial.push({ purl: u.names[nameId].purlName, versions: u.nameCount[nameId] });
      const starts = Array.from({ length: u.nameCount[nameId] }, (_, j) => u.nameFirst[nameId] + j);
      const size = closure.reach(starts).length;
      near.push({ purl: u.names[nameId].purlName, closure: size });
    }
  }
  for (const nameId of u.aggregators) {
    const starts = Array.from({ length: u.nameCount[nameId] }, (_, j) => u.nameFirst[nameId] + j);
    near.push({ purl: u.names[nameId].purlName, closure: closure.reach(starts).length });
    const latest = starts[starts.length - 1];
    near.push({ purl: purlOf(u, latest), closure: closure.dependencyCount(latest) });
  }
  near.push({ purl: monorepo.purl, closure: closure.reach(monorepo.direct).length });
  // Many distinct typical inputs (a closure of 40–300), for measuring queries no cache has seen.
  const typicalMany: string[] = [];
  {
    const qrng = new Rng(`supplygraph-bench:${options.seed}:${options.size}:queries`);
    const order = qrng.shuffle(Array.from({ length: u.versionCount }, (_, v) => v));
    for (const v of order) {
      if (typicalMany.length >= 40_000) break;
      const c = closure.dependencyCount(v);
      if (c >= 40 && c <= 300) typicalMany.push(purlOf(u, v));
    }
  }
  near.sort((a, b) => Math.abs(a.closure - 10_000) - Math.abs(b.closure - 10_000));
  const reverse = reverseQueries(
    u,
    options,
    sample.filter((s) => s.c >= 60 && s.c <= 150).map((s) => s.v),
    images.map((im) => ({ digest: `sha256:${im.digest}`, starts: im.app.direct })),
    advisoryList,
  );

  const documents = {
    apps: apps.length,
    images: images.length,
    scans,
    scorecards,
    extra: 1,
    total: apps.length + images.length + scans + scorecards,
  };
  let edgesNonLeaf = 0;
  for (let v = 0; v < u.versionCount; v++) if (u.outStart[v + 1] > u.outStart[v]) edgesNonLeaf++;
  const ecosystems: GenerateStats['ecosystems'] = {};
  for (const eco of ECOSYSTEMS) {
    const { start, count, core } = u.ecoNames[eco];
    let versions = 0;
    for (let n = start; n < start + count; n++) versions += u.nameCount[n];
    ecosystems[eco] = { names: count, versions, coreNames: core };
  }
  const generateStats: GenerateStats = {
    ecosystems,
    packageNames: u.names.length,
    packageVersions: u.versionCount,
    dependencyEdges: u.out.length,
    distinctEdgesWithSubjects: u.out.length + subjectEdges.size,
    cycleBackEdges: u.backEdges,
    leafVersions: leaves,
    outDegree: {
      mean: round2(u.out.length / u.versionCount),
      meanNonLeaf: round2(u.out.length / Math.max(1, edgesNonLeaf)),
      max: maxDeg,
    },
    closure: {
      sample: sample.length,
      p50: pct(sizes, 0.5),
      p90: pct(sizes, 0.9),
      p99: pct(sizes, 0.99),
      max: sizes[sizes.length - 1] ?? 0,
      meanNonLeaf: round2(nonLeaf.reduce((t, x) => t + x, 0) / Math.max(1, nonLeaf.length)),
      p50NonLeaf: pct(nonLeaf, 0.5),
    },
    documents,
    dependencyFacts: stats.dependencyFacts,
    componentEntries: stats.componentEntries,
    versionsCovered,
    vulnerableVersions: vulnerableCount,
    advisories,
    sourcesWithScorecard: scorecards,
    bytes: stats.bytes,
    seconds: round2((performance.now() - started) / 1000),
  };
  const manifest: Manifest = {
    generator: GENERATOR_REVISION,
    queriesRevision: QUERIES_REVISION,
    size: options.size,
    seed: options.seed,
    params,
    stats: generateStats,
    ingest: ['sboms', 'scans', 'scorecards'],
    extra: 'extra/app-extra.cdx.json',
    queries: {
      typical,
      large,
      partial,
      near10k: near.slice(0, 10),
      images: manifestImages,
      apps: manifestApps,
      vulnerable: vulnerableIds.slice(0, 400).map((v) => purlOf(u, v)),
      typicalMany,
      reverse,
    },
  };
  writeFileSync(join(options.out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  log(`wrote ${documents.total + 1} documents, ${(stats.bytes / 1e6).toFixed(1)} MB in ${generateStats.seconds} s`);
  return manifest;
}

/** Inputs for dependents, blast-radius and path queries, derived from the universe alone. */
function reverseQueries(
  u: Universe,
  options: GenerateOptions,
  typicalVersions: number[],
  images: { digest: string; starts: number[] }[],
  advisories: { id: string; alias: string; nameId: number; affected: number[] }[],
): ReverseQueries {
  const walks = new ReverseWalks(u);
  // Popular: the most depended-on versions directly are the candidates for the most dependents.
  const byInDegree = Array.from({ length: u.versionCount }, (_, v) => v)
    .sort((a, b) => walks.inDegree(b) - walks.inDegree(a) || a - b)
    .slice(0, 300);
  const dependentsPopular = byInDegree
    .map((v) => ({ v, dependents: walks.dependentCount([v]) }))
    .sort((a, b) => b.dependents - a.dependents || a.v - b.v)
    .slice(0, 60)
    .map((x) => ({ purl: purlOf(u, x.v), dependents: x.dependents }));

  const dependentsTypical: ReverseQueries['dependentsTypical'] = [];
  const qrng = new Rng(`supplygraph-bench:${options.seed}:${options.size}:reverse-queries`);
  for (const v of qrng.shuffle(Array.from({ length: u.versionCount }, (_, i) => i))) {
    if (dependentsTypical.length >= 20_000) break;
    const c = walks.dependentCount([v], 500);
    if (c >= 20 && c <= 500) dependentsTypical.push({ purl: purlOf(u, v), dependents: c });
  }

  const toVuln = (a: (typeof advisories)[number], cap?: number): ReverseVuln => ({
    id: a.id,
    alias: a.alias,
    package: u.names[a.nameId].purlName,
    versions: a.affected.length,
    dependents: walks.dependentCount(a.affected, cap),
  });
  const isCore = (nameId: number): boolean => u.nameRank[nameId] < u.ecoNames[u.names[nameId].eco].core;
  const vulnsPopular = advisories
    .filter((a) => isCore(a.nameId))
    .slice(0, 200)
    .map((a) => toVuln(a))
    .sort((a, b) => b.dependents - a.dependents || (a.id < b.id ? -1 : 1))
    .slice(0, 50);
  const step = Math.max(1, Math.floor(advisories.length / 200));
  const vulnsSample = advisories.filter((_, i) => i % step === 0).map((a) => toVuln(a, 5000));

  const pathsPackage: ReverseQueries['pathsPackage'] = [];
  for (const v of typicalVersions.slice(0, 200)) {
    const deep = walks.deepestDependency([v]);
    if (deep) pathsPackage.push({ from: purlOf(u, v), to: purlOf(u, deep.v), hops: deep.hops });
  }
  const pathsImage: ReverseQueries['pathsImage'] = [];
  for (const im of images.slice(0, 100)) {
    const deep = walks.deepestDependency(im.starts);
    if (deep) pathsImage.push({ from: im.digest, to: purlOf(u, deep.v) });
  }
  return { dependentsPopular, dependentsTypical, vulnsPopular, vulnsSample, pathsPackage, pathsImage };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

// ---------------------------------------------------------------------------------------------
// CLI: node bench/dist/generate.js [--size S|M|L|tiny] [--seed 42] [--out DIR]

export function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`unexpected argument "${a}"`);
    const eq = a.indexOf('=');
    if (eq > 0) out[a.slice(2, eq)] = a.slice(eq + 1);
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) out[a.slice(2)] = argv[++i];
    else out[a.slice(2)] = 'true';
  }
  return out;
}

export function isSize(x: string): x is SizeName {
  return x in SIZES;
}

function cli(): void {
  const args = parseArgs(process.argv.slice(2));
  const size = args.size ?? 'S';
  if (!isSize(size)) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`);
  const seed = args.seed ?? '42';
  const out = args.out ?? join('bench', 'out', `${size}-${seed}`);
  const m = generate({ size, seed, out, log: (l) => process.stderr.write(`generate: ${l}\n`) });
  console.log(JSON.stringify({ out, ...m.stats }, null, 2));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    cli();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  }
}
