// The contract of the graph views (the drawing itself lives in this folder and loads lazily with
// its library). Skeleton: replaced by the graph work.
export type GraphRoot = { kind: 'package'; purl: string } | { kind: 'artifact'; digest: string };

export interface GraphViewProps {
  /** Whose dependencies are drawn: the walk of `/v0/package/{purl}/dependencies` or the artifact's. */
  root: GraphRoot;
  /** A dependency (purl) to show and highlight the path to, e.g. picked from a list. */
  selected?: string;
  /** Called when the user selects a package node in the drawing. */
  onSelect?: (purl: string) => void;
}

/*
 * Besides the drawing, a graph view renders an accessible list of the nodes it draws (keyboard
 * users and tests read it): `<ul aria-label="Drawn nodes">` with one `<li data-node="{purl or
 * digest or group id}" data-on-path="true|false">` per node; the container carries
 * `data-state="loading|drawn|failed"`, set to "drawn" once a layout is on screen.
 */
export function GraphView(_props: GraphViewProps) {
  return <div class="graph-view" />;
}

export interface PathsViewProps {
  /** Paths to draw, each a list of node names (purls or digests) from its start to its end. */
  paths: string[][];
}

export function PathsView(_props: PathsViewProps) {
  return <div class="graph-view" />;
}
