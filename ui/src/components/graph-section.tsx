// The "Graph" section of the package and artifact pages: the graph view of the page's subject, a
// link to the full-page graph, and a spoken note of the path highlighted. Lists elsewhere on the
// page select a package with the `select` this hook returns.
import { useState } from 'preact/hooks';
import { GraphView, type GraphRoot } from '../graph/graph-view';
import { graphHref } from '../links';

const HEADING_ID = 'graph-h';

export interface GraphSelection {
  selected: string | undefined;
  /** Selects from the graph itself (no scrolling). */
  setSelected: (purl: string) => void;
  /** Selects from a list or a "Why?" button, and brings the graph (and its highlighted path) into view. */
  select: (purl: string) => void;
}

export function useGraphSelection(): GraphSelection {
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const select = (purl: string) => {
    setSelected(purl);
    document.getElementById(HEADING_ID)?.scrollIntoView({ block: 'start' });
  };
  return { selected, setSelected, select };
}

export function GraphSection({ root, selection }: { root: GraphRoot; selection: GraphSelection }) {
  const { selected, setSelected } = selection;
  return (
    <section aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} tabIndex={-1}>
        Graph
      </h2>
      <p>
        <a href={graphHref(root.kind === 'package' ? root.purl : root.digest)}>Open the full-page graph</a>
        <span role="status" aria-live="polite" class="muted selected-note">
          {selected ? (
            <>
              {' '}
              Path to <span class="purl">{selected}</span> highlighted.
            </>
          ) : null}
        </span>
      </p>
      <GraphView root={root} selected={selected} onSelect={setSelected} />
    </section>
  );
}
