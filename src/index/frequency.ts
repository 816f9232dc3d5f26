// The frequency ranking (docs/api.md, "Rankings"), computed exactly on the index: for each package name that
// is a dependency, the number of distinct package versions that transitively depend on any of
// its versions, over the IsDependency edges that came from (non-deps.dev) SBOMs.
// Runs in slices that yield to the event loop, so requests are served while it computes.
import type { Csr } from './csr.js';
import type { GraphIndex } from './graph-index.js';
import { countReached } from './frequency/reach-counts.js';
import { someItem } from './one-or-many.js';
import { ShardedMap, ShardedSet } from './sharded-map.js';
import { runInSlices } from './slices.js';
import { sortedInSteps } from './sorted-in-steps.js';

export interface RankedName {
  name: string;
  dependentCount: number;
}

export interface FrequencyRanking {
  /** Index generation the ranking was computed from. */
  generation: number;
  /** Highest count first; ties by name. */
  entries: RankedName[];
  countByName: ShardedMap<string, number>;
  /** How many ranked edges the index had: the next run recounts only what edges after these reach. */
  rankedEdges: number;
  /** Names counted by this run (all of them, or those an ingest could have changed). */
  recounted: number;
  millis: number;
}

/** Past this share of names, recounting everything is as cheap as finding what changed. */
const FULL_RECOUNT_SHARE = 0.3;
/** Names, entries or nodes handled between yields in the steps around the count (runInSlices pauses by time). */
const STEP = 1 << 9;

/**
 * Names whose count edges added since `sinceEdge` can have changed: an edge u→v adds dependents
 * to v and to everything v reaches, and to nothing else. Undefined when that is most names.
 */
function* namesReachedByNewEdges(
  index: GraphIndex,
  graph: RankedGraph,
  sinceEdge: number,
  limit: number,
): Generator<void, ShardedSet<string> | undefined> {
  const targets = index.adjacency.rankedEdgeTargetsSince(sinceEdge).subarray(0, graph.rankedEdges - sinceEdge);
  const { offsets, targets: out } = graph.dependencyOut;
  const seen = new Uint8Array(offsets.length);
  const names = new ShardedSet<string>();
  const stack = Array.from(targets);
  // Steps bounded by nodes popped and edges pushed: an SBOM's root pushes all its dependencies.
  let work = 0;
  while (stack.length) {
    const u = stack.pop()!;
    if (++work >= STEP) {
      work = 0;
      yield;
    }
    if (seen[u]) continue;
    seen[u] = 1;
    names.add(index.nodes.nameKeyOf(u));
    if (names.size > limit) return undefined;
    if (u + 1 >= offsets.length) continue;
    for (let i = offsets[u]; i < offsets[u + 1]; i++) stack.push(out[i]);
    work += offsets[u + 1] - offsets[u];
  }
  return names;
}

/** Every name with a version that has a dependent other than itself. */
function* dependencyNames(index: GraphIndex, graph: RankedGraph): Generator<void, ShardedSet<string>> {
  const { offsets, targets } = graph.rankedDependents;
  const names = new ShardedSet<string>();
  let visited = 0;
  for (const [name, versions] of index.nodes.packagesByName) {
    if (someItem(versions, (v) => v + 1 < offsets.length && hasOtherDependent(offsets, targets, v))) names.add(name);
    if (++visited % STEP === 0) yield;
  }
  return names;
}

function hasOtherDependent(offsets: Uint32Array, targets: Uint32Array, v: number): boolean {
  for (let i = offsets[v]; i < offsets[v + 1]; i++) if (targets[i] !== v) return true;
  return false;
}

/**
 * The graph one run counts on, taken when it starts. The CSR rows are never changed once built
 * (a refresh swaps in new ones) and node ids never move, so a run reads one graph to its end
 * while refreshes apply newer ones: it is never thrown away for being overtaken.
 */
interface RankedGraph {
  rankedDependents: Csr;
  dependencyOut: Csr;
  rankedEdges: number;
  /** Node ids below this are in the graph; versions added later are left to the next run. */
  nodeLimit: number;
  /** What the ranking is labelled with (FrequencyRanking.generation). */
  generation: number;
}

export interface RankingOptions {
  /** Labels the ranking with the version of the graph it read (the index's generation unless told). */
  generationNow?: () => number;
  /** Work between pauses (SLICE_MS unless told; tests pause at every step). */
  sliceMs?: number;
}

function rankedGraphOf(index: GraphIndex, generation: number): RankedGraph {
  const { rankedDependents, dependencyOut } = index.adjacency;
  return {
    rankedDependents,
    dependencyOut,
    rankedEdges: index.adjacency.rankedEdgeCount,
    nodeLimit: rankedDependents.offsets.length - 1,
    generation,
  };
}

/**
 * Exact counts for all names at once (see reach-counts.ts), on the graph as it is when the run
 * starts (RankedGraph). With a previous ranking, only the names that the edges added since can
 * reach are recounted; the others keep their counts (facts are append-only). Returns undefined
 * when `isStale()` says the run is no longer wanted (the graph it reads was replaced by one
 * without some of its nodes, or the service stops). Every step, the final sort included, runs in
 * slices (SLICE_MS): requests are served in between.
 */
export async function computeFrequencyRanking(
  index: GraphIndex,
  isStale: () => boolean,
  previous?: FrequencyRanking,
  options: RankingOptions = {},
): Promise<FrequencyRanking | undefined> {
  const started = performance.now();
  // Called at the end of a refresh's synchronous apply: the first slice waits for the next turn.
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (isStale()) return undefined;
  const graph = rankedGraphOf(index, options.generationNow?.() ?? index.generation);
  const ranking = await runInSlices(rankingSteps(index, graph, previous), isStale, options.sliceMs);
  return ranking && { ...ranking, millis: performance.now() - started };
}

function* rankingSteps(
  index: GraphIndex,
  graph: RankedGraph,
  previous: FrequencyRanking | undefined,
): Generator<void, Omit<FrequencyRanking, 'millis'>> {
  const { generation, rankedEdges, rankedDependents, nodeLimit } = graph;
  // Sharded: a Map of 270,000 names rehashes in one step of 30–50 ms as it grows (sharded-map.ts).
  let names: ShardedSet<string> | undefined;
  const counts = new ShardedMap<string, number>();
  if (previous && previous.rankedEdges <= rankedEdges) {
    names = yield* namesReachedByNewEdges(
      index,
      graph,
      previous.rankedEdges,
      Math.max(1000, previous.countByName.size * FULL_RECOUNT_SHARE),
    );
    if (names) {
      let copied = 0;
      for (const [name, count] of previous.countByName) {
        counts.set(name, count);
        if (++copied % STEP === 0) yield;
      }
    }
  }
  names ??= yield* dependencyNames(index, graph);
  const recounted: string[] = [];
  for (const name of names) {
    recounted.push(name);
    if (recounted.length % STEP === 0) yield;
  }
  // A name's dependents are the nodes its versions reach over the reversed (dependent) edges.
  const versions: (readonly number[])[] = [];
  for (const name of recounted) {
    versions.push(index.nodes.versionsOf(name).filter((v) => v < nodeLimit));
    if (versions.length % STEP === 0) yield;
  }
  const reached = yield* countReached(rankedDependents, versions);
  for (let i = 0; i < recounted.length; i++) {
    if (reached[i] > 0) counts.set(recounted[i], reached[i]);
    else counts.delete(recounted[i]);
    if (i % STEP === STEP - 1) yield;
  }
  const entries =
    previous && counts.size > 0 && names.size < counts.size
      ? yield* mergeRecounted(previous.entries, names, counts)
      : yield* sortedInSteps(yield* entriesOf(counts), byRank);
  return { generation, entries, countByName: counts, rankedEdges, recounted: names.size };
}

function* entriesOf(counts: ShardedMap<string, number>): Generator<void, RankedName[]> {
  const entries: RankedName[] = [];
  for (const [name, dependentCount] of counts) {
    entries.push({ name, dependentCount });
    if (entries.length % STEP === 0) yield;
  }
  return entries;
}

/** Highest count first, ties by name. */
function byRank(x: RankedName, y: RankedName): number {
  return y.dependentCount - x.dependentCount || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0);
}

/** The previous order with the recounted names taken out and merged back in: O(n + k log k). */
function* mergeRecounted(
  previous: readonly RankedName[],
  recounted: ShardedSet<string>,
  counts: ShardedMap<string, number>,
): Generator<void, RankedName[]> {
  const changed: RankedName[] = [];
  for (const name of recounted) {
    const dependentCount = counts.get(name);
    if (dependentCount !== undefined) changed.push({ name, dependentCount });
  }
  const sorted = yield* sortedInSteps(changed, byRank);
  const out: RankedName[] = [];
  let j = 0;
  for (let i = 0; i < previous.length; i++) {
    const entry = previous[i];
    if (i % STEP === STEP - 1) yield;
    if (recounted.has(entry.name)) continue;
    while (j < sorted.length && byRank(sorted[j], entry) < 0) out.push(sorted[j++]);
    out.push(entry);
  }
  while (j < sorted.length) out.push(sorted[j++]);
  return out;
}
