// /ui/projects/{name}: one project: its labels and latest build, the findings of that build, the
// build history a page at a time, and a diff between any two builds of it.
import { useCallback } from 'preact/hooks';
import { api, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { Show } from '../../components/status';
import { pageOf, usePaged, type Page } from '../../components/use-paged';
import { findingsHref, projectsHref } from '../../links';
import { Time } from '../documents/parts';
import { FindingsResults } from '../findings/results';
import { DiffSection } from './diff';
import { History } from './history';
import type { Build, ProjectDetail } from './logic';
import { BuildRef, Labels, LastVerdict } from './parts';

const HISTORY_PAGE = 20;

function Facts({ project }: { project: ProjectDetail }) {
  return (
    <dl class="facts-list">
      <dt>Labels</dt>
      <dd>
        <Labels labels={project.labels} />
      </dd>
      <dt>Builds</dt>
      <dd>{project.builds.toLocaleString('en-US')}</dd>
      <dt>First stored</dt>
      <dd>
        <Time iso={project.createdAt} />
      </dd>
      <dt>Latest build</dt>
      <dd>{project.latest ? <BuildRef build={project.latest} /> : <span class="muted">none</span>}</dd>
      <dt>Its last verdict</dt>
      <dd>{project.latest ? <LastVerdict digest={project.latest.digest} /> : <span class="muted">none</span>}</dd>
    </dl>
  );
}

/** The history and the diff over it: the first page came with the project, "More builds" asks for the next. */
function Builds({ project }: { project: ProjectDetail }) {
  const list = usePaged<Build>(
    useCallback(
      async (cursor: string | undefined, signal: AbortSignal): Promise<Page<Build>> => {
        if (cursor === undefined) return pageOf(project.history, project.PaginationInfo);
        const query = { PageSize: HISTORY_PAGE, Cursor: cursor };
        const data = unwrap(
          await api.GET('/v0/projects/{name}', { params: { path: { name: project.name }, query }, signal }),
        );
        return pageOf(data.history, data.PaginationInfo);
      },
      [project],
    ),
  );
  return (
    <>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">Build history</h2>
        <History list={list} latest={project.latest?.digest} />
      </section>
      <DiffSection builds={list.items} />
    </>
  );
}

export function ProjectPage({ name }: { name: string }) {
  const project = useLoad(
    useCallback(
      async (signal: AbortSignal) =>
        unwrap(
          await api.GET('/v0/projects/{name}', {
            params: { path: { name }, query: { PageSize: HISTORY_PAGE } },
            signal,
          }),
        ),
      [name],
    ),
  );
  return (
    <section class="project-page" aria-labelledby="project-heading">
      <p>
        <a href={projectsHref()}>← All projects</a>
      </p>
      <h1 id="project-heading">
        Project <span class="purl">{name}</span>
      </h1>
      <Show resource={project} what="the project">
        {(data) => (
          <>
            <Facts project={data} />
            <section aria-labelledby="latest-findings-heading">
              <h2 id="latest-findings-heading">Findings in the latest build</h2>
              <p class="muted">
                VEX-suppressed findings are left out;{' '}
                <a href={findingsHref({ project: data.name, suppressed: 'any' })}>see them all on the findings page</a>.
              </p>
              <FindingsResults
                search={new URLSearchParams({ project: data.name }).toString()}
                showProject={false}
                empty="No known vulnerability reaches the latest build."
              />
            </section>
            <Builds project={data} />
          </>
        )}
      </Show>
    </section>
  );
}
