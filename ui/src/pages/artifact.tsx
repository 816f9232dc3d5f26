// /ui/artifact/{digest}: what the image or binary contains, what is vulnerable in it and why
// (the path in the graph view), and how it was built.
import { useLocation } from 'preact-iso';
import { useCallback } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useLoad } from '../api/use-load';
import { Show } from '../components/status';
import { GraphSection, useGraphSelection } from '../components/graph-section';
import { tailOf } from '../links';
import { ArtifactContents } from './artifact/contents';
import { ArtifactDetails } from './artifact/info';
import { loadArtifactVulns, loadContents } from './artifact/load';
import { SummaryLine } from './artifact/summary-line';
import { ArtifactVulns } from './artifact/vulns';

export function ArtifactPage() {
  const digest = tailOf(useLocation().path, '/ui/artifact/');
  if (digest === '') {
    return (
      <section>
        <h1>Artifact</h1>
        <p>The address names no artifact: use the search box to find one.</p>
      </section>
    );
  }
  return <OneArtifact key={digest} digest={digest} />;
}

function OneArtifact({ digest }: { digest: string }) {
  const selection = useGraphSelection();
  const info = useLoad(
    useCallback(
      async (signal: AbortSignal) =>
        unwrap(await api.GET('/v0/artifact/{digest}/info', { params: { path: { digest } }, signal })),
      [digest],
    ),
  );
  const contents = useLoad(useCallback((signal: AbortSignal) => loadContents(digest, signal), [digest]));
  const vulns = useLoad(useCallback((signal: AbortSignal) => loadArtifactVulns(digest, signal), [digest]));
  // An unknown digest: one clear sentence instead of a failure per section.
  if (contents.state === 'failed' && contents.error.status === 404) {
    return (
      <section>
        <h1 class="digest">{digest}</h1>
        <p role="alert">No artifact in the graph has this digest.</p>
      </section>
    );
  }
  const { select } = selection;
  return (
    <article class="entity-page artifact-page">
      <header class="entity-header">
        <p class="kind muted">Artifact</p>
        <h1 class="digest">{digest}</h1>
        {info.state === 'ready' && info.data.subjects.length > 0 ? (
          <p class="purl">{info.data.subjects.join(', ')}</p>
        ) : null}
        <SummaryLine contents={contents} vulns={vulns} />
      </header>
      <Show resource={vulns} what="the vulnerabilities">
        {(data) => <ArtifactVulns vulns={data} onWhy={select} />}
      </Show>
      <GraphSection root={{ kind: 'artifact', digest }} selection={selection} />
      <Show resource={contents} what="the contents">
        {(data) => <ArtifactContents contents={data} onShow={select} />}
      </Show>
      <Show resource={info} what="the artifact's provenance and documents">
        {(data) => <ArtifactDetails info={data} />}
      </Show>
    </article>
  );
}
