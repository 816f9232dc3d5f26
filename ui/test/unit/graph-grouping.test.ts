// How the graph view folds a large fan-out (ui/src/graph/grouping.ts), without a DOM: vulnerable
// first, then by ecosystem, then by namespace, then by the name's first word, then alphabetical
// ranges; groups ordered by what they mean (vulnerable first, then the larger), labels readable;
// and what the model and the layout make of it (groups of one, vulnerable groups, the path's row).
import { describe, expect, it } from 'vitest';
import { GROUP_THRESHOLD, LEVEL, MAX_GROUPS, MIN_SPLIT, groupMembers, type Group } from '../../src/graph/grouping';
import { layeredPositions, layersOf } from '../../src/graph/layout';
import {
  MAX_LABEL,
  addChildren,
  drawnLabel,
  edgeId,
  expandGroup,
  fullLabel,
  initialState,
  learnVulnerable,
  mergePath,
  type GraphState,
} from '../../src/graph/model';

const ROOT = 'pkg:npm/app@1.0.0';
const npm = (name: string, version = '1.0.0'): string => `pkg:npm/${name}@${version}`;
/** `count` distinct purls of one type and namespace, names spread over the alphabet and 40 words. */
const many = (count: number, prefix = 'pkg:npm/'): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}${String.fromCharCode(97 + (i % 26))}w${i % 40}-x${i}@1.0.0`);
const maven = (count: number): string[] => many(count, 'pkg:maven/org.acme/');
const pypi = (count: number): string[] => many(count, 'pkg:pypi/');
const scoped = (count: number, scope: string): string[] => many(count, `pkg:npm/%40${scope}/`);

const labels = (groups: Group[]): [string, number][] => groups.map((g) => [g.label, g.members.length]);
const every = (groups: Group[]): string[] => groups.flatMap((g) => g.members).sort();
const groupsOf = (state: GraphState) => [...state.nodes.values()].filter((n) => n.kind === 'group');

describe('folding a large fan-out', () => {
  const children = [...many(50), ...maven(30), ...pypi(12)];
  const vulnerable = new Set([children[3], children[60], children[85]]);

  it('puts the vulnerable children in a group of their own, first, and folds the rest by ecosystem', () => {
    const groups = groupMembers(children, 0, { vulnerable });
    expect(labels(groups)).toEqual([
      ['vulnerable', 3],
      ['npm', 49],
      ['maven', 29],
      ['pypi', 11],
    ]);
    expect(groups[0].members.sort()).toEqual([...vulnerable].sort());
    expect(groups[0].vulnerable).toBe(true);
    expect(groups.slice(1).every((g) => !g.vulnerable && g.members.every((m) => !vulnerable.has(m)))).toBe(true);
    // Each child in exactly one group.
    expect(every(groups)).toEqual([...children].sort());
    // The vulnerable group is folded again by ecosystem; the others by namespace.
    expect(groups[0].nextLevel).toBe(LEVEL.ecosystem);
    expect(groups[1].nextLevel).toBe(LEVEL.namespace);
  });

  it('without known vulnerabilities (or when all are vulnerable) starts with the ecosystem', () => {
    expect(labels(groupMembers(children))).toEqual([
      ['npm', 50],
      ['maven', 30],
      ['pypi', 12],
    ]);
    const all = groupMembers(children, 0, { vulnerable: new Set(children) });
    // Nothing to set apart, but every group says what its members are.
    expect(labels(all)).toEqual([
      ['vulnerable npm', 50],
      ['vulnerable maven', 30],
      ['vulnerable pypi', 12],
    ]);
    expect(all.every((g) => g.vulnerable)).toBe(true);
  });

  it('draws the others one by one beside the vulnerable group when they are few', () => {
    const few = [...many(20), ...maven(10)];
    const groups = groupMembers(few, 0, { vulnerable: new Set(maven(10)) });
    expect(labels(groups)[0]).toEqual(['vulnerable', 10]);
    expect(groups.slice(1).every((g) => g.members.length === 1)).toBe(true);
    expect(groups).toHaveLength(1 + 20);
  });

  it('then by namespace, largest first, never by first letter', () => {
    const members = [...many(30), ...scoped(60, 'babel'), ...scoped(45, 'types')];
    const groups = groupMembers(members);
    expect(labels(groups)).toEqual([
      ['npm/@babel', 60],
      ['npm/@types', 45],
      ['npm', 30],
    ]);
    // Inside the ecosystem group the next folding is by namespace too.
    const mixed = groupMembers([...members, ...maven(40)]);
    expect(labels(mixed)).toEqual([
      ['npm', 135],
      ['maven', 40],
    ]);
    expect(labels(groupMembers(mixed[0].members, mixed[0].nextLevel))).toEqual(labels(groups));
  });

  it('orders groups of one level by size, then by name: never alphabetically by first letter alone', () => {
    const members = [...scoped(3, 'aws'), ...scoped(40, 'zod'), ...scoped(12, 'jest'), ...scoped(12, 'babel')];
    const groups = groupMembers(members);
    expect(labels(groups)).toEqual([
      ['npm/@zod', 40],
      ['npm/@babel', 12],
      ['npm/@jest', 12],
      ['npm/@aws', 3],
    ]);
    for (let i = 1; i < groups.length; i++)
      expect(groups[i].members.length).toBeLessThanOrEqual(groups[i - 1].members.length);
  });

  it('within one namespace: by the name’s first word when that makes families, else alphabetical ranges', () => {
    const family = (word: string, count: number) =>
      Array.from({ length: count }, (_, i) => npm(`${word}-${String.fromCharCode(97 + (i % 26))}${i}`));
    const families = [...family('color', 40), ...family('cookie', 30), ...family('crypto', 50), ...family('cache', 30)];
    expect(labels(groupMembers(families))).toEqual([
      ['crypto-…', 50],
      ['color-…', 40],
      ['cache-…', 30],
      ['cookie-…', 30],
    ]);
    // Two big families are not worth a split (fewer than MIN_SPLIT): ranges instead, in their order.
    const two = groupMembers([...family('color', 40), ...family('cookie', 30)]);
    expect(two.length).toBeGreaterThanOrEqual(MIN_SPLIT);
    expect(two.every((g) => g.label.includes(' – ') || g.members.length === 1)).toBe(true);
    const firsts = two.map((g) => g.members[0]);
    expect(firsts).toEqual([...firsts].sort());
    // Names with no shared words: ranges, at most MAX_GROUPS, adding up.
    const loose = Array.from({ length: 200 }, (_, i) => npm(`zz${String(i).padStart(3, '0')}`));
    const ranges = groupMembers(loose);
    expect(ranges.length).toBeGreaterThan(1);
    expect(ranges.length).toBeLessThanOrEqual(MAX_GROUPS);
    expect(ranges[0].label).toBe('zz000 – zz007');
    expect(every(ranges)).toEqual([...loose].sort());
    // A split into groups of one is the list again: not used (26 distinct first words of 26).
    const distinct = Array.from({ length: 26 }, (_, i) => npm(`${String.fromCharCode(97 + i)}word-x`));
    expect(groupMembers(distinct).every((g) => g.label.includes(' – '))).toBe(true);
  });
});

describe('the drawn groups', () => {
  it('the model draws the vulnerable group first and marked, a group of one as its package', () => {
    const children = [...many(40), ...maven(2)];
    const bad = children[7];
    const state = addChildren(learnVulnerable(initialState(ROOT), [bad]), ROOT, children);
    const groups = groupsOf(state);
    // One vulnerable package is a group of one: drawn as the package itself, first.
    expect([...state.nodes.keys()][1]).toBe(bad);
    expect(state.edges.has(edgeId(ROOT, bad))).toBe(true);
    expect(state.vulnerable.has(bad)).toBe(true);
    expect(groups.map((g) => [g.label, g.members?.length])).toEqual([
      ['npm', 39],
      ['maven', 2],
    ]);
    const two = addChildren(learnVulnerable(initialState(ROOT), [children[1], children[2]]), ROOT, children);
    const first = groupsOf(two)[0];
    expect([first.label, first.members?.length, first.vulnerable]).toEqual(['vulnerable', 2, true]);
    // Opened, the vulnerable group's members are drawn and stay known as vulnerable.
    // The drawing stacks them top to bottom in that order too (not by name).
    const positions = layeredPositions(two);
    const ys = groupsOf(two).map((g) => positions.get(g.id)!.y);
    expect(ys).toEqual([...ys].sort((x, y) => x - y));
    expect(groupsOf(two).map((g) => g.label)).toEqual(['vulnerable', 'npm', 'maven']);
    const opened = expandGroup(two, first.id);
    expect(opened.nodes.has(children[1]) && opened.nodes.has(children[2])).toBe(true);
    // Opened, its members take its place: first under the root, before the other groups.
    expect([...opened.nodes.keys()].slice(1, 3).sort()).toEqual([children[1], children[2]].sort());
    expect(groupsOf(opened).some((g) => g.vulnerable)).toBe(false);
  });

  it(`draws labels of at most ${MAX_LABEL} characters, cut in the middle with an ellipsis, the count whole`, () => {
    const go = (namespace: string, i: number) =>
      `pkg:golang/github.com/aws/aws-sdk-go-v2/${namespace}/name-${i}@v1.2.3`;
    const state = addChildren(initialState(ROOT), ROOT, [
      ...Array.from({ length: 15 }, (_, i) => go('service', i)),
      ...Array.from({ length: 15 }, (_, i) => go('feature', i)),
      ...many(40),
    ]);
    for (const node of state.nodes.values()) expect(drawnLabel(node).length).toBeLessThanOrEqual(MAX_LABEL);
    const golang = groupsOf(state).find((g) => g.label === 'golang')!;
    expect(drawnLabel(golang)).toBe('golang (30)');
    const opened = expandGroup(state, golang.id);
    const subs = groupsOf(opened).filter((g) => g.label.startsWith('golang/'));
    expect(subs.map((g) => g.label)).toEqual([
      'golang/github.com/aws/aws-sdk-go-v2/feature',
      'golang/github.com/aws/aws-sdk-go-v2/service',
    ]);
    // Cut in the middle: the two stay apart, each with its whole count.
    expect(subs.map(drawnLabel)).toEqual(['golang/githu…o-v2/feature (15)', 'golang/githu…o-v2/service (15)']);
    for (const sub of subs) expect(drawnLabel(sub)).toHaveLength(MAX_LABEL);
    expect(fullLabel(subs[1])).toBe('golang/github.com/aws/aws-sdk-go-v2/service (15)');
    const long = go('service', 1);
    const pkg = { id: long, kind: 'package' as const, label: 'a-very-long-package-name-indeed@v1.2.3-rc.1' };
    expect(drawnLabel(pkg)).toBe('a-very-long-pac…ed@v1.2.3-rc.1');
    expect(fullLabel(pkg)).toBe(long);
  });
});

describe('the path as the dependency chain', () => {
  // The root's 60 children are grouped; the path goes root → a → b → c → target, where b, c and
  // the target are also children of the root (an SBOM subject includes everything it lists).
  const children = many(60);
  const [a, b, c, target] = [children[1], children[2], children[3], children[4]];
  const grouped = addChildren(initialState(ROOT), ROOT, children);
  const state = mergePath(
    grouped,
    [ROOT, a, b, c, target],
    [undefined, 'dependency', 'dependency', 'sbom', 'dependency'],
  );

  it('draws each hop as an edge, with its kind, and takes the path’s nodes out of their groups', () => {
    expect([...state.pathEdges]).toEqual([edgeId(ROOT, a), edgeId(a, b), edgeId(b, c), edgeId(c, target)]);
    expect(state.pathKinds.get(edgeId(b, c))).toBe('sbom');
    expect(state.pathKinds.get(edgeId(a, b))).toBe('dependency');
    for (const node of [a, b, c, target]) expect(groupsOf(state).some((g) => g.members?.includes(node))).toBe(false);
    // Nothing jumps through a group: no path node hangs off a group node.
    for (const edge of state.edges.values())
      if (state.pathNodes.has(edge.target)) expect(state.nodes.get(edge.source)?.kind).not.toBe('group');
  });

  it('reads left to right on one row: hop i in layer i, every path node on the root’s row', () => {
    // An edge from the root to the target (it is a child too) does not pull it out of the chain.
    const shortcut = addChildren(state, ROOT, [target]);
    expect(shortcut.edges.has(edgeId(ROOT, target))).toBe(true);
    const layers = layersOf(shortcut);
    expect([ROOT, a, b, c, target].map((id) => layers.get(id))).toEqual([0, 1, 2, 3, 4]);
    const positions = layeredPositions(shortcut);
    const chain = [ROOT, a, b, c, target].map((id) => positions.get(id)!);
    for (let i = 1; i < chain.length; i++) expect(chain[i].x).toBeGreaterThan(chain[i - 1].x);
    expect(chain.every((p) => p.y === 0)).toBe(true);
    // The groups beside the first hop are above and below it, never on it, in their order.
    const layer1 = groupsOf(shortcut).map((g) => positions.get(g.id)!.y);
    expect(layer1.every((y) => y !== 0)).toBe(true);
    expect(layer1).toEqual([...layer1].sort((x, y) => x - y));
    expect(layer1.some((y) => y < 0) && layer1.some((y) => y > 0)).toBe(true);
  });
});

describe('thresholds', () => {
  it(`groups only past ${GROUP_THRESHOLD} children and never makes more than ${MAX_GROUPS} groups`, () => {
    for (const count of [GROUP_THRESHOLD + 1, 100, 2000]) {
      const groups = groupMembers(many(count));
      expect(groups.length).toBeGreaterThan(1);
      expect(groups.length).toBeLessThanOrEqual(MAX_GROUPS);
      expect(every(groups)).toEqual(many(count).sort());
    }
  });
});
