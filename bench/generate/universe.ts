// The universe: one graph of package versions, of which the documents show parts.
// - five ecosystems (npm, maven, pypi, golang, deb), each with its own popularity order: name
//   rank 0 is the most popular. Versions per name fall with rank (popular names have many).
// - a version's dependencies are names of *lower* rank (more popular), chosen by a power law
//   over the popular core, plus now and then a name from the long tail; older releases depend on
//   older releases. The result is a DAG in which a typical closure stays around a hundred
//   versions and a few reach thousands; a few back edges make cycles.
import type { Rng } from '../lib/rng.js';
import { withBackEdges } from './back-edges.js';
import { ECO_SHARE, ECOSYSTEMS, type Eco } from './ecosystems.js';
import { makeName, type NameInfo } from './names.js';
import { zipfIndex } from './popularity.js';
import type { SizeParams } from './sizes.js';

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
  const builder = new UniverseBuilder(rng);
  for (const eco of ECOSYSTEMS) builder.addEcosystem(eco, params);
  return builder.finish();
}

/** A growable list of 32-bit unsigned integers. */
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

/** One name as its releases are added: the names they depend on. */
interface NamePlan {
  nameId: number;
  rank: number;
  releases: number;
  /** Its ecosystem's first name id and core size. */
  start: number;
  core: number;
  degree: number;
  /** Core dependency names shared by the releases (as real releases share most of theirs). */
  targets: number[];
  /** Other core names a release now and then depends on instead. */
  spares: number[];
  aggregator: boolean;
  /** Long-tail dependencies per release. */
  tailDegree: number;
}

/** Names, then versions and their edges, in id order: ecosystem by ecosystem, name by name. */
class UniverseBuilder {
  private readonly names: NameInfo[] = [];
  private readonly first: number[] = [];
  private readonly count: number[] = [];
  private readonly ranks: number[] = [];
  private readonly ecoNames = {} as Universe['ecoNames'];
  private readonly aggregators: number[] = [];
  private readonly verName = new U32List();
  private readonly verIndex = new U32List();
  private readonly verSalt = new U32List();
  private readonly outStart = new U32List();
  private readonly out = new U32List();

  constructor(private readonly rng: Rng) {}

  addEcosystem(eco: Eco, params: SizeParams): void {
    const targetVersions = Math.max(40, Math.round(params.versions * ECO_SHARE[eco]));
    const estimatedNames = Math.max(16, Math.round(targetVersions / 2.9));
    const core = Math.max(8, Math.min(KNOBS.coreCap, Math.round(estimatedNames * KNOBS.coreShare)));
    const start = this.names.length;
    // Tail releases nobody depends on yet (swap-remove pool).
    const orphans: number[] = [];
    for (let versions = 0, rank = 0; versions < targetVersions; rank++) {
      const plan = this.addName(eco, rank, start, core);
      versions += plan.releases;
      for (let j = 0; j < plan.releases; j++) this.addRelease(plan, j, orphans);
      if (rank >= core) for (let j = 0; j < plan.releases; j++) orphans.push(this.first[plan.nameId] + j);
    }
    this.ecoNames[eco] = { start, count: this.names.length - start, core };
  }

  finish(): Universe {
    const versionCount = this.verName.length;
    this.outStart.push(this.out.length);
    const verName = this.verName.view().slice();
    const ecoOf = (v: number): Eco => this.names[verName[v]].eco;
    const edges = withBackEdges(
      { outStart: this.outStart.view().slice(), out: this.out.view() },
      { rankOf: (v) => this.ranks[verName[v]], coreOf: (v) => this.ecoNames[ecoOf(v)].core },
      this.rng,
    );
    return {
      names: this.names,
      nameFirst: Uint32Array.from(this.first),
      nameCount: Uint32Array.from(this.count),
      nameRank: Uint32Array.from(this.ranks),
      ecoNames: this.ecoNames,
      verName,
      verIndex: this.verIndex.view().slice(),
      verSalt: this.verSalt.view().slice(),
      outStart: edges.outStart,
      out: edges.out,
      versionCount,
      backEdges: edges.backEdges,
      aggregators: this.aggregators,
    };
  }

  /** The name of rank `r`, its release count and the names its releases depend on. */
  private addName(eco: Eco, r: number, start: number, core: number): NamePlan {
    const rng = this.rng;
    const nameId = this.names.length;
    this.names.push(makeName(eco, r, rng));
    // Popular names have many releases; the tail has one to a few.
    const mean = 1.4 + 12 * (core / (r + core));
    const releases = Math.min(60, 1 + Math.floor(-Math.log(1 - rng.next()) * mean));
    this.first.push(this.verName.length);
    this.count.push(releases);
    this.ranks.push(r);
    // The name's dependency names: lower ranks only (a DAG), mostly the popular core.
    const degree = nameDegree(rng, r, core);
    const coreDegree = r > core ? Math.round(degree * (1 - KNOBS.tailPick)) : degree;
    const targets = coreNames(rng, r, core, coreDegree).map((t) => start + t);
    const spares = targets.splice(Math.min(coreDegree, targets.length));
    // Aggregators pull in many long-tail packages: the long tail of closure sizes.
    const aggregator = r > core * 4 && degree > 0 && rng.chance(KNOBS.aggregatorShare);
    const tailDegree = aggregator
      ? Math.max(0, Math.min(50 - coreDegree, rng.int(20, 45)))
      : r > core
        ? degree - coreDegree
        : 0;
    if (aggregator) this.aggregators.push(nameId);
    return { nameId, rank: r, releases, start, core, degree, targets, spares, aggregator, tailDegree };
  }

  /** Release `j` of a name (0: the oldest) and its dependency edges. */
  private addRelease(plan: NamePlan, j: number, orphans: number[]): void {
    const v = this.verName.length;
    this.verName.push(plan.nameId);
    this.verIndex.push(j);
    this.verSalt.push(this.rng.nextU32() >>> 8);
    this.outStart.push(this.out.length);
    const seen = new Set<number>();
    const add = (target: number): void => {
      if (seen.has(target) || target === v) return;
      seen.add(target);
      this.out.push(target);
    };
    this.addCoreDependencies(plan, j, add);
    const { rank: r, core, degree, tailDegree } = plan;
    if (tailDegree > 0 || (r > core && degree > 0 && this.rng.chance(degree * KNOBS.tailPick)))
      this.addTailDependencies(plan, orphans, add);
  }

  /** Older releases have a few dependencies fewer; about one in ten is swapped for another. */
  private addCoreDependencies(plan: NamePlan, j: number, add: (target: number) => void): void {
    const rng = this.rng;
    const { targets, spares, releases } = plan;
    const dj = j === releases - 1 ? targets.length : Math.max(0, targets.length - rng.int(0, 3));
    for (let i = 0; i < dj; i++) {
      let tn = targets[i];
      if (spares.length && rng.chance(0.1)) tn = rng.pick(spares);
      add(this.first[tn] + this.releaseAtTheTime(tn, j, releases));
    }
  }

  /** Release time: an old release depends on old releases of its dependencies. */
  private releaseAtTheTime(target: number, j: number, releases: number): number {
    const kt = this.count[target];
    if (this.rng.chance(KNOBS.latest)) return kt - 1;
    const frac = releases === 1 ? 1 : j / (releases - 1);
    return Math.max(0, Math.min(kt - 1, Math.round(frac * (kt - 1)) + this.rng.int(-1, 2)));
  }

  /** Long-tail dependencies, per release: mostly releases nobody depends on yet. */
  private addTailDependencies(plan: NamePlan, orphans: number[], add: (target: number) => void): void {
    const rng = this.rng;
    const n = Math.max(1, plan.tailDegree);
    for (let i = 0; i < n; i++) {
      if (!plan.aggregator && orphans.length && rng.chance(KNOBS.orphanPick)) {
        const at = rng.int(0, orphans.length);
        add(orphans[at]);
        orphans[at] = orphans[orphans.length - 1];
        orphans.pop();
      } else {
        const tn = plan.start + plan.core + Math.floor(rng.next() * (plan.rank - plan.core));
        add(this.first[tn] + rng.int(0, this.count[tn]));
      }
    }
  }
}

/** How many names a name depends on: none for rank 0 and a share of the rest, fewer in the core. */
function nameDegree(rng: Rng, r: number, core: number): number {
  let degree = 0;
  if (r > 0 && !rng.chance(r < core / 4 ? 0.5 : KNOBS.leafShare))
    degree = 5 + Math.floor(45 * Math.pow(rng.next(), KNOBS.degreeExp));
  degree = Math.min(degree, r);
  if (r < core) degree = Math.min(degree, Math.floor(2 + r * KNOBS.coreDegreeSlope));
  return degree;
}

/** Up to `coreDegree + 2` distinct ranks of the popular core above `r` (the two extra become spares). */
function coreNames(rng: Rng, r: number, core: number, coreDegree: number): number[] {
  const ranks: number[] = [];
  const chosen = new Set<number>();
  for (let attempts = 0; ranks.length < coreDegree + 2 && attempts < (coreDegree + 2) * 6; attempts++) {
    const t = zipfIndex(rng, Math.min(r, core), KNOBS.alpha);
    if (t >= r || chosen.has(t)) continue;
    chosen.add(t);
    ranks.push(t);
  }
  return ranks;
}
