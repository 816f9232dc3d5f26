// A layered left-to-right layout computed without the DOM: a node's layer is its depth from the
// roots (breadth-first, so the shortest, moved on past any edge within its layer), nodes in a layer
// sit one under the other in the order of their parents (so siblings stay together and edges cross
// less), and a layer is as wide as its longest label. The highlighted path is the dependency chain
// read left to right on one row: its i-th node is in layer i, on the root's row, the rest of each
// layer above and below it. Cytoscape's own breadthfirst layout spaces every node by the widest
// label in both directions, which spreads a column of 30 groups over thousands of pixels.
import { drawnLabel, rootsOf, type GraphNode, type GraphState } from './model';

export const ROW_GAP = 28;
export const LAYER_GAP = 60;
/** The drawing's label size, in px at zoom 1 (draw.ts). */
export const FONT_SIZE = 12;
/** Pixels per label character at FONT_SIZE (an estimate: no DOM to measure). */
export const CHAR_WIDTH = 7;
/** A package node's diameter, and the gap before its label (drawn to its right). */
export const NODE_SIZE = 14;
const LABEL_GAP = 4;

/** How wide a node is with its label, and where its centre sits from the layer's left edge. */
export function extentOf(node: GraphNode): { width: number; centre: number } {
  const text = drawnLabel(node).length * CHAR_WIDTH;
  if (node.kind === 'group') return { width: text + 16, centre: (text + 16) / 2 };
  return { width: NODE_SIZE + LABEL_GAP + text, centre: NODE_SIZE / 2 };
}

export interface Position {
  x: number;
  y: number;
}

/**
 * Depth of every node from the roots, following edges (unreached nodes go one past the deepest);
 * the i-th node of the highlighted path is in layer i, whatever shortcut other edges offer.
 */
export function layersOf(state: GraphState): Map<string, number> {
  const children = new Map<string, string[]>();
  for (const edge of state.edges.values()) {
    const list = children.get(edge.source);
    if (list) list.push(edge.target);
    else children.set(edge.source, [edge.target]);
  }
  const depth = new Map<string, number>();
  const chain = [...state.pathNodes].filter((id) => state.nodes.has(id));
  const fixed = new Set(chain);
  // Breadth-first from the roots; a path node enters the walk at its own layer.
  const entering = new Map<number, string[]>();
  chain.forEach((id, i) => entering.set(i, [...(entering.get(i) ?? []), id]));
  let frontier = rootsOf(state).filter((id) => state.nodes.has(id) && !fixed.has(id));
  frontier.forEach((id) => depth.set(id, 0));
  chain.forEach((id, i) => depth.set(id, i));
  frontier.push(...(entering.get(0) ?? []));
  for (let d = 1; frontier.length > 0 || d < chain.length; d++) {
    const next: string[] = [...(entering.get(d) ?? [])];
    for (const id of frontier)
      for (const child of children.get(id) ?? [])
        if (!depth.has(child)) {
          depth.set(child, d);
          next.push(child);
        }
    frontier = next;
  }
  // An edge between two nodes of one layer would be drawn as a vertical line that hides which way
  // it goes (paths merged from several starts, or a path between siblings that all hang off an SBOM
  // subject): its target moves one layer on, as often as needed. Bounded, since graphs may cycle.
  for (let pass = 0, moved = true; moved && pass < state.nodes.size; pass++) {
    moved = false;
    for (const edge of state.edges.values()) {
      const from = depth.get(edge.source);
      if (from !== undefined && !fixed.has(edge.target) && from === depth.get(edge.target)) {
        depth.set(edge.target, from + 1);
        moved = true;
      }
    }
  }
  const deepest = Math.max(0, ...depth.values());
  for (const id of state.nodes.keys()) if (!depth.has(id)) depth.set(id, deepest + 1);
  return depth;
}

export function layeredPositions(state: GraphState): Map<string, Position> {
  const depth = layersOf(state);
  const layers: string[][] = [];
  for (const [id, d] of depth) (layers[d] ??= []).push(id);
  const parents = new Map<string, string[]>();
  for (const edge of state.edges.values()) parents.set(edge.target, [...(parents.get(edge.target) ?? []), edge.source]);
  const row = new Map<string, number>();
  const added = new Map([...state.nodes.keys()].map((id, i) => [id, i]));
  const positions = new Map<string, Position>();
  let x = 0;
  for (const layer of layers) {
    if (!layer) continue;
    // Order by the first row among the parents already placed, then in the order the nodes were
    // added: the API's (sorted) order for packages, the grouping's order of meaning for groups.
    const key = (id: string): number =>
      Math.min(Infinity, ...(parents.get(id) ?? []).map((p) => row.get(p) ?? Infinity));
    layer.sort((a, b) => key(a) - key(b) || added.get(a)! - added.get(b)!);
    // The path's node sits in the middle of its layer, on the root's row (y = 0), so the chain is
    // one straight line; the layer's other nodes keep their order above and below it.
    const onPath = layer.findIndex((id) => state.pathNodes.has(id));
    const middle = Math.floor(layer.length / 2);
    if (onPath >= 0) layer.splice(middle, 0, ...layer.splice(onPath, 1));
    const first = onPath >= 0 ? -middle : -(layer.length - 1) / 2;
    let widest = 0;
    layer.forEach((id, i) => {
      row.set(id, i);
      const extent = extentOf(state.nodes.get(id)!);
      widest = Math.max(widest, extent.width);
      positions.set(id, { x: x + extent.centre, y: (first + i) * ROW_GAP });
    });
    x += widest + LAYER_GAP;
  }
  return positions;
}
