// /ui/projects?name=&label=&sort=: every project with its latest build, the findings of that
// build by severity (one /v0/findings/summary for the whole list) and its last verdict; a page of
// /v0/projects at a time.
import { useLocation } from 'preact-iso';
import { useCallback, useMemo } from 'preact/hooks';
import { api, unwrap } from '../../api/client';
import { useLoad, type Resource } from '../../api/use-load';
import type { Answer } from '../../components/api-types';
import { MoreButton } from '../../components/more-button';
import { SeverityCounts } from '../../components/severity-counts';
import { Failure, Loading, Show } from '../../components/status';
import { plural } from '../../components/text';
import { pageOf, usePaged, type Page } from '../../components/use-paged';
import { findingsHref, projectHref } from '../../links';
import { FilterForm, portfolioFilters, type PortfolioFilters } from './filter-form';
import type { ProjectSummary } from './logic';
import { BuildRef, Labels, LastVerdict } from './parts';

const PAGE_SIZE = 25;

type Summary = Answer<'/v0/findings/summary'>;
type ProjectList = Answer<'/v0/projects'>;

const listQuery = (filters: PortfolioFilters, cursor?: string) => ({
  PageSize: PAGE_SIZE,
  sort: filters.sort,
  ...(filters.name ? { name: filters.name } : {}),
  ...(filters.label ? { label: filters.label } : {}),
  ...(cursor ? { Cursor: cursor } : {}),
});

function Findings({
  project,
  summary,
}: {
  project: ProjectSummary;
  summary: Resource<Map<string, Summary['projects'][number]>>;
}) {
  if (project.latest === null) return <span class="muted">no build</span>;
  if (summary.state === 'loading') return <span class="muted">…</span>;
  if (summary.state === 'failed') return <span class="muted">unavailable</span>;
  const counts = summary.data.get(project.name);
  if (counts === undefined) return <span class="muted">unknown</span>;
  return (
    <>
      <SeverityCounts counts={counts.bySeverity} none="none" />
      {counts.total > 0 ? (
        <>
          {' '}
          <a
            class="findings-link"
            href={findingsHref({ project: project.name })}
            aria-label={`${plural(counts.total, 'finding')} of ${project.name}`}
          >
            {plural(counts.total, 'finding')}
          </a>
        </>
      ) : null}
    </>
  );
}

function ProjectRows({ first, filters }: { first: ProjectList; filters: PortfolioFilters }) {
  const list = usePaged<ProjectSummary>(
    useCallback(
      async (cursor: string | undefined, signal: AbortSignal): Promise<Page<ProjectSummary>> => {
        // The first page came with the list's other answers (unassigned): not asked twice.
        if (cursor === undefined) return pageOf(first.projects, first.PaginationInfo);
        const data = unwrap(await api.GET('/v0/projects', { params: { query: listQuery(filters, cursor) }, signal }));
        return pageOf(data.projects, data.PaginationInfo);
      },
      [first, filters],
    ),
  );
  // One question for every project's counts: per latest build, VEX-suppressed findings left out.
  const summary = useLoad(
    useCallback(
      async (signal: AbortSignal) => {
        const query = filters.label ? { label: filters.label } : {};
        const data = unwrap(await api.GET('/v0/findings/summary', { params: { query }, signal }));
        return new Map(data.projects.map((p) => [p.project, p]));
      },
      [filters.label],
    ),
  );
  if (list.state === 'loading') return <Loading what="projects" />;
  if (list.state === 'failed' && list.error) return <Failure error={list.error} what="the projects" />;
  return (
    <>
      <div class="table-scroll">
        <table class="projects">
          <caption class="visually-hidden">
            Projects {filters.sort === 'name' ? 'by name' : 'newest build first'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Project</th>
              <th scope="col">Labels</th>
              <th scope="col" class="number">
                Builds
              </th>
              <th scope="col">Latest build</th>
              <th scope="col">Findings in it</th>
              <th scope="col">Last verdict</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((p) => (
              <tr key={p.name} data-project={p.name}>
                <td>
                  <a class="project-link" href={projectHref(p.name)}>
                    {p.name}
                  </a>
                </td>
                <td>
                  <Labels labels={p.labels} />
                </td>
                <td class="number">{p.builds.toLocaleString('en-US')}</td>
                <td>{p.latest ? <BuildRef build={p.latest} /> : <span class="muted">none</span>}</td>
                <td class="findings-cell">
                  <Findings project={p} summary={summary} />
                </td>
                <td>{p.latest ? <LastVerdict digest={p.latest.digest} /> : <span class="muted">none</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MoreButton list={list} label="More projects" what="projects" />
    </>
  );
}

export function Portfolio() {
  const { name, label, sort } = portfolioFilters(useLocation().query);
  const filters = useMemo(() => ({ name, label, sort }), [name, label, sort]);
  const first = useLoad(
    useCallback(
      async (signal: AbortSignal) =>
        unwrap(await api.GET('/v0/projects', { params: { query: listQuery(filters) }, signal })),
      [filters],
    ),
  );
  const filtered = name !== '' || label !== '';
  return (
    <section class="projects-page" aria-labelledby="projects-heading">
      <h1 id="projects-heading">Projects</h1>
      <p class="muted">
        Each service or image whose SBOMs were stored, with its latest build, what is vulnerable in that build (VEX
        taken into account) and the last policy verdict on it.
      </p>
      <FilterForm key={`${name}\n${label}\n${sort}`} filters={filters} />
      <Show resource={first} what="the projects">
        {(data) => (
          <>
            {data.projects.length === 0 ? (
              <p role="status">
                {filtered
                  ? 'No project matches these filters.'
                  : 'No projects yet: each SBOM stored becomes a build of a project (named by the upload’s project= or derived from its subject).'}
              </p>
            ) : (
              <ProjectRows first={data} filters={filters} />
            )}
            {data.unassigned > 0 ? (
              <p class="muted unassigned">
                {plural(data.unassigned, 'stored SBOM belongs', 'stored SBOMs belong')} to no project (no name could be
                derived from {data.unassigned === 1 ? 'it' : 'them'}): move one with{' '}
                <code>PUT /v0/documents/{'{digest}'}/project?name=</code>.
              </p>
            ) : null}
          </>
        )}
      </Show>
    </section>
  );
}
