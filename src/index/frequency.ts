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
  millis: number;
}

const SLICE_MS = 8;

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Returns undefined when `isStale()` says a newer generation made this run pointless. */
export async function computeFrequencyRanking(index: GraphIndex, isStale: () => boolean): Promise<FrequencyRanking | undefined> {
  const started = performance.now();
  const generation = index.generation;
  const { offsets, targets } = index.rankedDependents;
  const nodeCount = offsets.length - 1;
  // Names that are the target of at least one ranked edge.
  const names = new Set<string>();
  for (let v = 0; v < nodeCount; v++) {
    if (offsets[v + 1] > offsets[v]) names.add(nameOfCanonicalPurl(index.keys[v]));
  }
  const stamp = new Uint32Array(nodeCount);
  const queue = new Uint32Array(nodeCount);
  const entries: RankedName[] = [];
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
        if (stamp[w] !== epoch) { stamp[w] = epoch; count++; queue[tail++] = w; }
      }
    }
    entries.push({ name, dependentCount: count });
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      if (isStale()) return undefined;
      sliceStart = performance.now();
    }
  }
  entries.sort((x, y) => y.dependentCount - x.dependentCount || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return {
    generation,
    entries,
    countByName: new Map(entries.map((e) => [e.name, e.dependentCount])),
    millis: performance.now() - started,
  };
}
