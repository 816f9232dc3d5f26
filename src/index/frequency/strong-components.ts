// Strongly connected components of a CSR graph (Tarjan's algorithm without recursion), run in
// bounded steps so a caller can pause between them. Self-loops are ignored. The walk is a plain
// method called once per step, not a generator loop, so V8 optimises it from the first run.
import type { Csr } from '../csr.js';

export interface StrongComponents {
  /** Component of each node; -1 for nodes without edges (left out). */
  componentOf: Int32Array;
  /** Members per component. */
  sizes: Uint32Array;
  count: number;
}

/** Edges visited between yields (2^16 took 20–40 ms at 500,000 packages). */
const STEP = 1 << 14;

/**
 * Components numbered in topological order of `graph`: every edge between two components goes
 * from a lower id to a higher one. With `scope` (closed under successors), only the nodes it
 * marks are walked; the others are left out like nodes without edges.
 */
export function* strongComponents(graph: Csr, scope?: Uint8Array): Generator<void, StrongComponents> {
  const walk = new TarjanWalk(graph, scope);
  while (!walk.step(STEP)) yield;
  return walk.result();
}

class TarjanWalk {
  private readonly offsets: Uint32Array;
  private readonly targets: Uint32Array;
  private readonly hasEdges: Uint8Array;
  private readonly order: Uint32Array; // discovery index + 1; 0: not visited yet
  private readonly low: Uint32Array;
  private readonly onStack: Uint8Array;
  private readonly stack: Uint32Array;
  private readonly callNode: Uint32Array;
  private readonly callEdge: Uint32Array;
  /** Completion number of each node's component (Tarjan completes a component after all it reaches). */
  private readonly finished: Int32Array;
  private readonly sizes: number[] = [];
  private sp = 0;
  private depth = 0;
  private next = 1;
  private root = 0;

  constructor(graph: Csr, scope?: Uint8Array) {
    this.offsets = graph.offsets;
    this.targets = graph.targets;
    const n = graph.offsets.length - 1;
    this.hasEdges = new Uint8Array(n);
    for (let v = 0; v < n; v++) if (graph.offsets[v + 1] > graph.offsets[v]) this.hasEdges[v] = 1;
    for (let i = 0; i < graph.targets.length; i++) this.hasEdges[graph.targets[i]] = 1;
    if (scope) for (let v = 0; v < n; v++) this.hasEdges[v] &= scope[v];
    this.order = new Uint32Array(n);
    this.low = new Uint32Array(n);
    this.onStack = new Uint8Array(n);
    this.stack = new Uint32Array(n);
    this.callNode = new Uint32Array(n);
    this.callEdge = new Uint32Array(n);
    this.finished = new Int32Array(n).fill(-1);
  }

  /** Visits up to about `budget` edges; true when the walk is complete. */
  step(budget: number): boolean {
    const { offsets, targets, hasEdges, order, low, onStack, stack, callNode, callEdge, finished, sizes } = this;
    const n = offsets.length - 1;
    let { sp, depth, next, root } = this;
    let work = 0;
    while (work < budget) {
      if (depth === 0) {
        while (root < n && (!hasEdges[root] || order[root] !== 0)) root++;
        if (root === n) break;
        order[root] = low[root] = next++;
        stack[sp++] = root;
        onStack[root] = 1;
        callNode[0] = root;
        callEdge[0] = offsets[root];
        depth = 1;
      }
      const v = callNode[depth - 1];
      const e = callEdge[depth - 1];
      work++;
      if (e < offsets[v + 1]) {
        callEdge[depth - 1] = e + 1;
        const w = targets[e];
        if (w === v) continue;
        if (order[w] === 0) {
          order[w] = low[w] = next++;
          stack[sp++] = w;
          onStack[w] = 1;
          callNode[depth] = w;
          callEdge[depth] = offsets[w];
          depth++;
        } else if (onStack[w] && order[w] < low[v]) {
          low[v] = order[w];
        }
        continue;
      }
      depth--;
      if (low[v] === order[v]) {
        // v roots a component: everything above it on the stack.
        const id = sizes.length;
        let size = 0;
        let w: number;
        do {
          w = stack[--sp];
          onStack[w] = 0;
          finished[w] = id;
          size++;
        } while (w !== v);
        sizes.push(size);
      }
      if (depth > 0) {
        const parent = callNode[depth - 1];
        if (low[v] < low[parent]) low[parent] = low[v];
      }
    }
    Object.assign(this, { sp, depth, next, root });
    return depth === 0 && root === n;
  }

  result(): StrongComponents {
    // Reverse the completion order for topological ids.
    const count = this.sizes.length;
    const componentOf = this.finished;
    for (let v = 0; v < componentOf.length; v++) {
      if (componentOf[v] >= 0) componentOf[v] = count - 1 - componentOf[v];
    }
    const sizes = new Uint32Array(count);
    for (let c = 0; c < count; c++) sizes[count - 1 - c] = this.sizes[c];
    return { componentOf, sizes, count };
  }
}
