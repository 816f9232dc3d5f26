// The graph views: the public entry (props and components); the drawing lives in this folder and
// loads lazily with its library (draw.ts imports Cytoscape.js on first use).
import { useMemo, useState } from 'preact/hooks';
import { Chain } from '../components/chain';
import { Failure } from '../components/status';
import { GraphCanvas } from './canvas';
import { pathNote } from './path-note';
import { NODE_CAP, pathsState, type GraphState } from './model';
import { NodeList } from './node-list';
import { shortLabel } from './names';
import { useGraph, type GraphControl } from './use-graph';

export type GraphRoot = { kind: 'package'; purl: string } | { kind: 'artifact'; digest: string };

export interface GraphViewProps {
  /** Whose dependencies are drawn: the walk of `/v0/package/{purl}/dependencies` or the artifact's. */
  root: GraphRoot;
  /** A dependency (purl) to show and highlight the path to, e.g. picked from a list. */
  selected?: string;
  /** Called when the user selects a package node in the drawing. */
  onSelect?: (purl: string) => void;
}

type DrawState = 'loading' | 'drawn' | 'failed';

/** What the container says about the last draw (the tests and the benchmark wait on these). */
function useDrawn() {
  const [draws, setDraws] = useState(0);
  const [drawnTarget, setDrawnTarget] = useState('');
  return { draws, drawnTarget, drawn: (target: string) => (setDraws((n) => n + 1), setDrawnTarget(target)) };
}

/** The last node of the highlighted path ('' when none is drawn). */
const pathEnd = (state: GraphState): string => [...state.pathNodes].pop() ?? '';

/** The live status line (what is being fetched, or how much is drawn) and the reset button. */
function GraphToolbar({ graph }: { graph: GraphControl }) {
  const { state, busy, total } = graph;
  const packages = state ? [...state.nodes.values()].filter((n) => n.kind !== 'group').length - 1 : 0;
  const groups = state ? state.nodes.size - 1 - packages : 0;
  return (
    <div class="graph-toolbar">
      <p role="status" aria-live="polite">
        {busy ? `Loading ${busy}…` : null}
        {!busy && state
          ? `Drawing ${packages} of ${total ?? '?'} dependencies` + (groups > 0 ? ` and ${groups} groups.` : '.')
          : null}
      </p>
      {state ? (
        <button type="button" onClick={graph.reset}>
          Redraw from the root
        </button>
      ) : null}
    </div>
  );
}

/**
 * Above the drawing: what the cap left out, why the graph failed, that vulnerable packages could not
 * be told apart, and how the path reaches the target (its chain, hop by hop).
 */
function GraphNotes({ graph }: { graph: GraphControl }) {
  const { state, error, via, target, chain, vulnsFailure } = graph;
  return (
    <>
      {state && state.omitted > 0 ? (
        <p class="graph-cap" role="alert">
          The drawing is limited to {NODE_CAP} nodes: {state.omitted} dependencies were not drawn. Redraw from the root,
          or pick a dependency from the list to see its path.
        </p>
      ) : null}
      {error ? <Failure error={error} what="the graph" /> : null}
      {vulnsFailure ? (
        <p class="graph-vulns-failed" role="status">
          Which dependencies are vulnerable could not be asked ({vulnsFailure.message}): the groups do not set them
          apart.
        </p>
      ) : null}
      {via && target ? (
        <div class="path-note" data-via={via}>
          <p>{pathNote(via, shortLabel(target))}</p>
          <Chain path={chain} short />
        </div>
      ) : null}
    </>
  );
}

/*
 * Besides the drawing, a graph view renders an accessible list of the nodes it draws (keyboard
 * users and tests read it): `<ul aria-label="Drawn nodes">` with one `<li data-node="{purl or
 * digest or group id}" data-on-path="true|false" data-vulnerable="true|false">` per node (a group
 * also has `data-group-label` and `data-group-count`); the container carries
 * `data-state="loading|drawn|failed"`, set to "drawn" once a layout is on screen. Once a path is
 * drawn, `<div class="path-note" data-via="dependencies|inclusion">` says whether the documents
 * state its chain or only list the package in an SBOM, and lists the chain hop by hop.
 */
export function GraphView({ root, selected, onSelect }: GraphViewProps) {
  const rootId = root.kind === 'package' ? root.purl : root.digest;
  const graph = useGraph(rootId, selected, onSelect);
  const { draws, drawnTarget, drawn } = useDrawn();
  const [drawFailed, setDrawFailed] = useState(false);
  const { state, error } = graph;
  const status: DrawState = (error && !state) || drawFailed ? 'failed' : draws > 0 ? 'drawn' : 'loading';

  return (
    <div class="graph-view" data-state={status} data-draws={draws} data-drawn-path-end={drawnTarget}>
      <GraphToolbar graph={graph} />
      <GraphNotes graph={graph} />
      <GraphCanvas
        state={state}
        selected={graph.target}
        label={`Dependency graph of ${shortLabel(rootId)}; the same nodes are listed below.`}
        onTap={graph.choose}
        onDrawn={(drawnState) => drawn(pathEnd(drawnState))}
        onFailed={() => setDrawFailed(true)}
      />
      {state ? <NodeList state={state} target={graph.target} onChoose={graph.choose} /> : null}
    </div>
  );
}

export interface PathsViewProps {
  /** Paths to draw, each a list of node names (purls or digests) from its start to its end. */
  paths: string[][];
}

export function PathsView({ paths }: PathsViewProps) {
  // Callers often build `paths` anew on each render: the drawing changes only when they do, so
  // it is computed from their text.
  const key = JSON.stringify(paths);
  const state = useMemo(() => pathsState(JSON.parse(key) as string[][]), [key]);
  const { draws, drawn } = useDrawn();
  const [drawFailed, setDrawFailed] = useState(false);
  const status: DrawState = drawFailed ? 'failed' : draws > 0 ? 'drawn' : 'loading';
  return (
    <div class="graph-view" data-state={status} data-draws={draws}>
      {state.omitted > 0 ? (
        <p class="graph-cap" role="alert">
          The drawing is limited to {NODE_CAP} nodes: {state.omitted} paths were left out.
        </p>
      ) : null}
      <GraphCanvas
        state={state}
        selected={undefined}
        label={`Dependency paths: ${paths.length}; the same nodes are listed below.`}
        onTap={() => undefined}
        onDrawn={() => drawn('')}
        onFailed={() => setDrawFailed(true)}
      />
      <NodeList state={state} target={undefined} />
    </div>
  );
}
