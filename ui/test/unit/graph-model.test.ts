// The graph view's state without a DOM: grouping thresholds and counts, expansion, the cap, the
// path merge and the merged paths of PathsView (the grouping rule itself: graph-grouping.test.ts).
import { describe, expect, it } from 'vitest';
import { GROUP_THRESHOLD } from '../../src/graph/grouping';
import {
  NODE_CAP,
  addChildren,
  edgeId,
  expandGroup,
  initialState,
  mergePath,
  parentsOf,
  pathsState,
  rootsOf,
  type GraphState,
} from '../../src/graph/model';
import { looksLikeDigest, nameParts, shortLabel } from '../../src/graph/names';

const ROOT = 'pkg:npm/app@1.0.0';
const npm = (name: string, version = '1.0.0'): string => `pkg:npm/${name}@${version}`;
/** `count` distinct npm purls, names spread over the alphabet. */
const many = (count: number, prefix = ''): string[] =>
  Array.from({ length: count }, (_, i) => npm(`${prefix}${String.fromCharCode(97 + (i % 26))}pkg-${i}`));

const groups = (state: GraphState) => [...state.nodes.values()].filter((n) => n.kind === 'group');
const packages = (state: GraphState) => [...state.nodes.values()].filter((n) => n.kind !== 'group');
const groupTotal = (state: GraphState): number => groups(state).reduce((sum, g) => sum + (g.members?.length ?? 0), 0);

describe('names', () => {
  it('reads type, namespace, name and version from a purl, and tells digests apart', () => {
    expect(nameParts('pkg:npm/%40babel/core@7.1.0')).toEqual({
      type: 'npm',
      namespace: '@babel',
      name: 'core',
      version: '7.1.0',
    });
    expect(nameParts('pkg:golang/github.com/a/b@v1.2.3?x=y#sub')).toMatchObject({
      type: 'golang',
      namespace: 'github.com/a',
      name: 'b',
    });
    expect(shortLabel('pkg:npm/%40babel/core@7.1.0')).toBe('core@7.1.0');
    expect(nameParts('sha256:' + 'a'.repeat(64)).type).toBe('artifact');
    expect(looksLikeDigest('sha256:' + 'ab'.repeat(32))).toBe(true);
    expect(looksLikeDigest('pkg:npm/a@1')).toBe(false);
  });
});

describe('the graph state', () => {
  it(`draws up to ${GROUP_THRESHOLD} children one by one, more as groups whose counts add up`, () => {
    const few = addChildren(initialState(ROOT), ROOT, many(GROUP_THRESHOLD));
    expect(groups(few)).toHaveLength(0);
    expect(packages(few)).toHaveLength(GROUP_THRESHOLD + 1);
    const lots = addChildren(initialState(ROOT), ROOT, many(GROUP_THRESHOLD + 1));
    expect(groups(lots).length).toBeGreaterThan(1);
    expect(packages(lots)).toHaveLength(1);
    expect(groupTotal(lots)).toBe(GROUP_THRESHOLD + 1);
    expect(groups(lots).length).toBeLessThanOrEqual(GROUP_THRESHOLD);
    expect(lots.expanded.has(ROOT)).toBe(true);
  });

  it('expanding a group draws its members, folding again when still too many', () => {
    const state = addChildren(initialState(ROOT), ROOT, many(2000));
    const big = groups(state).sort((a, b) => (b.members?.length ?? 0) - (a.members?.length ?? 0))[0];
    const opened = expandGroup(state, big.id);
    expect(opened.nodes.has(big.id)).toBe(false);
    // A group of one is drawn as its package: the groups and the packages under the root add up.
    expect(groupTotal(opened) + packages(opened).length - 1).toBe(2000);
    const sub = groups(opened).find((g) => g.parent === ROOT && !state.nodes.has(g.id));
    expect(sub).toBeDefined();
    const leaf = groups(opened).find((g) => (g.members?.length ?? 0) <= GROUP_THRESHOLD)!;
    const drawn = expandGroup(opened, leaf.id);
    for (const member of leaf.members ?? []) expect(drawn.edges.has(edgeId(ROOT, member))).toBe(true);
  });

  it('sub-groups of sibling groups stay apart (the same first letter under two namespaces)', () => {
    const scoped = (name: string) => name.replace('pkg:npm/', 'pkg:npm/%40scope/');
    const state = addChildren(initialState(ROOT), ROOT, [...many(60), ...many(60).map(scoped)]);
    expect(groups(state).map((g) => g.label)).toEqual(['npm', 'npm/@scope']);
    let opened = state;
    for (const group of groups(state)) opened = expandGroup(opened, group.id);
    expect(groups(opened).length).toBe(2 * 26);
    expect(groupTotal(opened)).toBe(120);
  });

  it(`never draws more than ${NODE_CAP} nodes from expansions, and says how many it left out`, () => {
    let state = addChildren(initialState(ROOT), ROOT, many(25, 'r'));
    let parent = 0;
    while (state.omitted === 0 && parent < 40) {
      const id = many(25, 'r')[parent++];
      state = addChildren(state, id, many(25, `c${parent}-`));
    }
    expect(state.nodes.size).toBeLessThanOrEqual(NODE_CAP);
    expect(state.omitted).toBeGreaterThan(0);
  });

  it('keeps a group closed when its members would not fit under the cap', () => {
    // 26 letter groups of 20 under the root, then packages elsewhere up to 5 below the cap.
    let state = addChildren(initialState(ROOT), ROOT, many(520));
    const filler = many(NODE_CAP, 'filler-');
    for (let i = 0; state.nodes.size < NODE_CAP - 5; i++) state = addChildren(state, ROOT, [filler[i]]);
    const group = groups(state)[0];
    expect(group.members!.length).toBe(20);
    const after = expandGroup(state, group.id);
    expect(after.nodes.has(group.id)).toBe(true);
    expect(after.nodes.size).toBe(state.nodes.size);
    expect(after.omitted).toBe(20);
    expect(groupTotal(after)).toBe(520);
  });

  it('merges a path: draws its nodes, takes them out of their group, highlights only it', () => {
    const children = many(60);
    const state = addChildren(initialState(ROOT), ROOT, children);
    const deep = npm('deep-thing');
    // The API may spell the root differently (canonical form): the first step is the root.
    const merged = mergePath(state, ['pkg:npm/APP@1.0.0', children[3], deep]);
    expect([...merged.pathNodes]).toEqual([ROOT, children[3], deep]);
    expect(merged.pathEdges).toEqual(new Set([edgeId(ROOT, children[3]), edgeId(children[3], deep)]));
    expect(groupTotal(merged) + packages(merged).length - 1).toBe(60 + 1);
    expect(groups(merged).some((g) => g.members?.includes(children[3]))).toBe(false);
    const again = mergePath(merged, [ROOT, children[5]]);
    expect([...again.pathNodes]).toEqual([ROOT, children[5]]);
    expect(again.nodes.has(deep)).toBe(true);
  });

  it('merges several paths into one DAG with shared nodes once', () => {
    const a = npm('a');
    const b = npm('b');
    const vuln = npm('vulnerable');
    const state = pathsState([
      [a, npm('mid'), vuln],
      [b, npm('mid'), vuln],
    ]);
    expect(state.nodes.size).toBe(4);
    expect(state.edges.size).toBe(3);
    expect(rootsOf(state).sort()).toEqual([a, b]);
    expect(parentsOf(state).get(npm('mid'))?.sort()).toEqual([a, b]);
  });
});
