// /ui/package/{purl}: the versions a partial purl names, or one version: what it is, what is
// vulnerable in it and its dependencies (and why: the path in the graph view), its lists.
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useResource } from '../api/use-resource';
import { Show } from '../components/status';
import { GraphView } from '../graph/graph-view';
import { graphHref, tailOf } from '../links';
import { InfoDetails, Overview } from './package/info';
import { Artifacts, Dependencies, Dependents } from './package/lists';
import { Versions } from './package/versions';
import { PackageVulns } from './package/vulns';

export function PackagePage() {
  const purl = tailOf(useLocation().path, '/ui/package/');
  const matches = useResource(purl === '' ? null : `match ${purl}`, async (signal) =>
    unwrap(await api.GET('/v0/package/{purl}', { params: { path: { purl }, query: { PageSize: 500 } }, signal })),
  );
  if (purl === '') {
    return (
      <section>
        <h1>Package</h1>
        <p>The address names no package: use the search box to find one.</p>
      </section>
    );
  }
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
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const info = useResource(`info ${purl}`, async (signal) =>
    unwrap(await api.GET('/v0/package/{purl}/info', { params: { path: { purl } }, signal })),
  );
  // Selecting from a list or a "Why?" button brings the graph (and its highlighted path) into view.
  const select = (dependency: string) => {
    setSelected(dependency);
    document.getElementById('graph-h')?.scrollIntoView({ block: 'start' });
  };
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
      <section aria-labelledby="graph-h">
        <h2 id="graph-h" tabIndex={-1}>
          Graph
        </h2>
        <p>
          <a href={graphHref(purl)}>Open the full-page graph</a>
          <span role="status" aria-live="polite" class="muted selected-note">
            {selected ? (
              <>
                {' '}
                Path to <span class="purl">{selected}</span> highlighted.
              </>
            ) : null}
          </span>
        </p>
        <GraphView root={{ kind: 'package', purl }} selected={selected} onSelect={setSelected} />
      </section>
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
