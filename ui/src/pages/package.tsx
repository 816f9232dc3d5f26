// /ui/package/{purl}: the versions a partial purl names, or one version: what it is, what is
// vulnerable in it and its dependencies (and why: the path in the graph view), its lists.
import { useLocation } from 'preact-iso';
import { useCallback } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useLoad } from '../api/use-load';
import { Show } from '../components/status';
import { GraphSection, useGraphSelection } from '../components/graph-section';
import { tailOf } from '../links';
import { InfoDetails, Overview } from './package/info';
import { Artifacts, Dependencies, Dependents } from './package/lists';
import { Versions } from './package/versions';
import { PackageVulns } from './package/vulns';

export function PackagePage() {
  const purl = tailOf(useLocation().path, '/ui/package/');
  if (purl === '') {
    return (
      <section>
        <h1>Package</h1>
        <p>The address names no package: use the search box to find one.</p>
      </section>
    );
  }
  return <Matches purl={purl} />;
}

/** The versions the purl names: a list of them, none, or the one version's page. */
function Matches({ purl }: { purl: string }) {
  const matches = useLoad(
    useCallback(
      async (signal: AbortSignal) =>
        unwrap(await api.GET('/v0/package/{purl}', { params: { path: { purl }, query: { PageSize: 500 } }, signal })),
      [purl],
    ),
  );
  return (
    <Show resource={matches} what="the package">
      {(data) =>
        data.PurlList.length > 1 ? (
          <Versions purl={purl} matches={data} />
        ) : data.PurlList.length === 0 ? (
          <section>
            <h1 class="purl">{purl}</h1>
            <p>No package in the graph matches this purl.</p>
          </section>
        ) : (
          <OneVersion key={data.PurlList[0]} purl={data.PurlList[0]} />
        )
      }
    </Show>
  );
}

function OneVersion({ purl }: { purl: string }) {
  const selection = useGraphSelection();
  const info = useLoad(
    useCallback(
      async (signal: AbortSignal) =>
        unwrap(await api.GET('/v0/package/{purl}/info', { params: { path: { purl } }, signal })),
      [purl],
    ),
  );
  const { select } = selection;
  return (
    <article class="entity-page package-page">
      <header class="entity-header">
        <p class="kind muted">Package version</p>
        <h1 class="purl">{purl}</h1>
        <Show resource={info} what="what the graph knows of it">
          {(data) => <Overview info={data} />}
        </Show>
      </header>
      <PackageVulns purl={purl} onWhy={select} />
      <GraphSection root={{ kind: 'package', purl }} selection={selection} />
      <div class="two-columns">
        <Dependencies purl={purl} onShow={select} />
        <Dependents purl={purl} />
      </div>
      <Artifacts purl={purl} />
      <Show resource={info} what="what the graph knows of it">
        {(data) => <InfoDetails info={data} />}
      </Show>
    </article>
  );
}
