// /ui/: the big search box, how much the graph holds (/v0/stats), and the two rankings of
// /analysis/dependencies (most depended-on names, lowest OpenSSF Scorecard scores). An empty
// store says how to put documents in.
import { useCallback } from 'preact/hooks';
import { api, unwrap, type paths } from '../api/client';
import { useLoad } from '../api/use-load';
import { SearchBox } from '../components/search-box';
import { Show } from '../components/status';
import { documentsHref, packageHref } from '../links';

type Ranking = paths['/analysis/dependencies']['get']['responses'][200]['content']['application/json'];
type Stats = paths['/v0/stats']['get']['responses'][200]['content']['application/json'];
const TOP = 10;
const number = (n: number): string => n.toLocaleString('en-US');

function useRanking(sort: 'frequency' | 'scorecard') {
  return useLoad(
    useCallback(
      async (signal: AbortSignal): Promise<Ranking> =>
        unwrap(await api.GET('/analysis/dependencies', { params: { query: { sort, PageSize: TOP } }, signal })),
      [sort],
    ),
  );
}

const loadStats = async (signal: AbortSignal): Promise<Stats> => unwrap(await api.GET('/v0/stats', { signal }));

function GetStarted() {
  return (
    <section class="get-started" aria-labelledby="get-started-heading">
      <h2 id="get-started-heading">The graph is empty</h2>
      <p>Put documents in (SBOMs, provenance, vulnerability scans, advisories, VEX, scorecards) in one of two ways:</p>
      <ul>
        <li>
          from the command line, on the machine that holds the store: <code>supplygraph ingest path/to/documents</code>{' '}
          (files, directories, zip archives);
        </li>
        <li>
          or upload them on the <a href={documentsHref()}>Documents page</a> (with a token of scope <code>ingest</code>
          ).
        </li>
      </ul>
    </section>
  );
}

function Counts({ stats }: { stats: Stats }) {
  const items: [string, number][] = [
    ['Documents', stats.documents],
    ['Packages', stats.packages],
    ['Artifacts', stats.artifacts],
    ['Vulnerabilities', stats.vulnerabilities],
  ];
  return (
    <dl class="stat-counts">
      {items.map(([label, value]) => (
        <div key={label} class="stat">
          <dt>{label}</dt>
          <dd>{number(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function FrequencyTable({ ranking }: { ranking: Ranking }) {
  if (ranking.length === 0) return <p class="muted">No dependency edges yet.</p>;
  return (
    <table class="ranking">
      <caption class="visually-hidden">Top {TOP} package names by dependents</caption>
      <thead>
        <tr>
          <th scope="col">Package name</th>
          <th scope="col" class="number">
            Dependents
          </th>
        </tr>
      </thead>
      <tbody>
        {ranking.map((row) => (
          <tr key={row.Name}>
            <td>
              <a class="purl" href={packageHref(row.Name)}>
                {row.Name}
              </a>
            </td>
            <td class="number">{number(row.DependentCount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ScorecardTable({ ranking }: { ranking: Ranking }) {
  if (ranking.length === 0) return <p class="muted">No dependency has an OpenSSF Scorecard result yet.</p>;
  return (
    <table class="ranking scorecard">
      <caption class="visually-hidden">Lowest {TOP} OpenSSF Scorecard scores of dependencies</caption>
      <thead>
        <tr>
          <th scope="col">Package name</th>
          <th scope="col" class="number">
            Score
          </th>
          <th scope="col">Source</th>
        </tr>
      </thead>
      <tbody>
        {ranking.map((row) => (
          <tr key={row.Name}>
            <td>
              <a class="purl" href={packageHref(row.Name)}>
                {row.Name}
              </a>
            </td>
            {/* -1: Scorecard could not conclude (the API sorts it after every real score). */}
            <td class="number">{row.Score === undefined || row.Score < 0 ? 'inconclusive' : String(row.Score)}</td>
            <td class="mono">{row.Source ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Home() {
  const stats = useLoad(loadStats);
  const frequency = useRanking('frequency');
  const scorecard = useRanking('scorecard');
  const empty = stats.state === 'ready' && stats.data.documents === 0;
  return (
    <div class="home">
      <section class="home-search" aria-labelledby="home-heading">
        <h1 id="home-heading">Search the supply-chain graph</h1>
        <p class="muted">
          Packages, artifacts and vulnerabilities: what they depend on, what depends on them, what affects them.
        </p>
        <SearchBox />
      </section>
      <section aria-labelledby="counts-heading">
        <h2 id="counts-heading">What the graph holds</h2>
        <Show resource={stats} what="the counts">
          {(data) => <Counts stats={data} />}
        </Show>
      </section>
      {empty ? <GetStarted /> : null}
      <div class="rankings">
        <section aria-labelledby="frequency-heading">
          <h2 id="frequency-heading">Most depended-on</h2>
          <Show resource={frequency} what="the frequency ranking">
            {(data) => <FrequencyTable ranking={data} />}
          </Show>
        </section>
        <section aria-labelledby="scorecard-heading">
          <h2 id="scorecard-heading">Lowest OpenSSF Scorecard scores</h2>
          <Show resource={scorecard} what="the scorecard ranking">
            {(data) => <ScorecardTable ranking={data} />}
          </Show>
        </section>
      </div>
    </div>
  );
}
