// The graph view's state machine: loads the root's one-step neighbourhood and the closure's size,
// expands package nodes (fetching their direct dependencies, and in one more request which of them
// are vulnerable, so that they are grouped apart) and groups (locally), and fetches and merges the
// path to the chosen node. Each fetch is a load (useLoad): a new root, a reset or a new
// token aborts what is on its way, and an answer for an older graph never lands in a newer one.
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, toApiError } from '../api/errors';
import { useLoad, type Loader } from '../api/use-load';
import { closureSize, directDependencies, pathTo, vulnerableAmong, type PathAnswer } from './data';
import { useEditedGraph, type EditedGraph, type EditGraph } from './edited-graph';
import { addChildren, expandGroup, learnVulnerable, mergePath, type GraphState } from './model';
import type { PathVia } from './path-note';

/** The performance mark set when the root's neighbourhood has arrived (read by bench/suites/ui/graph-view.ts). */
export const DATA_MARK = 'supplygraph:graph-data';

export interface GraphControl {
  state: GraphState | null;
  /** The closure's size (`drawing N of M`), once known. */
  total: number | null;
  error: ApiError | null;
  /** What is being fetched now, for the live status line. */
  busy: string | null;
  /** The node the path leads to (the `selected` prop, or the last node chosen in the view). */
  target: string | undefined;
  /** How the drawn path reaches the target (undefined until one is drawn). */
  via: PathVia | undefined;
  /** The drawn path's node names, from the root (empty until one is drawn). */
  chain: string[];
  /** Why the last expansion could not tell its vulnerable dependencies apart (null when it could). */
  vulnsFailure: ApiError | null;
  choose: (id: string) => void;
  reset: () => void;
}

/** A node's direct dependencies and which of them are vulnerable (the reason when that failed). */
export interface Children {
  dependencies: string[];
  vulnerable: string[];
  vulnsFailure: ApiError | null;
}

/**
 * The direct dependencies of `id`, then which of them are vulnerable (one more request). Its failure
 * does not stop the drawing: the groups then do not set vulnerable packages apart, and the view
 * says so.
 */
async function childrenOf(id: string, signal: AbortSignal): Promise<Children> {
  const dependencies = await directDependencies(id, signal);
  try {
    return { dependencies, vulnerable: await vulnerableAmong(id, dependencies, signal), vulnsFailure: null };
  } catch (error) {
    if (signal.aborted) throw error;
    return { dependencies, vulnerable: [], vulnsFailure: toApiError(error) };
  }
}

async function neighbourhood(rootId: string, signal: AbortSignal): Promise<Children & { size: number }> {
  const [children, size] = await Promise.all([childrenOf(rootId, signal), closureSize(rootId, signal)]);
  // The benchmark splits the time to first draw into waiting for the API and drawing.
  if (!signal.aborted) performance.mark(DATA_MARK);
  return { ...children, size };
}

/** The path from the root to `target`, merged into the graph when it comes; none is a 404. */
function usePathTo(rootId: string, target: string | undefined, graph: EditedGraph) {
  const { edit } = graph;
  const drawn = graph.state !== null;
  const load = useMemo<Loader<PathAnswer> | null>(() => {
    if (!drawn || target === undefined || target === rootId) return null;
    return async (signal) => {
      const path = await pathTo(rootId, target, signal);
      if (path.nodes.length === 0) throw new ApiError(404, undefined, `no dependency path from the root to ${target}`);
      if (!signal.aborted) edit((s) => mergePath(s, path.nodes, path.kinds));
      return path;
    };
  }, [drawn, rootId, target, edit]);
  return useLoad(load);
}

/** A package node's direct dependencies, added to the graph when they come: the latest asked for. */
function useExpansion({ state, edit }: EditedGraph) {
  // An expansion belongs to the graph it was asked of (`edit`): a newer graph drops it.
  const [asked, setAsked] = useState<{ of: EditGraph; id: string } | null>(null);
  const current = asked !== null && asked.of === edit ? asked : null;
  const load = useMemo<Loader<Children> | null>(() => {
    if (current === null) return null;
    return async (signal) => {
      const children = await childrenOf(current.id, signal);
      if (!signal.aborted)
        edit((s) => addChildren(learnVulnerable(s, children.vulnerable), current.id, children.dependencies));
      return children;
    };
  }, [current, edit]);
  const loaded = useLoad(load);
  const expand = (id: string) => {
    if (state !== null && !state.expanded.has(id)) setAsked({ of: edit, id });
  };
  return { id: current?.id, loaded, expand };
}

export function useGraph(rootId: string, selected: string | undefined, onSelect?: (id: string) => void): GraphControl {
  const root = useLoad(useCallback((signal: AbortSignal) => neighbourhood(rootId, signal), [rootId]));
  const graph = useEditedGraph(rootId, root.state === 'ready' ? root.data : null);
  const { state, edit } = graph;
  const [target, setTarget] = useState<string | undefined>(selected);
  useEffect(() => setTarget(selected), [selected]);
  const path = usePathTo(rootId, target, graph);
  const expansion = useExpansion(graph);

  // Choosing a node dismisses the failures shown so far.
  const failures = [root, expansion.loaded, path].flatMap((load) => (load.state === 'failed' ? [load.error] : []));
  const [dismissed, setDismissed] = useState<readonly ApiError[]>([]);
  const busy =
    root.state === 'loading'
      ? 'the dependencies of the root'
      : path.state === 'loading'
        ? `the path to ${target}`
        : expansion.loaded.state === 'loading'
          ? `the dependencies of ${expansion.id}`
          : null;

  const choose = (id: string): void => {
    const node = state?.nodes.get(id);
    if (!node) return;
    setDismissed(failures);
    if (node.kind === 'group') {
      edit((s) => expandGroup(s, id));
      return;
    }
    expansion.expand(id);
    if (id === rootId) return;
    setTarget(id);
    onSelect?.(id);
  };
  const reset = (): void => {
    setTarget(undefined);
    root.reload();
  };

  return {
    state,
    total: root.state === 'ready' ? root.data.size : null,
    error: failures.find((failure) => !dismissed.includes(failure)) ?? null,
    busy,
    target,
    via: path.state === 'ready' ? path.data.via : undefined,
    chain: path.state === 'ready' ? path.data.nodes : [],
    vulnsFailure:
      (expansion.loaded.state === 'ready' ? expansion.loaded.data.vulnsFailure : null) ??
      (root.state === 'ready' ? root.data.vulnsFailure : null),
    choose,
    reset,
  };
}
