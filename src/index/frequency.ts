// The frequency ranking (SPEC §3), computed exactly on the index: for each package name that
// is a dependency, the number of distinct package versions that transitively depend on any of
// its versions, over the IsDependency edges that came from (non-deps.dev) SBOMs.
// Runs in slices that yield to the event loop, so requests are served while it computes.
import type { GraphIndex } from './graph-index.js';
import { countReached } from './frequency/reach-counts.js';
import { runInSlices } from './frequency/slices.js';

export interface RankedName {
  name: string;
  dependentCount: number;
}

export interface FrequencyRanking {
  /** Index generation the ranking was computed from. */
  generation: number;
  /** Highest count first; ties by name. */
  entries: RankedName[];
  countByName: Map<string, number>;
  /** How many ranked edges the index had: the next run recounts only what edges after these reach. */
  rankedEdges: number;
  /** Names counted by this run (all of them, or those an ingest could have changed). */
  recounted: number;
  millis: number;
}

const SLICE_MS = 8;
/** Past this share of names, recounting everything is as cheap as finding what changed. */
const FULL_RECOUNT_SHARE = 0.3;

/**
 * Names whose count edges added since `sinceEdge` can have changed: an edge u→v adds dependents
 * to v and to everything v reaches, and to nothing else. Undefined when that is most names.
 */
function namesReachedByNewEdges(index: GraphIndex, sinceEdge: number, limit: number): Set<string> | undefined {
  const targets = index.adjacency.rankedEdgeTargetsSince(sinceEdge);
  const { offsets, targets: out } = index.adjacency.dependencyOut;
  const seen = new Set<number>();
  const names = new Set<string>();
  const stack = Array.from(targets);
  while (stack.length) {
    const u = stack.pop()!;
    if (seen.has(u)) continue;
    seen.add(u);
    names.add(index.nodes.nameKeyOf(u));
    if (names.size > limit) return undefined;
    if (u + 1 < offsets.length) for (let i = offsets[u]; i < offsets[u + 1]; i++) stack.push(out[i]);
  }
  return names;
}

/** Every name with a version that has a dependent other than itself. */
function dependencyNames(index: GraphIndex): Set<string> {
  const { offsets, targets } = index.adjacency.rankedDependents;
  const names = new Set<string>();
  for (const [name, versions] of index.nodes.packagesByName) {
    if (versions.some((v) => v + 1 < offsets.length && hasOtherDependent(offsets, targets, v))) names.add(name);
  }
  return names;
}

function hasOtherDependent(offsets: Uint32Array, targets: Uint32Array, v: number): boolean {
  for (let i = offsets[v]; i < offsets[v + 1]; i++) if (targets[i] !== v) return true;
  return false;
}

/**
 * Exact counts for all names at once (see reach-counts.ts). With a previous ranking, only the
 * names that the edges added since can reach are recounted; the others keep their counts (facts
 * are append-only). Returns undefined when `isStale()` says a newer generation made this run
 * pointless.
 */
export async function computeFrequencyRanking(
  index: GraphIndex,
  isStale: () => boolean,
  previous?: FrequencyRanking,
): Promise<FrequencyRanking | undefined> {
  const started = performance.now();
  const generation = index.generation;
  const rankedEdges = index.adjacency.rankedEdgeCount;

  let names: Set<string> | undefined;
  const counts = new Map<string, number>();
  if (previous && previous.rankedEdges <= rankedEdges) {
    names = namesReachedByNewEdges(
      index,
      previous.rankedEdges,
      Math.max(1000, previous.countByName.size * FULL_RECOUNT_SHARE),
    );
    if (names) for (const [name, count] of previous.countByName) counts.set(name, count);
  }
  names ??= dependencyNames(index);
  const recounted = [...names];
  // A name's dependents are the nodes its versions reach over the reversed (dependent) edges.
  const versions = recounted.map((name) => index.nodes.versionsOf(name));
  const reached = await runInSlices(countReached(index.adjacency.rankedDependents, versions), isStale, SLICE_MS);
  if (!reached) return undefined;
  for (let i = 0; i < recounted.length; i++) {
    if (reached[i] > 0) counts.set(recounted[i], reached[i]);
    else counts.delete(recounted[i]);
  }
  const entries =
    previous && counts.size > 0 && names.size < counts.size
      ? mergeRecounted(previous.entries, names, counts)
      : [...counts].map(([name, dependentCount]) => ({ name, dependentCount })).sort(byRank);
  return {
    generation,
    entries,
    countByName: counts,
    rankedEdges,
    recounted: names.size,
    millis: performance.now() - started,
  };
}

function byRank(x: RankedName, y: RankedName): number {
  return y.dependentCount - x.dependentCount || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0);
}

/** The previous order with the recounted names taken out and merged back in: O(n + k log k). */
function mergeRecounted(
  previous: readonly RankedName[],
  recounted: ReadonlySet<string>,
  counts: ReadonlyMap<string, number>,
): RankedName[] {
  const changed: RankedName[] = [];
  for (const name of recounted) {
    const dependentCount = counts.get(name);
    if (dependentCount !== undefined) changed.push({ name, dependentCount });
  }
  changed.sort(byRank);
  const out: RankedName[] = [];
  let j = 0;
  for (const entry of previous) {
    if (recounted.has(entry.name)) continue;
    while (j < changed.length && byRank(changed[j], entry) < 0) out.push(changed[j++]);
    out.push(entry);
  }
  while (j < changed.length) out.push(changed[j++]);
  return out;
}
