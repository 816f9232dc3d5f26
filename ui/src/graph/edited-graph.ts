// The drawn graph of one answer for the root: the root's neighbourhood as it came, then every
// change the view makes to it (nodes expanded, groups opened, paths merged). A new answer (another
// root, a reset, a new token) starts again from its own neighbourhood, dropping the old changes.
import { useCallback, useMemo, useState } from 'preact/hooks';
import { addChildren, initialState, learnVulnerable, type GraphState } from './model';

/** Applies a change to the graph drawn now. Its identity changes with the answer it edits. */
export type EditGraph = (change: (state: GraphState) => GraphState) => void;

export interface EditedGraph {
  /** Null until the root's dependencies have come. */
  state: GraphState | null;
  edit: EditGraph;
}

/** The root's direct dependencies and those of them the API knows a vulnerability of. */
export interface RootChildren {
  dependencies: string[];
  vulnerable: string[];
}

export function useEditedGraph(rootId: string, rootChildren: RootChildren | null): EditedGraph {
  const initial = useMemo(
    () =>
      rootChildren === null
        ? null
        : addChildren(
            learnVulnerable(initialState(rootId), rootChildren.vulnerable),
            rootId,
            rootChildren.dependencies,
          ),
    [rootId, rootChildren],
  );
  // Changes belong to the state they started from: `from` tells them apart from a newer answer's.
  const [edited, setEdited] = useState<{ from: GraphState; state: GraphState } | null>(null);
  const state = edited !== null && edited.from === initial ? edited.state : initial;
  const edit = useCallback<EditGraph>(
    (change) =>
      setEdited((last) => {
        if (initial === null) return last;
        const current = last !== null && last.from === initial ? last.state : initial;
        return { from: initial, state: change(current) };
      }),
    [initial],
  );
  return { state, edit };
}
