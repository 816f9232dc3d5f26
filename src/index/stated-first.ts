// The cheapest-path search the answers that explain a dependency share (/v0/path, and the `via`
// of a vulnerability's dependents and artifacts): over the edges the walks follow (walk.ts), a path
// costs first the SBOM inclusions it takes, then its length. So a chain the documents state
// (IsDependency, IsOccurrence, HashEqual, SLSA material) always wins over the one "SBOM includes"
// edge that joins an SBOM's subject to each of its components, and an inclusion is taken only where
// no stated chain leads on (docs/api.md "Paths"). Costs are exact: rounds by inclusion count, each a
// breadth-first search whose seeds (reached by one more inclusion) join at their own depth.
import type { AdjacencyView } from './adjacency.js';
import { layersOf, type Csr } from './csr.js';
import { EpochBuffers } from './epoch-buffers.js';
import type { GraphView } from './graph-view.js';
import { forwardRows, reverseRules } from './walk.js';

const bit = (kind: number): number => 1 << kind;
const ANY_KIND = 0xff;

/** One class of edges, as a search takes it: from a node of `fromKinds` to one of `toKinds` (kind masks). */
export interface EdgeRule {
  csr: Csr;
  fromKinds: number;
  toKinds: number;
  /** An SBOM inclusion: costs one inclusion more. */
  inclusion: boolean;
}

/** The edges of the forward walks (walk.ts forwardRows), each class with the node kinds it leaves. */
export function forwardEdgeRules(adjacency: AdjacencyView, packagesAreLeaves: boolean): EdgeRule[] {
  const rows = forwardRows(adjacency, packagesAreLeaves);
  const inclusions = new Set(layersOf(adjacency.sbomOut));
  const rules = new Map<Csr, EdgeRule>();
  rows.forEach((csrs, kind) => {
    for (const csr of csrs) {
      const rule = rules.get(csr);
      if (rule) rule.fromKinds |= bit(kind);
      else rules.set(csr, { csr, fromKinds: bit(kind), toKinds: ANY_KIND, inclusion: inclusions.has(csr) });
    }
  });
  return [...rules.values()];
}

/** The same edges backwards (walk.ts reverseRules): each taken where the forward walk takes it from its source's kind. */
export function reverseEdgeRules(adjacency: AdjacencyView, packagesAreLeaves: boolean): EdgeRule[] {
  const inclusions = new Set(layersOf(adjacency.sbomIn));
  return reverseRules(adjacency, packagesAreLeaves).map(([csr, sourceKinds]) => ({
    csr,
    fromKinds: ANY_KIND,
    toKinds: sourceKinds,
    inclusion: inclusions.has(csr),
  }));
}

/** The rules as parallel arrays: the inner loop reads no objects. */
interface RuleColumns {
  offsetRows: Uint32Array[];
  targetRows: Uint32Array[];
  fromKinds: number[];
  toKinds: number[];
  isInclusion: boolean[];
}

function ruleColumns(rules: readonly EdgeRule[]): RuleColumns {
  return {
    offsetRows: rules.map((r) => r.csr.offsets),
    targetRows: rules.map((r) => r.csr.targets),
    fromKinds: rules.map((r) => r.fromKinds),
    toKinds: rules.map((r) => r.toKinds),
    isInclusion: rules.map((r) => r.inclusion),
  };
}

const NO_RULES: RuleColumns = { offsetRows: [], targetRows: [], fromKinds: [], toKinds: [], isInclusion: [] };
const NO_KINDS: Uint8Array = new Uint8Array(0);

/**
 * Per-node results of the last `run`: whether a node was reached, its cost (inclusions, hops) and
 * the node it was first reached from. Own buffers (stamped with an epoch), so it never disturbs
 * the walks' scratch; a run overwrites the last, so a user keeps an instance while it reads one.
 */
export class StatedFirstSearch extends EpochBuffers {
  private seen = new Uint32Array(0);
  /** SBOM inclusions on the cheapest path to a node. */
  inclusions = new Uint32Array(0);
  /** Edges on the cheapest path to a node. */
  hops = new Uint32Array(0);
  /** The node a node was reached from (a source: itself). */
  parent = new Uint32Array(0);
  /** Nodes in the order reached (cheapest first): order[0 .. reached). Also the search's queue. */
  order = new Uint32Array(0);
  reached = 0;
  /** The accepted nodes of the least cost, when `run` was given `accept`. */
  ends: number[] = [];
  /** Stamped when a node is offered by an inclusion edge: the first offer is the least deep. */
  private offered = new Uint32Array(0);
  /** The nodes offered, in the order offered (each once in a run; its `parent` is set at the offer). */
  private offers = new Uint32Array(0);

  // A run's state between its phases (a run is synchronous and never re-entered).
  private kinds: Uint8Array = NO_KINDS;
  private rules = NO_RULES;
  private accept: ((node: number) => boolean) | undefined = undefined;
  /** The accepted nodes of the least cost reached so far. */
  private found: number[] = [];
  /** The depth of the accepted nodes, -1 before the first. */
  private best = -1;
  /** order[head .. tail) is the queue; order[0 .. tail) the nodes reached so far. */
  private head = 0;
  private tail = 0;
  /** offers[next .. seedEnd) are this round's seeds, offers[seedEnd .. offerEnd) the next round's. */
  private next = 0;
  private seedEnd = 0;
  private offerEnd = 0;

  protected allocate(size: number): void {
    this.seen = new Uint32Array(size);
    this.inclusions = new Uint32Array(size);
    this.hops = new Uint32Array(size);
    this.parent = new Uint32Array(size);
    this.order = new Uint32Array(size);
    this.offered = new Uint32Array(size);
    this.offers = new Uint32Array(size);
  }
  protected clearStamps(): void {
    this.seen.fill(0);
    this.offered.fill(0);
  }

  isReached(node: number): boolean {
    return this.seen[node] === this.epoch;
  }

  /** Whether the edge u → v of a class (`inclusion` or not) lies on a cheapest path to v. */
  tight(u: number, v: number, inclusion: boolean): boolean {
    return (
      this.isReached(u) &&
      this.isReached(v) &&
      this.hops[u] + 1 === this.hops[v] &&
      this.inclusions[u] + (inclusion ? 1 : 0) === this.inclusions[v]
    );
  }

  /**
   * Reaches every node from `sources` over `rules`, cheapest first. With `accept`, stops once
   * the accepted nodes of the least cost are all reached (they are left in `ends`, in the order
   * reached); without, reaches everything the rules lead to.
   *
   * Rounds by inclusions taken; each round breadth-first by hops over the stated edges, where the
   * nodes offered by an inclusion edge in the round before join at their own depth (before any
   * node of that depth is expanded, so none is reached the long way round first). Each node is
   * offered at most once: offers come in order of depth, so the first is the cheapest.
   */
  run(
    index: GraphView,
    sources: Iterable<number>,
    rules: readonly EdgeRule[],
    accept?: (node: number) => boolean,
  ): void {
    const epoch = this.prepare(index.nodeCount);
    this.kinds = index.kinds;
    this.rules = ruleColumns(rules);
    this.accept = accept;
    this.found = [];
    this.best = -1;
    this.offerEnd = 0;
    this.reachSources(sources, epoch);
    this.head = 0;
    this.next = 0;
    this.seedEnd = 0;
    for (let round = 0; ; round++) {
      this.searchRound(round, epoch);
      if (this.best >= 0 || this.seedEnd === this.offerEnd) break;
      this.next = this.seedEnd;
      this.seedEnd = this.offerEnd;
    }
    this.reached = this.tail;
    this.ends = this.found;
    // Keeps neither the index's arrays nor the caller's `accept` past the run.
    this.kinds = NO_KINDS;
    this.rules = NO_RULES;
    this.accept = undefined;
  }

  /** Reaches the sources, at no cost, in the order given. */
  private reachSources(sources: Iterable<number>, epoch: number): void {
    const { seen, inclusions, hops, parent, order, accept, found } = this;
    let tail = 0;
    let best = this.best;
    for (const s of sources) {
      if (seen[s] === epoch) continue;
      seen[s] = epoch;
      inclusions[s] = 0;
      hops[s] = 0;
      parent[s] = s;
      order[tail++] = s;
      if (accept !== undefined && accept(s)) {
        found.push(s);
        best = 0;
      }
    }
    this.tail = tail;
    this.best = best;
  }

  /**
   * One round (paths of `round` inclusions): level by level, until the queue and the round's
   * seeds are spent or the accepted nodes of the least cost are reached.
   */
  private searchRound(round: number, epoch: number): void {
    for (;;) {
      const level = this.nextLevel(epoch);
      if (level === Infinity) return;
      this.reachSeeds(level, round, epoch);
      // The accepted nodes of this level are all marked: none further on is as cheap.
      if (this.best >= 0) return;
      this.expandLevel(level + 1, round, epoch);
    }
  }

  /** The next level: the queue's, or the next seed's if shallower (or the queue is empty); Infinity when both are spent. */
  private nextLevel(epoch: number): number {
    const { seen, hops, parent, order, offers, head, tail, seedEnd } = this;
    let next = this.next;
    while (next < seedEnd && seen[offers[next]] === epoch) next++;
    this.next = next;
    const seedDepth = next < seedEnd ? hops[parent[offers[next]]] + 1 : Infinity;
    return head < tail ? Math.min(hops[order[head]], seedDepth) : seedDepth;
  }

  /** Reaches the round's seeds that join at depth `level` (from the node that offered each). */
  private reachSeeds(level: number, round: number, epoch: number): void {
    const { seen, inclusions, hops, parent, order, offers, seedEnd, accept, found } = this;
    let next = this.next;
    let tail = this.tail;
    let best = this.best;
    for (; next < seedEnd; next++) {
      const v = offers[next];
      if (seen[v] === epoch) continue;
      if (hops[parent[v]] + 1 > level) break;
      seen[v] = epoch;
      inclusions[v] = round;
      hops[v] = level;
      order[tail++] = v;
      if (accept !== undefined && accept(v)) {
        found.push(v);
        if (best < 0) best = level;
      }
    }
    this.next = next;
    this.tail = tail;
    this.best = best;
  }

  /**
   * Expands the queue's nodes of the level before `depth` (those in it now): a stated edge reaches
   * its target at `depth`, an inclusion edge offers it to the next round. Written out (no call per
   * edge): a popular package's blast radius crosses millions of edges.
   */
  private expandLevel(depth: number, round: number, epoch: number): void {
    const { seen, inclusions, hops, parent, order, offered, offers, kinds, accept, found } = this;
    const { offsetRows, targetRows, fromKinds, toKinds, isInclusion } = this.rules;
    let head = this.head;
    let tail = this.tail;
    let offerEnd = this.offerEnd;
    let best = this.best;
    for (const levelEnd = tail; head < levelEnd;) {
      const u = order[head++];
      const ku = 1 << kinds[u];
      for (let r = 0; r < offsetRows.length; r++) {
        const offsets = offsetRows[r];
        if ((fromKinds[r] & ku) === 0 || u + 1 >= offsets.length) continue;
        const targets = targetRows[r];
        const allowed = toKinds[r];
        const inclusion = isInclusion[r];
        for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
          const v = targets[i];
          if (seen[v] === epoch || ((1 << kinds[v]) & allowed) === 0) continue;
          if (inclusion) {
            if (offered[v] === epoch) continue;
            offered[v] = epoch;
            parent[v] = u; // until v is reached by a stated edge of this round, if it is
            offers[offerEnd++] = v;
            continue;
          }
          seen[v] = epoch;
          inclusions[v] = round;
          hops[v] = depth;
          parent[v] = u;
          order[tail++] = v;
          if (accept !== undefined && accept(v)) {
            found.push(v);
            if (best < 0) best = depth;
          }
        }
      }
    }
    this.head = head;
    this.tail = tail;
    this.offerEnd = offerEnd;
    this.best = best;
  }

  /** The nodes from a source (included) to `node` (included), along the parents. */
  pathTo(node: number): number[] {
    const path = [node];
    for (let v = node; this.parent[v] !== v; v = this.parent[v]) path.push(this.parent[v]);
    return path.reverse();
  }
}

/**
 * One search for the users that read its results before they return (/v0/path, the forward search
 * of blast-walk.ts): queries are synchronous, so none runs while another reads. The blast radius
 * keeps its own (its answer reads the parents later).
 */
export const searchReadAtOnce = new StatedFirstSearch();
