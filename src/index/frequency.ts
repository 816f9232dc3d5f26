// The frequency ranking (SPEC §3), computed exactly on the index: for each package name that
// is a dependency, the number of distinct package versions that transitively depend on any of
// its versions, over the IsDependency edges that came from (non-deps.dev) SBOMs.
// Runs in slices that yield to the event loop, so requests are served while it computes.
import type { GraphIndex } from './graph-index.js';
import { nameOfCanonicalPurl } from './purl-key.js';

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

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Names whose count edges added since `sinceEdge` can have changed: an edge u→v adds dependents
 * to v and to everything v reaches, and to nothing else. Undefined when that is most names.
 */
function namesReachedByNewEdges(index: GraphIndex, sinceEdge: number, limit: number): Set<string> | undefined {
  const targets = index.rankedEdgeTargetsSince(sinceEdge);
  const { offsets, targets: out } = index.dependencyOut;
  const seen = new Set<number>();
  const names = new Set<string>();
  const stack = Array.from(targets);
  while (stack.length) {
    const u = stack.pop()!;
    if (seen.has(u)) continue;
    seen.add(u);
    names.add(nameOfCanonicalPurl(index.keys[u]));
    if (names.size > limit) return undefined;
    if (u + 1 < offsets.length) for (let i = offsets[u]; i < offsets[u + 1]; i++) stack.push(out[i]);
  }
  return names;
}

/**
 * Exact counts by a reverse walk per name. With a previous ranking, only the names that the
 * edges added since can reach are recounted; the others keep their counts (facts are append-only).
 * Returns undefined when `isStale()` says a newer generation made this run pointless.
 */
export async function computeFrequencyRanking(
  index: GraphIndex,
  isStale: () => boolean,
  previous?: FrequencyRanking,
): Promise<FrequencyRanking | undefined> {
  const started = performance.now();
  const generation = index.generation;
  const rankedEdges = index.rankedEdgeCount;
  const { offsets, targets } = index.rankedDependents;
  const nodeCount = offsets.length - 1;

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
  if (!names) {
    // Every name that is the target of at least one ranked edge.
    names = new Set<string>();
    for (let v = 0; v < nodeCount; v++) {
      if (offsets[v + 1] > offsets[v]) names.add(nameOfCanonicalPurl(index.keys[v]));
    }
  }
  const stamp = new Uint32Array(nodeCount);
  // Seeds go in unstamped and may come back stamped: room for both.
  const queue = new Uint32Array(nodeCount * 2);
  let epoch = 0;
  let sliceStart = performance.now();
  for (const name of names) {
    epoch++;
    let tail = 0;
    let count = 0;
    // Versions are not their own dependents unless an edge leads back to them.
    for (const version of index.packagesByName.get(name) ?? []) {
      if (version < nodeCount) queue[tail++] = version;
    }
    for (let q = 0; q < tail; q++) {
      const u = queue[q];
      for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
        const w = targets[i];
        if (stamp[w] !== epoch) {
          stamp[w] = epoch;
          count++;
          queue[tail++] = w;
        }
      }
      // A popular name reaches most of the graph: pause inside its walk too.
      if ((q & 4095) === 4095 && performance.now() - sliceStart > SLICE_MS) {
        await yieldToEventLoop();
        if (isStale()) return undefined;
        sliceStart = performance.now();
      }
    }
    if (count > 0) counts.set(name, count);
    else counts.delete(name);
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      if (isStale()) return undefined;
      sliceStart = performance.now();
    }
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
