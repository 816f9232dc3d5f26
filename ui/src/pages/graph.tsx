// /ui/graph/{purl or digest}: the full-page graph of a package version or an artifact, beside the
// whole closure as a filterable list; choosing a dependency there highlights the path to it.
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { GraphView, type GraphRoot } from '../graph/graph-view';
import { looksLikeDigest } from '../graph/names';
import { artifactHref, packageHref, tailOf } from '../links';
import { ClosureList } from './graph/closure-list';

function rootOf(text: string): GraphRoot {
  return looksLikeDigest(text) ? { kind: 'artifact', digest: text.trim() } : { kind: 'package', purl: text.trim() };
}

export function GraphPage() {
  const text = tailOf(useLocation().path, '/ui/graph/');
  // The choice belongs to one root: following a link to another graph starts without one.
  const [choice, setChoice] = useState<{ root: string; purl: string } | undefined>(undefined);
  if (!text) {
    return (
      <section>
        <h1>Dependency graph</h1>
        <p>Open a graph from a package or artifact page.</p>
      </section>
    );
  }
  const root = rootOf(text);
  const rootId = root.kind === 'package' ? root.purl : root.digest;
  const selected = choice?.root === rootId ? choice.purl : undefined;
  const setSelected = (purl: string): void => setChoice({ root: rootId, purl });
  return (
    <section class="graph-page" key={rootId}>
      <h1>
        Dependency graph of <span class={root.kind === 'package' ? 'purl' : 'digest'}>{rootId}</span>
      </h1>
      <p>
        <a href={root.kind === 'package' ? packageHref(rootId) : artifactHref(rootId)}>
          Back to the {root.kind === 'package' ? 'package' : 'artifact'} page
        </a>
      </p>
      <div class="graph-page-columns">
        <section aria-labelledby="graph-drawing">
          <h2 id="graph-drawing">Drawing</h2>
          <p class="muted">
            Click a package (or use its button in the list) to draw its own dependencies and the path to it; click a
            group to open it.
          </p>
          <GraphView root={root} selected={selected} onSelect={setSelected} />
        </section>
        <section aria-labelledby="graph-closure">
          <h2 id="graph-closure">All dependencies</h2>
          <ClosureList rootId={rootId} selected={selected} onChoose={setSelected} />
        </section>
      </div>
    </section>
  );
}
