// The blast radius of a set of packages: one search backwards from all of them at once over the
// edges the forward walks take (walk.ts), leaving for every node reached the next hop towards its
// nearest source (a parent array). Following the hops from a node gives one cheapest forward path
// from it to a source: the fewest SBOM inclusions, then the fewest edges, as /v0/path answers
// (stated-first.ts). Own buffers: it runs beside walks that use `scratch`.
import { NodeKind } from '../model/kinds.js';
import type { GraphView } from './graph-view.js';
import { forwardEdgeRules, reverseEdgeRules, searchReadAtOnce, StatedFirstSearch } from './stated-first.js';

/** Which forward walk to invert: the package-dependency walk, or the artifact walk (packages are leaves). */
export type BlastMode = 'packages' | 'artifacts';

export class BlastWalk {
  private readonly search = new StatedFirstSearch();

  /** Nodes in the order reached (sources first): order[0 .. reached). */
  get order(): Uint32Array {
    return this.search.order;
  }
  get reached(): number {
    return this.search.reached;
  }

  /** The hops from `node` (not included) to its nearest source (included), as node ids. */
  pathFrom(node: number): number[] {
    // The search ran backwards: the parents lead forwards, from `node` to a source.
    return this.search.pathTo(node).reverse().slice(1);
  }

  /**
   * Walks back from `sources`. An edge u→v is taken backwards only where the forward walk takes
   * it from u's kind: in 'packages' mode a dependency from a package, an SBOM inclusion from a
   * package or an artifact, an SLSA material from an artifact; in 'artifacts' mode SBOM
   * inclusions and SLSA materials from artifacts only; equivalence from anything in both.
   */
  run(index: GraphView, sources: Iterable<number>, mode: BlastMode): void {
    this.search.run(index, sources, reverseEdgeRules(index.adjacency, mode === 'artifacts'));
  }
}

/**
 * The forward package-dependency walk from one package (walkPackageDependencies' edges), cheapest
 * first, stopping at the cheapest packages `isTarget` accepts that are not in `own` (the start's
 * equivalence closure, which the forward walk leaves out). Returns the path after the start to the
 * first of them, or undefined. Its search is shared with /v0/path (read before either returns).
 */
export class ForwardSearch {
  private readonly search = searchReadAtOnce;

  nearest(
    index: GraphView,
    start: number,
    own: ReadonlySet<number>,
    isTarget: (pkg: number) => boolean,
  ): number[] | undefined {
    const kinds = index.kinds;
    this.search.run(
      index,
      [start],
      forwardEdgeRules(index.adjacency, false),
      (v) => kinds[v] === NodeKind.Package && !own.has(v) && isTarget(v),
    );
    const found = this.search.ends[0];
    return found === undefined ? undefined : this.search.pathTo(found).slice(1);
  }
}
