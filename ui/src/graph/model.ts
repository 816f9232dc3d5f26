// The drawn graph as plain data (no DOM): nodes, edges, which groups stand for which children, the
// highlighted path and the drawing cap. Every operation returns a new state, so the view re-renders
// by identity.
import { GROUP_THRESHOLD, groupMembers } from './grouping';
import { isPurl, shortLabel } from './names';

/** The most nodes drawn at once; past it the view says what it left out. */
export const NODE_CAP = 300;

export type NodeKind = 'package' | 'artifact' | 'group';

export interface GraphNode {
  id: string;
  kind: NodeKind;
  label: string;
  /** For a group: the node whose children it stands for, its members and their next folding level. */
  parent?: string;
  members?: string[];
  nextLevel?: number;
  /** For a group: its key under its parent, which includes the keys of the groups it came from. */
  key?: string;
  /** For a group: every member has a known vulnerability. */
  vulnerable?: boolean;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
}

export interface GraphState {
  root: string;
  nodes: ReadonlyMap<string, GraphNode>;
  edges: ReadonlyMap<string, GraphEdge>;
  /** Package nodes whose direct dependencies have been added. */
  expanded: ReadonlySet<string>;
  /** The highlighted path: its nodes and edge ids. */
  pathNodes: ReadonlySet<string>;
  pathEdges: ReadonlySet<string>;
  /** Children left out because of NODE_CAP (by the last operation that hit it), 0 when none. */
  omitted: number;
  /** Packages the API says have a known vulnerability (asked for each expansion's children). */
  vulnerable: ReadonlySet<string>;
  /** The kind of each edge of the highlighted path as /v0/path names it (`dependency`, `sbom`…). */
  pathKinds: ReadonlyMap<string, string>;
}

/** The longest label drawn, in characters; longer ones are cut with an ellipsis (the whole in `fullLabel`). */
export const MAX_LABEL = 30;

/** `text` in at most `max` characters: cut in the middle, so both ends (ecosystem, version) stay. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.ceil((max - 1) / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (max - 1 - head))}`;
}

/** What a node stands for in full: its name (purl or digest), or a group's label and count. */
export const fullLabel = (node: GraphNode): string =>
  node.kind === 'group' ? `${node.label} (${node.members?.length ?? 0})` : node.id;

/**
 * The text drawn for a node, at most MAX_LABEL characters: a group's label says how many it holds
 * (the count is never cut off), a package's is `name@version`.
 */
export function drawnLabel(node: GraphNode): string {
  if (node.kind !== 'group') return truncate(node.label, MAX_LABEL);
  const count = ` (${node.members?.length ?? 0})`;
  return truncate(node.label, MAX_LABEL - count.length) + count;
}

export const edgeId = (source: string, target: string): string => `${source}\u2192${target}`;
const groupId = (parent: string, key: string): string => `group:${parent}|${key}`;

function nodeOf(id: string): GraphNode {
  return { id, kind: isPurl(id) ? 'package' : 'artifact', label: shortLabel(id) };
}

export function initialState(root: string): GraphState {
  return {
    root,
    nodes: new Map([[root, nodeOf(root)]]),
    edges: new Map(),
    expanded: new Set(),
    pathNodes: new Set(),
    pathEdges: new Set(),
    omitted: 0,
    vulnerable: new Set(),
    pathKinds: new Map(),
  };
}

/** Adds what the API said about vulnerable packages (each expansion asks about its children). */
export function learnVulnerable(state: GraphState, purls: Iterable<string>): GraphState {
  const vulnerable = new Set(state.vulnerable);
  for (const purl of purls) vulnerable.add(purl);
  return vulnerable.size === state.vulnerable.size ? state : { ...state, vulnerable };
}

/** Mutable copies to build the next state from. */
function draft(state: GraphState) {
  return {
    nodes: new Map(state.nodes),
    edges: new Map(state.edges),
  };
}

function addEdge(edges: Map<string, GraphEdge>, source: string, target: string): void {
  const id = edgeId(source, target);
  if (!edges.has(id)) edges.set(id, { id, source, target });
}

/**
 * Adds `children` of `parent`: those already drawn get an edge; the others are drawn one by one
 * when few enough (and room remains under the cap), else as groups with counts (grouping.ts, by
 * what the state knows of them); a group of one is drawn as its package.
 */
export function addChildren(
  state: GraphState,
  parent: string,
  children: readonly string[],
  level = 0,
  /** The key of the group these children came from: sub-groups' ids must not repeat another's. */
  within = '',
): GraphState {
  const { nodes, edges } = draft(state);
  const fresh: string[] = [];
  for (const child of new Set(children)) {
    if (child === parent) continue;
    if (nodes.has(child)) addEdge(edges, parent, child);
    else fresh.push(child);
  }
  const room = Math.max(0, NODE_CAP - nodes.size);
  let omitted = 0;
  if (fresh.length <= GROUP_THRESHOLD && fresh.length <= room) {
    for (const child of fresh) {
      nodes.set(child, nodeOf(child));
      addEdge(edges, parent, child);
    }
  } else {
    const groups = groupMembers(fresh, level, state);
    groups.slice(0, room).forEach((group) => {
      if (group.members.length === 1) {
        nodes.set(group.members[0], nodeOf(group.members[0]));
        addEdge(edges, parent, group.members[0]);
        return;
      }
      const key = within ? `${within}/${group.key}` : group.key;
      const id = groupId(parent, key);
      nodes.set(id, {
        id,
        kind: 'group',
        label: group.label,
        parent,
        members: group.members,
        nextLevel: group.nextLevel,
        key,
        vulnerable: group.vulnerable,
      });
      addEdge(edges, parent, id);
    });
    omitted = groups.slice(room).reduce((sum, group) => sum + group.members.length, 0);
  }
  const expanded = new Set(state.expanded).add(parent);
  return { ...state, nodes, edges, expanded, omitted };
}

/**
 * Replaces a group by its members (folded again from its next level when still too many), unless
 * they do not fit under the cap: then the group stays and `omitted` says how many it holds.
 */
export function expandGroup(state: GraphState, id: string): GraphState {
  const group = state.nodes.get(id);
  if (!group || group.kind !== 'group' || group.parent === undefined) return state;
  const { nodes, edges } = draft(state);
  nodes.delete(id);
  edges.delete(edgeId(group.parent, id));
  const without = { ...state, nodes, edges };
  const opened = addChildren(without, group.parent, group.members ?? [], group.nextLevel ?? 0, group.key);
  // Past the cap a group stays closed rather than drop members nothing would show any more.
  if (opened.omitted > 0) return { ...state, omitted: group.members?.length ?? 0 };
  // What replaces the group takes its place among its siblings (their order is their meaning).
  const ordered = new Map<string, GraphNode>();
  for (const [key, node] of state.nodes) {
    if (key !== id) ordered.set(key, node);
    else for (const [k, n] of opened.nodes) if (!state.nodes.has(k)) ordered.set(k, n);
  }
  return { ...opened, nodes: ordered };
}

/**
 * Draws the path (node names from the root on; the first is the root, whatever spelling the API
 * used for it) and highlights it, replacing the previous highlight: each hop an edge from one node
 * to the next, `kinds[i]` the kind of the hop into `path[i]` when the API named it. Path nodes are
 * drawn even past the cap (a path is short), and leave any group that held them so nothing is
 * counted twice.
 */
export function mergePath(
  state: GraphState,
  path: readonly string[],
  kinds: readonly (string | undefined)[] = [],
): GraphState {
  const names = path.map((name, i) => (i === 0 ? state.root : name));
  const { nodes, edges } = draft(state);
  for (const name of names) {
    if (nodes.has(name)) continue;
    nodes.set(name, nodeOf(name));
    for (const [gid, group] of nodes) {
      if (group.kind !== 'group' || !group.members?.includes(name)) continue;
      const members = group.members.filter((m) => m !== name);
      if (members.length === 0) {
        nodes.delete(gid);
        edges.delete(edgeId(group.parent ?? '', gid));
      } else nodes.set(gid, { ...group, members });
    }
  }
  const pathEdges = new Set<string>();
  const pathKinds = new Map<string, string>();
  for (let i = 1; i < names.length; i++) {
    const id = edgeId(names[i - 1], names[i]);
    addEdge(edges, names[i - 1], names[i]);
    pathEdges.add(id);
    if (kinds[i]) pathKinds.set(id, kinds[i]!);
  }
  return { ...state, nodes, edges, pathNodes: new Set(names), pathEdges, pathKinds };
}

/** The state of several paths merged into one DAG (they may start at different nodes). */
export function pathsState(paths: readonly (readonly string[])[]): GraphState {
  const first = paths.find((p) => p.length > 0)?.[0] ?? '';
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  let omitted = 0;
  for (const path of paths) {
    const fresh = path.filter((name) => !nodes.has(name));
    if (nodes.size + new Set(fresh).size > NODE_CAP) {
      omitted += 1;
      continue;
    }
    path.forEach((name, i) => {
      if (!nodes.has(name)) nodes.set(name, nodeOf(name));
      if (i > 0) addEdge(edges, path[i - 1], name);
    });
  }
  return {
    root: first,
    nodes,
    edges,
    expanded: new Set(),
    pathNodes: new Set(),
    pathEdges: new Set(),
    omitted,
    vulnerable: new Set(),
    pathKinds: new Map(),
  };
}

/** Parents of each node (the sources of its incoming edges). */
export function parentsOf(state: GraphState): Map<string, string[]> {
  const parents = new Map<string, string[]>();
  for (const edge of state.edges.values()) {
    const list = parents.get(edge.target);
    if (list) list.push(edge.source);
    else parents.set(edge.target, [edge.source]);
  }
  return parents;
}

/** Nodes without incoming edges: the layout's roots. */
export function rootsOf(state: GraphState): string[] {
  const parents = parentsOf(state);
  const roots = [...state.nodes.keys()].filter((id) => !parents.has(id));
  return roots.length > 0 ? roots : [state.root];
}
