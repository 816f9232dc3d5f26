// Who has the vulnerability and what it reaches: the affected package versions (with VEX
// status), the dependents and artifacts with the shortest path of each, and those paths drawn.
import { useCallback, useState } from 'preact/hooks';
import { api, unwrap } from '../../api/client';
import type { Answer } from '../../components/api-types';
import { PagedList } from '../../components/paged-list';
import { pageOf } from '../../components/use-paged';
import { Chain, Node } from '../../components/chain';
import { PathsView } from '../../graph/graph-view';

const PAGE_SIZE = 50;
/** How many paths the drawing holds, at most. */
export const PATHS_DRAWN = 50;

type Affected = Answer<'/v0/vuln/{id}/packages'>['packages'][number];
type Dependent = Answer<'/v0/vuln/{id}/dependents'>['dependents'][number];
type Reached = Answer<'/v0/vuln/{id}/artifacts'>['artifacts'][number];

type Statement = NonNullable<Reached['suppressedBy']>;

/** A VEX statement that the product is not affected (or fixed): shown beside the item. */
function NotAffected({ statement }: { statement: Statement }) {
  return (
    <p class="vex not-affected">
      Not affected per VEX ({statement.status.toLowerCase()}
      {statement.justification ? `: ${statement.justification}` : ''}) — statement about{' '}
      <span class="purl">{statement.subject}</span>
      {statement.statement ? `: “${statement.statement}”` : ''}
    </p>
  );
}

/** The query every list of the page sends: a page of it, including what a VEX statement clears. */
const listQuery = (cursor: string | undefined) => ({
  PageSize: PAGE_SIZE,
  Cursor: cursor,
  include: 'suppressed' as const,
});

function AffectedPackages({ id }: { id: string }) {
  const fetchPage = useCallback(
    async (cursor: string | undefined, signal: AbortSignal) => {
      const query = listQuery(cursor);
      const data = unwrap(await api.GET('/v0/vuln/{id}/packages', { params: { path: { id }, query }, signal }));
      return pageOf(data.packages, data.PaginationInfo);
    },
    [id],
  );
  return (
    <section aria-labelledby="affected-h">
      <h2 id="affected-h">Affected packages</h2>
      <PagedList<Affected>
        what="affected packages"
        fetchPage={fetchPage}
        itemKey={(p) => p.purl}
        filterText={(p) => p.purl}
        renderItem={(p) => (
          <>
            <Node name={p.purl} />{' '}
            {p.suppressedBy ? (
              <span class="vex not-affected">
                not affected (VEX {p.suppressedBy.status.toLowerCase()}
                {p.suppressedBy.justification ? `: ${p.suppressedBy.justification}` : ''})
              </span>
            ) : p.vex ? (
              <span class="vex">VEX: {p.vex.toLowerCase()}</span>
            ) : (
              <span class="muted">affected, no VEX statement</span>
            )}
          </>
        )}
      />
    </section>
  );
}

function ReachedArtifacts({ id, onLoaded }: { id: string; onLoaded: (artifacts: Reached[]) => void }) {
  const fetchPage = useCallback(
    async (cursor: string | undefined, signal: AbortSignal) => {
      const query = listQuery(cursor);
      const data = unwrap(await api.GET('/v0/vuln/{id}/artifacts', { params: { path: { id }, query }, signal }));
      return pageOf(data.artifacts, data.PaginationInfo);
    },
    [id],
  );
  return (
    <section aria-labelledby="artifacts-h">
      <h2 id="artifacts-h">Artifacts it reaches</h2>
      <p class="muted">
        Each with its shortest path to an affected package; those a VEX statement clears are listed too.
      </p>
      <PagedList<Reached>
        what="artifacts"
        onLoaded={onLoaded}
        fetchPage={fetchPage}
        itemKey={(a) => a.digest}
        renderItem={(a) => (
          <>
            <Chain path={[a.digest, ...a.via]} />
            {a.suppressedBy ? <NotAffected statement={a.suppressedBy} /> : null}
          </>
        )}
      />
    </section>
  );
}

function ReachedPackages({ id, onLoaded }: { id: string; onLoaded: (dependents: Dependent[]) => void }) {
  const fetchPage = useCallback(
    async (cursor: string | undefined, signal: AbortSignal) => {
      const query = listQuery(cursor);
      const data = unwrap(await api.GET('/v0/vuln/{id}/dependents', { params: { path: { id }, query }, signal }));
      return pageOf(data.dependents, data.PaginationInfo);
    },
    [id],
  );
  return (
    <section aria-labelledby="dependents-h">
      <h2 id="dependents-h">Packages it reaches</h2>
      <PagedList<Dependent>
        what="dependents"
        onLoaded={onLoaded}
        fetchPage={fetchPage}
        itemKey={(d) => d.purl}
        filterText={(d) => d.purl}
        renderItem={(d) => (
          <>
            <Chain path={[d.purl, ...d.via]} />
            {d.suppressedBy ? <NotAffected statement={d.suppressedBy} /> : null}
          </>
        )}
      />
    </section>
  );
}

export function BlastRadius({ id }: { id: string }) {
  const [artifacts, setArtifacts] = useState<Reached[]>([]);
  const [dependents, setDependents] = useState<Dependent[]>([]);
  // The images first: "which image ships it" is the question a disclosure raises.
  // Only what the vulnerability does reach is drawn (items a VEX statement clears are listed).
  const paths = [
    ...artifacts.filter((a) => !a.suppressedBy).map((a) => [a.digest, ...a.via]),
    ...dependents.filter((d) => !d.suppressedBy).map((d) => [d.purl, ...d.via]),
  ].slice(0, PATHS_DRAWN);
  return (
    <>
      <AffectedPackages id={id} />
      <ReachedArtifacts id={id} onLoaded={setArtifacts} />
      <ReachedPackages id={id} onLoaded={setDependents} />
      <section aria-labelledby="paths-h">
        <h2 id="paths-h">Paths, drawn</h2>
        <p class="muted">
          {paths.length === 0
            ? 'Nothing depends on an affected package.'
            : `From each artifact and dependent (the first ${PATHS_DRAWN} loaded) to the affected package.`}
        </p>
        {paths.length > 0 ? <PathsView paths={paths} /> : null}
      </section>
    </>
  );
}
