// The graph view's state machine: loads the root's one-step neighbourhood and the closure's size,
// expands package nodes (fetching their direct dependencies) and groups (locally), and fetches and
// merges the path to the chosen node.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { onTokenChange } from '../api/token';
import { closureSize, directDependencies, pathTo } from './data';
import type { PathVia } from './path-note';
import { addChildren, expandGroup, initialState, mergePath, type GraphState } from './model';

/** The performance mark set when the root's neighbourhood has arrived (read by bench/ui.ts). */
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
  choose: (id: string) => void;
  reset: () => void;
}

const asApiError = (err: unknown): ApiError =>
  err instanceof ApiError ? err : new ApiError(0, undefined, String(err));

export function useGraph(rootId: string, selected: string | undefined, onSelect?: (id: string) => void): GraphControl {
  const [state, setState] = useState<GraphState | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [target, setTarget] = useState<string | undefined>(selected);
  const [via, setVia] = useState<PathVia | undefined>(undefined);
  const [epoch, setEpoch] = useState(0);
  const live = useRef(new AbortController());

  useEffect(() => onTokenChange(() => setEpoch((n) => n + 1)), []);
  useEffect(() => setTarget(selected), [selected]);

  useEffect(() => {
    const controller = new AbortController();
    live.current = controller;
    const { signal } = controller;
    setState(null);
    setError(null);
    setBusy('the dependencies of the root');
    Promise.all([directDependencies(rootId, signal), closureSize(rootId, signal)]).then(
      ([deps, size]) => {
        if (signal.aborted) return;
        // The benchmark splits the time to first draw into waiting for the API and drawing.
        performance.mark(DATA_MARK);
        setTotal(size);
        setState(addChildren(initialState(rootId), rootId, deps));
        setBusy(null);
      },
      (err: unknown) => {
        if (signal.aborted) return;
        setError(asApiError(err));
        setBusy(null);
      },
    );
    return () => controller.abort();
  }, [rootId, epoch]);

  const loaded = state !== null;
  useEffect(() => {
    setVia(undefined);
    if (!loaded || target === undefined || target === rootId) return;
    const { signal } = live.current;
    setBusy(`the path to ${target}`);
    pathTo(rootId, target, signal).then(
      (path) => {
        if (signal.aborted) return;
        setBusy(null);
        if (path.nodes.length > 0) {
          setState((s) => s && mergePath(s, path.nodes));
          setVia(path.via);
        } else setError(new ApiError(404, undefined, `no dependency path from the root to ${target}`));
      },
      (err: unknown) => {
        if (signal.aborted) return;
        setBusy(null);
        setError(asApiError(err));
      },
    );
  }, [loaded, target, rootId]);

  const expandNode = (id: string): void => {
    if (!state || state.expanded.has(id)) return;
    const { signal } = live.current;
    setBusy(`the dependencies of ${id}`);
    directDependencies(id, signal).then(
      (deps) => {
        if (signal.aborted) return;
        setBusy(null);
        setState((s) => s && addChildren(s, id, deps));
      },
      (err: unknown) => {
        if (signal.aborted) return;
        setBusy(null);
        setError(asApiError(err));
      },
    );
  };

  const choose = (id: string): void => {
    const node = state?.nodes.get(id);
    if (!node) return;
    setError(null);
    if (node.kind === 'group') {
      setState((s) => s && expandGroup(s, id));
      return;
    }
    expandNode(id);
    if (id === rootId) return;
    setTarget(id);
    onSelect?.(id);
  };

  const reset = (): void => {
    setTarget(undefined);
    setEpoch((n) => n + 1);
  };

  return { state, total, error, busy, target, via, choose, reset };
}
