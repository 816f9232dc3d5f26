// A service's dependency graph, derived from its salt and the positions of its components, never
// stored: the subject depends on about a tenth of them directly, every other component has one
// parent earlier in the list (sometimes two), so the graph is a DAG that reaches every component.
// A build that bumps a version keeps every position, hence every edge (only the bumped
// component's reference changes); an added component takes a new position at the end.

export interface DependencyGraph {
  /** Positions the subject depends on, ascending. */
  direct: number[];
  /** The children of position i are targets[offsets[i]] … targets[offsets[i + 1] - 1], ascending. */
  offsets: Int32Array;
  targets: Int32Array;
}

/** A 32-bit mix of the salt, a position and a draw number (murmur3's finaliser). */
function hash(salt: number, position: number, draw: number): number {
  let h = (salt ^ Math.imul(position + 1, 0x9e3779b1) ^ Math.imul(draw + 1, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The graph of `count` components. Computed for every document rather than kept: a few
 * microseconds, where keeping it would cost tens of kilobytes per service.
 */
export function dependencyGraph(salt: number, count: number): DependencyGraph {
  const direct: number[] = [];
  // Each component's parents (-1: none); the subject's children are the direct ones.
  const first = new Int32Array(count).fill(-1);
  const second = new Int32Array(count).fill(-1);
  const offsets = new Int32Array(count + 1);
  for (let i = 0; i < count; i++) {
    if (i === 0 || hash(salt, i, 0) % 10 === 0) {
      direct.push(i);
      continue;
    }
    // Parents are drawn nearer the child than uniformly: trees of a few levels, as lockfiles have.
    first[i] = i - 1 - (hash(salt, i, 1) % Math.min(i, 64));
    offsets[first[i] + 1]++;
    const other = hash(salt, i, 2) % 10 < 3 ? hash(salt, i, 3) % i : -1;
    if (other >= 0 && other !== first[i]) {
      second[i] = other;
      offsets[other + 1]++;
    }
  }
  for (let i = 0; i < count; i++) offsets[i + 1] += offsets[i];
  const targets = new Int32Array(offsets[count]);
  const next = offsets.slice(0, count);
  // Children in ascending order: they are placed as i ascends.
  for (let i = 0; i < count; i++) {
    if (first[i] >= 0) targets[next[first[i]]++] = i;
    if (second[i] >= 0) targets[next[second[i]]++] = i;
  }
  return { direct, offsets, targets };
}
