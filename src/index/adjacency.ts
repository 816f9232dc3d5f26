// Adjacency: the raw traversal edges, one append-only list per edge class, and the CSR rows
// built from them (forward, and reverse for the ranked dependency edges). A rebuild is either
// synchronous (the first load) or prepared in slices beforehand and swapped in (refreshes).
import { FactKind, NodeKind } from '../model/kinds.js';
import type { LinkFactKind } from '../model/stored-facts.js';
import type { LoadSink } from '../store/types.js';
import { EMPTY_CSR, layered, type Csr, type EdgeArrays, type LayeredCsr } from './csr.js';
import { mergeCsr, mergeCsrInSlices } from './csr-merge.js';
import { mergeLayered, mergeLayeredInSlices } from './layered-merge.js';
import { EdgeList, GrowableU32 } from './growable.js';
import type { LoadBatch } from './load-batch.js';
import type { NodeTable } from './nodes.js';

/**
 * The CSR rows the walks follow. The SBOM inclusion rows, by far the largest (every build
 * includes about all its components), are layered: new edges go to an overlay, merged into the
 * base once in a while (docs/adr/0011); the others are merged whole at each change.
 */
export interface AdjacencyView {
  readonly dependencyOut: Csr;
  readonly sbomOut: LayeredCsr;
  readonly slsaOut: Csr;
  /** Both directions of IsOccurrence (to packages) and HashEqual. */
  readonly equivalent: Csr;
  /** Reverse of the dependency edges that count for the frequency ranking. */
  readonly rankedDependents: Csr;
  /** Reverses of dependencyOut, sbomOut and slsaOut: the dependents walk runs over them. */
  readonly dependencyIn: Csr;
  readonly sbomIn: LayeredCsr;
  readonly slsaIn: Csr;
}

type FlatView = { [K in keyof AdjacencyView]: AdjacencyView[K] extends Csr ? K : never }[keyof AdjacencyView];
type LayeredView = Exclude<keyof AdjacencyView, FlatView>;

/** Adjacency built for a batch before it is applied (see Adjacency.prepare). */
export interface PreparedAdjacency extends AdjacencyView {
  nodeCount: number;
}

const GUAC_FILES = 'pkg:guac/files';

/** The raw edge lists, one per traversal edge class. */
interface EdgeLists {
  dependency: EdgeList;
  ranked: EdgeList;
  sbom: EdgeList;
  slsa: EdgeList;
  equivalence: EdgeList;
}

type ListName = keyof EdgeLists;

/**
 * Each CSR of the view, in build order: the edge list it is built from, and whether it reads the
 * edges backwards.
 */
const CSR_VIEWS: readonly (readonly [FlatView, readonly [ListName, boolean]])[] = [
  ['dependencyOut', ['dependency', false]],
  ['rankedDependents', ['ranked', true]],
  ['slsaOut', ['slsa', false]],
  ['equivalent', ['equivalence', false]],
  ['dependencyIn', ['dependency', true]],
  ['slsaIn', ['slsa', true]],
];
/** The same for the layered views. */
const LAYERED_VIEWS: readonly (readonly [LayeredView, readonly [ListName, boolean]])[] = [
  ['sbomOut', ['sbom', false]],
  ['sbomIn', ['sbom', true]],
];

const newEdgeLists = (): EdgeLists => ({
  dependency: new EdgeList(),
  ranked: new EdgeList(),
  sbom: new EdgeList(),
  slsa: new EdgeList(),
  equivalence: new EdgeList(),
});

/** Which edge lists a dependency edge goes to: ranked unless it touches a guac file pseudo-package. */
function routeDependency(lists: EdgeLists, a: number, b: number, ranked: boolean, keyOf: (id: number) => string): void {
  lists.dependency.add(a, b);
  if (ranked && !keyOf(a).startsWith(GUAC_FILES) && !keyOf(b).startsWith(GUAC_FILES)) lists.ranked.add(a, b);
}

/** Which edge lists a link goes to (none for links that are not traversal edges). */
function routeLink(lists: EdgeLists, kind: number, a: number, b: number, kindOf: (id: number) => number): void {
  switch (kind) {
    case FactKind.SbomIncludes:
      lists.sbom.add(a, b);
      return;
    case FactKind.IsOccurrence:
      // Occurrences of sources are not walked through.
      if (kindOf(b) === NodeKind.Package) {
        lists.equivalence.add(a, b);
        lists.equivalence.add(b, a);
      }
      return;
    case FactKind.HashEqual:
      lists.equivalence.add(a, b);
      lists.equivalence.add(b, a);
      return;
    case FactKind.HasSlsa:
      if (b) lists.slsa.add(a, b);
      return;
  }
}

/** Collects only the traversal edges of a batch, knowing the kinds and keys of its new nodes. */
class EdgeCollector implements LoadSink {
  readonly lists = newEdgeLists();
  maxNode = 0;
  private readonly kinds = new Map<number, number>();
  private readonly keys = new Map<number, string>();

  constructor(private readonly nodes: NodeTable) {}

  node(id: number, kind: number, key: string): void {
    this.kinds.set(id, kind);
    this.keys.set(id, key);
    if (id > this.maxNode) this.maxNode = id;
  }
  document(): void {
    /* no edges */
  }
  link(kind: LinkFactKind, a: number, b: number): void {
    routeLink(this.lists, kind, a, b, (id) => this.kinds.get(id) ?? this.nodes.kindOf(id));
  }
  record(): void {
    /* records are not traversal edges */
  }
  dependencyEdge(a: number, b: number, ranked: boolean): void {
    routeDependency(this.lists, a, b, ranked, (id) => this.keys.get(id) ?? this.nodes.keys[id] ?? '');
  }
}

/** The edges of `list`, and of `more` after them (copied only when both hold some). */
function pendingEdges(list: EdgeList, more?: EdgeList): EdgeArrays {
  if (!more || more.length === 0) return { from: list.from.view(), to: list.to.view() };
  if (list.length === 0) return { from: more.from.view(), to: more.to.view() };
  const join = (a: Uint32Array, b: Uint32Array): Uint32Array => {
    const out = new Uint32Array(a.length + b.length);
    out.set(a);
    out.set(b, a.length);
    return out;
  };
  return { from: join(list.from.view(), more.from.view()), to: join(list.to.view(), more.to.view()) };
}

export class Adjacency implements AdjacencyView {
  dependencyOut: Csr = EMPTY_CSR;
  sbomOut: LayeredCsr = layered(EMPTY_CSR);
  slsaOut: Csr = EMPTY_CSR;
  equivalent: Csr = EMPTY_CSR;
  rankedDependents: Csr = EMPTY_CSR;
  dependencyIn: Csr = EMPTY_CSR;
  sbomIn: LayeredCsr = layered(EMPTY_CSR);
  slsaIn: Csr = EMPTY_CSR;
  /**
   * The edges added since the CSRs were last made (rebuild): the CSRs hold every edge before. They
   * are let go of once in the CSRs, which hold them without duplicates: at 100,000 SBOMs the
   * inclusion edges alone took 0.8-1.6 GB as raw lists.
   */
  private edges = newEdgeLists();
  /** Targets of every ranked dependency edge, in order: the frequency ranking recounts from a point. */
  private readonly rankedTargets = new GrowableU32();

  constructor(private readonly nodes: NodeTable) {}

  /** Ranked dependency edges so far (append-only). */
  get rankedEdgeCount(): number {
    return this.rankedTargets.length;
  }

  /** Targets of the ranked edges added after the first `since`. */
  rankedEdgeTargetsSince(since: number): Uint32Array {
    return this.rankedTargets.view().subarray(since);
  }

  link(kind: LinkFactKind, a: number, b: number): void {
    routeLink(this.edges, kind, a, b, (id) => this.nodes.kinds[id]);
  }

  dependencyEdge(a: number, b: number, ranked: boolean): void {
    const before = this.edges.ranked.length;
    routeDependency(this.edges, a, b, ranked, (id) => this.nodes.keys[id]);
    if (this.edges.ranked.length > before) this.rankedTargets.push(b);
  }

  /**
   * Makes the edges added so far walkable: swaps in `prepared` when it fits, else merges them in
   * now (a first load: builds). Either way the CSRs then hold them, and the raw lists are let go of.
   */
  rebuild(nodeCount: number, prepared?: PreparedAdjacency): void {
    const e = this.edges;
    const fits = prepared && prepared.nodeCount === nodeCount ? prepared : undefined;
    for (const [view, [list, reverse]] of CSR_VIEWS)
      this[view] = fits ? fits[view] : mergeCsr(this[view], nodeCount, pendingEdges(e[list]), reverse);
    for (const [view, [list, reverse]] of LAYERED_VIEWS)
      this[view] = fits ? fits[view] : mergeLayered(this[view], nodeCount, pendingEdges(e[list]), reverse);
    this.edges = newEdgeLists();
  }

  /**
   * The adjacency of the edges added so far, built in slices that yield to the event loop: for an
   * index built aside (IndexService's rebuild), which rebuild(…, prepared) then makes walkable.
   */
  prepareAll(nodeCount: number): Promise<PreparedAdjacency> {
    return this.mergePrepared(nodeCount, newEdgeLists());
  }

  /**
   * Builds, in slices that yield to the event loop, the adjacency there will be once `batch` is
   * applied, without changing what readers see; rebuild(…, prepared) then swaps it in, so a
   * refresh never stalls requests for a whole rebuild. The new edges are merged into the CSRs
   * (a copy, not a build; docs/adr/0010 and 0011).
   */
  async prepare(batch: LoadBatch): Promise<PreparedAdjacency> {
    const added = new EdgeCollector(this.nodes);
    batch.replay(added);
    const nodeCount = Math.max(this.nodes.count, added.maxNode + 1);
    return this.mergePrepared(nodeCount, added.lists);
  }

  /** The CSRs with the edges since the last rebuild and `added`, in slices. */
  private async mergePrepared(nodeCount: number, added: EdgeLists): Promise<PreparedAdjacency> {
    const flat = {} as Record<FlatView, Csr>;
    const delta = (list: ListName): EdgeArrays => pendingEdges(this.edges[list], added[list]);
    for (const [view, [list, reverse]] of CSR_VIEWS)
      flat[view] = await mergeCsrInSlices(this[view], nodeCount, delta(list), reverse);
    const layers = {} as Record<LayeredView, LayeredCsr>;
    for (const [view, [list, reverse]] of LAYERED_VIEWS)
      layers[view] = await mergeLayeredInSlices(this[view], nodeCount, delta(list), reverse);
    return { nodeCount, ...flat, ...layers };
  }
}
