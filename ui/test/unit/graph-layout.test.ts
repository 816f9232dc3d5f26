// The layered layout: a node's layer is its shortest depth from the root, layers go left to right
// without overlapping labels, and nodes in a layer are one row apart, in their parents' order.
import { describe, expect, it } from 'vitest';
import { LAYER_GAP, ROW_GAP, extentOf, layeredPositions, layersOf } from '../../src/graph/layout';
import { addChildren, initialState, mergePath, pathsState } from '../../src/graph/model';

const ROOT = 'pkg:npm/app@1.0.0';
const npm = (name: string): string => `pkg:npm/${name}@1.0.0`;

describe('the layered layout', () => {
  const a = npm('a');
  const b = npm('b');
  const c = npm('c');
  const deep = npm('deep');
  // root → a, b; a → c; b → c; c → deep; and a shortcut root → deep found by a path.
  let state = addChildren(initialState(ROOT), ROOT, [b, a]);
  state = addChildren(state, a, [c]);
  state = addChildren(state, b, [c]);
  state = addChildren(state, c, [deep]);

  it('puts each node in the layer of its shortest depth from the root', () => {
    expect(Object.fromEntries(layersOf(state))).toEqual({ [ROOT]: 0, [a]: 1, [b]: 1, [c]: 2, [deep]: 3 });
    const shortcut = mergePath(state, [ROOT, deep]);
    expect(layersOf(shortcut).get(deep)).toBe(1);
  });

  it('moves a node past an edge within its layer, so every edge between layers reads left to right', () => {
    // Paths from several starts: orders → lodash, web → lodash, oci → web → lodash, image → lodash.
    const paths = pathsState([
      [npm('orders'), npm('lodash')],
      [npm('web'), npm('lodash')],
      ['pkg:oci/web', npm('web'), npm('lodash')],
      ['sha256:' + 'a'.repeat(64), npm('lodash')],
    ]);
    const layers = layersOf(paths);
    for (const edge of paths.edges.values()) expect(layers.get(edge.target)!).toBeGreaterThan(layers.get(edge.source)!);
    expect(layers.get(npm('lodash'))).toBe(2);
    // A cycle ends the moving instead of looping.
    const cycle = mergePath(addChildren(initialState(ROOT), ROOT, [a, b]), [ROOT, a, b, a]);
    expect([...layersOf(cycle).values()].every(Number.isFinite)).toBe(true);
  });

  it('spaces layers by their widest label and rows by ROW_GAP, in the order added under one parent', () => {
    const positions = layeredPositions(state);
    const x = (id: string): number => positions.get(id)!.x;
    expect(x(a)).toBe(x(b));
    const rootRight = x(ROOT) - extentOf(state.nodes.get(ROOT)!).centre + extentOf(state.nodes.get(ROOT)!).width;
    expect(x(a) - extentOf(state.nodes.get(a)!).centre).toBe(rootRight + LAYER_GAP);
    expect(x(c)).toBeGreaterThan(x(a));
    expect(x(deep)).toBeGreaterThan(x(c));
    // b was added first (a group's members come in the grouping's order; lists in the API's).
    expect(positions.get(a)!.y - positions.get(b)!.y).toBe(ROW_GAP);
    // A layer is centred on the root's row.
    expect(positions.get(a)!.y + positions.get(b)!.y).toBe(0);
  });

  it('keeps siblings together in the order of their parents', () => {
    let wide = addChildren(initialState(ROOT), ROOT, [npm('p1'), npm('p2')]);
    wide = addChildren(wide, npm('p2'), [npm('a-of-p2')]);
    wide = addChildren(wide, npm('p1'), [npm('z-of-p1')]);
    const positions = layeredPositions(wide);
    // z-of-p1 sorts after a-of-p2 by name, but its parent p1 is above p2.
    expect(positions.get(npm('z-of-p1'))!.y).toBeLessThan(positions.get(npm('a-of-p2'))!.y);
  });
});
