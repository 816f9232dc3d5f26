// A layered left-to-right layout computed without the DOM: a node's layer is its depth from the
// roots (breadth-first, so the shortest, moved on past any edge within its layer), nodes in a layer sit one under the other in the order of
// their parents (so siblings stay together and edges cross less), and a layer is as wide as its
// longest label. Cytoscape's own breadthfirst layout spaces every node by the widest label in both
// directions, which spreads a column of 30 groups over thousands of pixels.
import { drawnLabel, rootsOf, type GraphNode, type GraphState } from './model';

export const ROW_GAP = 28;
export const LAYER_GAP = 60;
/** Pixels per label character at the drawing's 10 px font (an estimate: no DOM to measure). */
export const CHAR_WIDTH = 6;
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

/** Depth of every node from the roots, following edges (unreached nodes go one past the deepest). */
export function layersOf(state: GraphState): Map<string, number> {
  const children = new Map<string, string[]>();
  for (const edge of state.edges.values()) {
    const list = children.get(edge.source);
    if (list) list.push(edge.target);
    else children.set(edge.source, [edge.target]);
  }
  const depth = new Map<string, number>();
  let frontier = rootsOf(state).filter((id) => state.nodes.has(id));
  frontier.forEach((id) => depth.set(id, 0));
  for (let d = 1; frontier.length > 0; d++) {
    const next: string[] = [];
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
      if (from !== undefined && from === depth.get(edge.target)) {
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
  const positions = new Map<string, Position>();
  let x = 0;
  for (const layer of layers) {
    if (!layer) continue;
    // Order by the first row among the parents already placed, then by name (stable, readable).
    const key = (id: string): number =>
      Math.min(Infinity, ...(parents.get(id) ?? []).map((p) => row.get(p) ?? Infinity));
    layer.sort((a, b) => key(a) - key(b) || (a < b ? -1 : a > b ? 1 : 0));
    const top = (-(layer.length - 1) * ROW_GAP) / 2;
    let widest = 0;
    layer.forEach((id, i) => {
      row.set(id, i);
      const extent = extentOf(state.nodes.get(id)!);
      widest = Math.max(widest, extent.width);
      positions.set(id, { x: x + extent.centre, y: top + i * ROW_GAP });
    });
    x += widest + LAYER_GAP;
  }
  return positions;
}
