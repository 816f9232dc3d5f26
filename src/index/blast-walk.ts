// The blast radius of a set of packages: one breadth-first walk backwards from all of them at
// once over the edges the forward walks take (walk.ts), leaving for every node reached the next
// hop towards its nearest source (a parent array). Following the hops from a node gives one
// shortest forward path from it to a source. Own buffers: it runs beside walks that use `scratch`.
import { NodeKind } from '../model/kinds.js';
import { EpochBuffers } from './epoch-buffers.js';
import type { GraphView } from './graph-view.js';
import { forwardRows, reverseRules, takesFrom } from './walk.js';

/** Which forward walk to invert: the package-dependency walk, or the artifact walk (packages are leaves). */
export type BlastMode = 'packages' | 'artifacts';

export class BlastWalk extends EpochBuffers {
  /** Stamp of the walk that reached a node (a node is reached when seen[node] === epoch). */
  private seen = new Uint32Array(0);
  /** next[v]: the node after v on a shortest forward path from v to a source; v itself for a source. */
  next = new Uint32Array(0);
  /** Nodes in the order reached (sources first): order[0 .. reached). */
  order = new Uint32Array(0);
  reached = 0;

  protected allocate(size: number): void {
    this.seen = new Uint32Array(size);
    this.next = new Uint32Array(size);
    this.order = new Uint32Array(size);
  }
  protected clearStamps(): void {
    this.seen.fill(0);
  }

  /** The hops from `node` (not included) to its nearest source (included), as node ids. */
  pathFrom(node: number): number[] {
    const path: number[] = [];
    let u = node;
    while (this.next[u] !== u) {
      u = this.next[u];
      path.push(u);
    }
    return path;
  }

  /**
   * Walks back from `sources`. An edge u→v is taken backwards only where the forward walk takes
   * it from u's kind: in 'packages' mode a dependency from a package, an SBOM inclusion from a
   * package or an artifact, an SLSA material from an artifact; in 'artifacts' mode SBOM
   * inclusions and SLSA materials from artifacts only; equivalence from anything in both.
   */
  run(index: GraphView, sources: Iterable<number>, mode: BlastMode): void {
    this.prepare(index.nodeCount);
    const { seen, next, order, epoch } = this;
    const kinds = index.kinds;
    let tail = 0;
    for (const s of sources) {
      if (seen[s] === epoch) continue;
      seen[s] = epoch;
      next[s] = s;
      order[tail++] = s;
    }
    const rules = reverseRules(index.adjacency, mode === 'artifacts');
    for (let head = 0; head < tail; head++) {
      const v = order[head];
      for (const rule of rules) {
        const { offsets, targets } = rule[0];
        if (v + 1 >= offsets.length) continue;
        for (let i = offsets[v], end = offsets[v + 1]; i < end; i++) {
          const u = targets[i];
          if (seen[u] === epoch || !takesFrom(rule, kinds[u])) continue;
          seen[u] = epoch;
          next[u] = v;
          order[tail++] = u;
        }
      }
    }
    this.reached = tail;
  }
}

/**
 * The forward package-dependency walk from one package (walkPackageDependencies' edges) with a
 * parent array, stopping at the first package `isTarget` accepts that is not in `own` (the
 * start's equivalence closure, which the forward walk leaves out). Returns the path after the
 * start to that package, or undefined. Own buffers, like BlastWalk.
 */
export class ForwardSearch extends EpochBuffers {
  private seen = new Uint32Array(0);
  private parent = new Uint32Array(0);
  private queue = new Uint32Array(0);

  protected allocate(size: number): void {
    this.seen = new Uint32Array(size);
    this.parent = new Uint32Array(size);
    this.queue = new Uint32Array(size);
  }
  protected clearStamps(): void {
    this.seen.fill(0);
  }

  nearest(
    index: GraphView,
    start: number,
    own: ReadonlySet<number>,
    isTarget: (pkg: number) => boolean,
  ): number[] | undefined {
    this.prepare(index.nodeCount);
    const { seen, parent, queue, epoch } = this;
    const kinds = index.kinds;
    const rowsOf = forwardRows(index.adjacency, false);
    let found = 0;
    let tail = 0;
    seen[start] = epoch;
    parent[start] = start;
    queue[tail++] = start;
    for (let head = 0; head < tail && !found; head++) {
      const u = queue[head];
      for (const { offsets, targets } of rowsOf[kinds[u]]) {
        if (found) break;
        if (u + 1 >= offsets.length) continue;
        for (let i = offsets[u], end = offsets[u + 1]; i < end && !found; i++) {
          const v = targets[i];
          if (seen[v] === epoch) continue;
          seen[v] = epoch;
          parent[v] = u;
          queue[tail++] = v;
          if (kinds[v] === NodeKind.Package && !own.has(v) && isTarget(v)) found = v;
        }
      }
    }
    if (!found) return undefined;
    const path: number[] = [];
    for (let v = found; v !== start; v = parent[v]) path.push(v);
    return path.reverse();
  }
}
