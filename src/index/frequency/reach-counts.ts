// For many target sets of nodes at once: how many nodes each set reaches by a path of at least
// one edge. Targets whose walks are cheap are walked one by one, within a budget; the rest go
// through near-linear passes: the graph is condensed to its strong components (a DAG), targets
// are taken in blocks of 32·W; one pass over the DAG in topological order carries, per
// component, a W-word bitset of the block's targets it is reached from (its "reach"), and
// bit-sliced counters add each component's reach, weighted by its size, for all targets at once.
// Hot path: typed arrays only, no object per node.
import type { Csr } from '../csr.js';
import { indicesByKeyInSteps } from '../sorted-in-steps.js';
import { condense } from './condense.js';
import { strongComponents } from './strong-components.js';
import { TargetWalker } from './target-walks.js';

/** Items (targets, classes) handled between yields: yields are cheap, and runInSlices pauses by time. */
const STEP = 1 << 8;
/**
 * Words of bitsets a pass moves between yields. Moves land at random places of a reach table far
 * larger than the caches: 2^14 of them take a few milliseconds (2^16 took up to 48 ms, 2^20
 * 100–250 ms at 500,000 packages, measured with CPU profiles of the reliability suite's store).
 */
const STEP_WORK = 1 << 14;
/** Most words per component in a block (2,048 targets per pass). */
const MAX_WORDS = 64;
/**
 * The one-by-one walks may cost this many sweeps of the whole graph. Every name of the bench
 * graphs fits (size M: 20 sweeps, S: 8), where walks beat the passes' fixed costs; a graph where
 * every walk is long (one huge cycle, dense lattices) spends at most this before the passes.
 */
const WALK_SWEEPS = 32;
/** Bound on the reach bitsets of one pass: 64 MiB. */
const MAX_REACH_WORDS = 1 << 24;

/**
 * `counts[t]`: the nodes reachable in `graph` from a node of `targets[t]` by a path of one or
 * more edges (self-loops ignored). A node in a cycle reaches itself; a target node otherwise
 * does not count for its own set. Ids outside the graph are ignored.
 */
export function* countReached(
  graph: Csr,
  targets: readonly (readonly number[])[],
  options: ReachCountOptions = {},
): Generator<void, Uint32Array> {
  const maxWords = options.maxWords ?? MAX_WORDS;
  const counts = new Uint32Array(targets.length);
  // Targets with few direct dependents first (their walks are usually short), one by one, within
  // a budget of graph sweeps; the bitset passes take the rest.
  const { offsets } = graph;
  const nodeCount = offsets.length - 1;
  const fanIn = new Float64Array(targets.length);
  for (let t = 0; t < targets.length; t++) {
    for (const v of targets[t]) if (v < nodeCount) fanIn[t] += offsets[v + 1] - offsets[v];
    if ((t & (STEP - 1)) === STEP - 1) yield;
  }
  const cheapFirst = yield* indicesByKeyInSteps(fanIn);
  yield;
  const budget = options.walkBudget ?? WALK_SWEEPS * (nodeCount + graph.targets.length);
  const walker = new TargetWalker(graph);
  let walked = 0;
  while (walked < cheapFirst.length && !walker.exceeds(budget)) {
    const t = cheapFirst[walked++];
    counts[t] = yield* walker.walk(targets[t], options.walkStep);
    yield;
  }
  if (walked === cheapFirst.length) return counts;

  const rest = cheapFirst.slice(walked);
  const restTargets = rest.map((t) => targets[t]);
  // Only what these targets reach matters: after an ingest that is often a small part of the graph.
  const scope = yield* reachableFrom(graph, restTargets);
  const { componentOf, sizes, count: componentCount } = yield* strongComponents(graph, scope);
  const dag = yield* condense(graph, componentOf, componentCount);
  // Targets whose nodes lie in the same components reach the same nodes: one class each.
  const { classOf, classes } = yield* classesOf(restTargets, componentOf);
  const classCounts = yield* countClasses(dag, sizes, classes, maxWords);
  rest.forEach((t, i) => (counts[t] = classOf[i] >= 0 ? classCounts[classOf[i]] : 0));
  return counts;
}

export interface ReachCountOptions {
  /** Most words per component in a pass (tests use small values to exercise many blocks). */
  maxWords?: number;
  /** Work the one-by-one walks may spend before the passes take the rest (tests: 0 or Infinity). */
  walkBudget?: number;
  /** Work between yields inside one walk (tests: 1, to pause everywhere). */
  walkStep?: number;
}

/** Marks the nodes reachable from the targets' nodes (those included); yields every STEP nodes. */
function* reachableFrom(graph: Csr, targets: readonly (readonly number[])[]): Generator<void, Uint8Array> {
  const { offsets, targets: next } = graph;
  const n = offsets.length - 1;
  const seen = new Uint8Array(n);
  const queue = new Uint32Array(n);
  let tail = 0;
  for (let t = 0; t < targets.length; t++) {
    for (const v of targets[t]) {
      if (v < n && !seen[v]) {
        seen[v] = 1;
        queue[tail++] = v;
      }
    }
    if ((t & (STEP - 1)) === STEP - 1) yield;
  }
  // Steps bounded by edges followed: one popular package has hundreds of thousands of dependents.
  let work = 0;
  for (let head = 0; head < tail; head++) {
    const v = queue[head];
    for (let i = offsets[v], stop = offsets[v + 1]; i < stop; i++) {
      const w = next[i];
      if (!seen[w]) {
        seen[w] = 1;
        queue[tail++] = w;
      }
    }
    work += 1 + offsets[v + 1] - offsets[v];
    if (work >= STEP_WORK) {
      work = 0;
      yield;
    }
  }
  return seen;
}

/**
 * The distinct sets of components of the targets (ascending ids), and each target's set (-1: none);
 * yields every STEP targets (a store holds hundreds of thousands of names).
 */
function* classesOf(
  targets: readonly (readonly number[])[],
  componentOf: Int32Array,
): Generator<void, { classOf: Int32Array; classes: number[][] }> {
  const classOf = new Int32Array(targets.length).fill(-1);
  const classes: number[][] = [];
  const byKey = new Map<number | string, number>();
  for (let t = 0; t < targets.length; t++) {
    const components = distinctComponents(targets[t], componentOf);
    if (components.length === 0) continue;
    const key = components.length === 1 ? components[0] : components.join(',');
    let k = byKey.get(key);
    if (k === undefined) {
      k = classes.length;
      classes.push(components);
      byKey.set(key, k);
    }
    classOf[t] = k;
    if ((t & (STEP - 1)) === STEP - 1) yield;
  }
  return { classOf, classes };
}

function distinctComponents(nodes: readonly number[], componentOf: Int32Array): number[] {
  const components: number[] = [];
  for (const v of nodes) {
    const c = v < componentOf.length ? componentOf[v] : -1;
    if (c >= 0) components.push(c);
  }
  if (components.length < 2) return components;
  components.sort((x, y) => x - y);
  let write = 1;
  for (let i = 1; i < components.length; i++)
    if (components[i] !== components[write - 1]) components[write++] = components[i];
  components.length = write;
  return components;
}

/** Per class (ascending component ids), the nodes its components reach by one edge or more. */
function* countClasses(
  dag: Csr,
  sizes: Uint32Array,
  classes: readonly number[][],
  maxWords: number,
): Generator<void, Uint32Array> {
  const counts = new Uint32Array(classes.length);
  const componentCount = sizes.length;
  // Classes in order of their first component, so each block's pass starts late.
  const firstComponents = new Float64Array(classes.length);
  for (let k = 0; k < classes.length; k++) {
    firstComponents[k] = classes[k][0];
    if ((k & (STEP - 1)) === STEP - 1) yield;
  }
  const ranked = yield* indicesByKeyInSteps(firstComponents);
  if (ranked.length === 0) return counts;

  // Per component, the ranks of the classes it belongs to, ascending; a cursor moves through them block by block.
  const ownOffsets = new Uint32Array(componentCount + 1);
  let owned = 0;
  for (let k = 0; k < classes.length; k++) {
    for (const c of classes[k]) ownOffsets[c + 1]++;
    owned += classes[k].length;
    if ((k & (STEP - 1)) === STEP - 1) yield;
  }
  for (let c = 0; c < componentCount; c++) ownOffsets[c + 1] += ownOffsets[c];
  const ownNext = ownOffsets.slice(0, componentCount);
  const ownRanks = new Uint32Array(owned);
  for (let r = 0; r < ranked.length; r++) {
    for (const c of classes[ranked[r]]) ownRanks[ownNext[c]++] = r;
    if ((r & (STEP - 1)) === STEP - 1) yield;
  }
  ownNext.set(ownOffsets.subarray(0, componentCount));
  yield;

  const words = Math.max(
    1,
    Math.min(maxWords, Math.ceil(ranked.length / 32), Math.floor(MAX_REACH_WORDS / componentCount)),
  );
  let activeNodes = 0;
  for (let c = 0; c < componentCount; c++) activeNodes += sizes[c];
  const levels = 33 - Math.clz32(activeNodes);
  const pass: Pass = {
    words,
    first: 0,
    end: 0,
    sizes,
    ownOffsets,
    ownNext,
    ownRanks,
    reach: new Uint32Array(componentCount * words),
    marked: new Uint8Array(componentCount),
    planes: new Uint32Array(levels * words),
    levels,
    dag,
    nonZeroWords: new Uint32Array(words),
  };
  for (let first = 0; first < ranked.length; first += 32 * words) {
    pass.first = first;
    pass.end = Math.min(ranked.length, first + 32 * words);
    const start = classes[ranked[first]][0];
    for (let c = start; c < componentCount;) {
      c = passComponents(pass, c, componentCount);
      yield;
    }
    readCounters(pass, ranked, counts);
    yield;
    pass.planes.fill(0);
    yield* zeroedInSteps(pass.reach, start * words);
    pass.marked.fill(0, start);
    yield;
  }
  return counts;
}

/** Clears `words` from `from` on in pieces of STEP_WORK · 16 words: the reach table is up to 64 MiB. */
function* zeroedInSteps(words: Uint32Array, from: number): Generator<void, void> {
  for (let at = from; at < words.length; at += STEP_WORK * 16) {
    words.fill(0, at, Math.min(words.length, at + STEP_WORK * 16));
    yield;
  }
}

/** One block's pass: its targets are ranks first..end-1, bit r - first of a reach bitset. */
interface Pass {
  words: number;
  first: number;
  end: number;
  sizes: Uint32Array;
  ownOffsets: Uint32Array;
  /** Per component, its next owned rank not yet taken into a reach bitset. */
  ownNext: Uint32Array;
  ownRanks: Uint32Array;
  /** Per component, `words` words: the block targets it reaches (with its own, once taken in). */
  reach: Uint32Array;
  /** Reach may be non-zero: a component reached by nothing in the block is skipped at once. */
  marked: Uint8Array;
  /** Bit-sliced counters: bit b of plane k, word w, is bit k of the count of block target 32w + b. */
  planes: Uint32Array;
  levels: number;
  dag: Csr;
  /** Scratch: the non-zero words of the component being passed on. */
  nonZeroWords: Uint32Array;
}

/**
 * Components from `from` on, in topological order, until `to` or about STEP_WORK words moved:
 * count what reaches them, pass it on. Returns the next component. A step is bounded by the work
 * it does, not by a count of components: one component a store's SBOMs all include passes its
 * reach along hundreds of thousands of edges (docs/architecture.md, "Applying a change").
 */
function passComponents(pass: Pass, from: number, to: number): number {
  const { words, end, sizes, ownOffsets, ownNext, ownRanks, marked } = pass;
  const dagOffsets = pass.dag.offsets;
  let work = 0;
  let c = from;
  for (; c < to && work < STEP_WORK; c++) {
    work++;
    const ownsHere = ownNext[c] < ownOffsets[c + 1] && ownRanks[ownNext[c]] < end;
    if (!marked[c] && !ownsHere) continue;
    const size = sizes[c];
    // In a cycle every member reaches its own targets; a lone node does not.
    if (ownsHere && size > 1) takeOwnTargets(pass, c);
    let nonZero = countReach(pass, c, size);
    if (ownsHere && size === 1) nonZero = passOwnTargets(pass, c, nonZero);
    work += words + (dagOffsets[c + 1] - dagOffsets[c]) * (nonZero + 1);
    passOn(pass, c, nonZero);
  }
  return c;
}

/** Sets the bits of the block targets component `c` owns in its own reach (a cycle: counted for it). */
function takeOwnTargets(pass: Pass, c: number): void {
  const { words, first, end, ownOffsets, ownNext, ownRanks, reach } = pass;
  const base = c * words;
  while (ownNext[c] < ownOffsets[c + 1] && ownRanks[ownNext[c]] < end) {
    const b = ownRanks[ownNext[c]++] - first;
    reach[base + (b >>> 5)] |= 1 << (b & 31);
  }
}

/**
 * Adds component `c`'s reach, weighted by its size, to the counters; leaves its non-zero words
 * (reach is often sparse) in `nonZeroWords` and returns how many there are.
 */
function countReach(pass: Pass, c: number, size: number): number {
  const { words, reach, planes, nonZeroWords } = pass;
  const base = c * words;
  let nonZero = 0;
  for (let w = 0; w < words; w++) {
    const x = reach[base + w];
    if (x === 0) continue;
    nonZeroWords[nonZero++] = w;
    // Add x·size to the counters of column w (ripple carry; usually a step or two).
    for (let k = 0, m = size; m !== 0; k++, m >>>= 1) {
      if ((m & 1) === 0) continue;
      for (let at = k * words + w, carry = x; carry !== 0; at += words) {
        const both = planes[at] & carry;
        planes[at] ^= carry;
        carry = both;
      }
    }
  }
  return nonZero;
}

/**
 * Sets the bits of the block targets a lone node `c` owns in its reach after it is counted (passed
 * on, not counted for it), adding the words they make non-zero; returns the new count of those.
 */
function passOwnTargets(pass: Pass, c: number, nonZero: number): number {
  const { words, first, end, ownOffsets, ownNext, ownRanks, reach, nonZeroWords } = pass;
  const base = c * words;
  let count = nonZero;
  while (ownNext[c] < ownOffsets[c + 1] && ownRanks[ownNext[c]] < end) {
    const b = ownRanks[ownNext[c]++] - first;
    const w = b >>> 5;
    if (reach[base + w] === 0) nonZeroWords[count++] = w;
    reach[base + w] |= 1 << (b & 31);
  }
  return count;
}

/** Ors component `c`'s reach (its first `nonZero` words of `nonZeroWords`) into the components it leads to. */
function passOn(pass: Pass, c: number, nonZero: number): void {
  const { words, reach, marked, nonZeroWords } = pass;
  const { offsets: dagOffsets, targets: dagTargets } = pass.dag;
  const base = c * words;
  for (let i = dagOffsets[c], stop = dagOffsets[c + 1]; i < stop; i++) {
    const d = dagTargets[i];
    const into = d * words;
    if (nonZero === words) {
      for (let w = 0; w < words; w++) reach[into + w] |= reach[base + w];
    } else {
      for (let j = 0; j < nonZero; j++) {
        const w = nonZeroWords[j];
        reach[into + w] |= reach[base + w];
      }
    }
    marked[d] = 1;
  }
}

/** The block's counts, out of the bit-sliced counters. */
function readCounters(pass: Pass, ranked: readonly number[], counts: Uint32Array): void {
  const { words, first, end, planes, levels } = pass;
  for (let r = first; r < end; r++) {
    const b = r - first;
    const w = b >>> 5;
    const bit = b & 31;
    let value = 0;
    for (let k = levels - 1; k >= 0; k--) value = value * 2 + ((planes[k * words + w] >>> bit) & 1);
    counts[ranked[r]] = value;
  }
}
