// The package page's lists, each paged by the API: dependencies (text filter, licence filter),
// dependents ("direct only") and the artifacts that ship the version.
import { useCallback, useState } from 'preact/hooks';
import { api, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { PagedList } from '../../components/paged-list';
import { pageOf } from '../../components/use-paged';
import { artifactHref, packageHref } from '../../links';

const PAGE_SIZE = 50;

function LicenceFilter({ purl, value, onChange }: { purl: string; value: string; onChange: (v: string) => void }) {
  const licences = useLoad(
    useCallback(
      async (signal: AbortSignal) =>
        unwrap(await api.GET('/analysis/licenses', { params: { query: { purl } }, signal })),
      [purl],
    ),
  );
  const options = licences.state === 'ready' ? licences.data : [];
  return (
    <span class="control">
      <label for="licence-filter">Licence</label>
      <select id="licence-filter" value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">any licence</option>
        {options.map((l) => (
          <option key={l.License} value={l.License}>
            {l.License} ({l.Count})
          </option>
        ))}
      </select>
    </span>
  );
}

export function Dependencies({ purl, onShow }: { purl: string; onShow: (dependency: string) => void }) {
  const [license, setLicense] = useState('');
  const fetchPage = useCallback(
    async (cursor: string | undefined, signal: AbortSignal) => {
      const query = { PageSize: PAGE_SIZE, Cursor: cursor, license: license || undefined };
      const data = unwrap(
        await api.GET('/v0/package/{purl}/dependencies', { params: { path: { purl }, query }, signal }),
      );
      return pageOf(data.dependencies, data.PaginationInfo);
    },
    [purl, license],
  );
  return (
    <section aria-labelledby="deps-h">
      <h2 id="deps-h">Dependencies</h2>
      <PagedList<string>
        what="dependencies"
        controls={<LicenceFilter purl={purl} value={license} onChange={setLicense} />}
        fetchPage={fetchPage}
        itemKey={(d) => d}
        filterText={(d) => d}
        renderItem={(d) => (
          <span class="dep" data-dependency={d}>
            <a class="purl" href={packageHref(d)}>
              {d}
            </a>{' '}
            <button type="button" class="show-in-graph" onClick={() => onShow(d)}>
              Show in graph<span class="visually-hidden">: {d}</span>
            </button>
          </span>
        )}
      />
    </section>
  );
}

export function Dependents({ purl }: { purl: string }) {
  const [direct, setDirect] = useState(false);
  const fetchPage = useCallback(
    async (cursor: string | undefined, signal: AbortSignal) => {
      const query = { PageSize: PAGE_SIZE, Cursor: cursor, direct: direct ? ('true' as const) : undefined };
      const data = unwrap(
        await api.GET('/v0/package/{purl}/dependents', { params: { path: { purl }, query }, signal }),
      );
      return pageOf(data.dependents, data.PaginationInfo);
    },
    [purl, direct],
  );
  return (
    <section aria-labelledby="dependents-h">
      <h2 id="dependents-h">Dependents</h2>
      <PagedList<string>
        what="dependents"
        controls={
          <span class="control">
            <input
              id="direct-only"
              type="checkbox"
              checked={direct}
              onChange={(e) => setDirect(e.currentTarget.checked)}
            />
            <label for="direct-only">Direct dependents only</label>
          </span>
        }
        fetchPage={fetchPage}
        itemKey={(d) => d}
        renderItem={(d) => (
          <a class="purl" href={packageHref(d)}>
            {d}
          </a>
        )}
      />
    </section>
  );
}

export function Artifacts({ purl }: { purl: string }) {
  const fetchPage = useCallback(
    async (cursor: string | undefined, signal: AbortSignal) => {
      const query = { PageSize: PAGE_SIZE, Cursor: cursor };
      const data = unwrap(await api.GET('/v0/package/{purl}/artifacts', { params: { path: { purl }, query }, signal }));
      return pageOf(data.artifacts, data.PaginationInfo);
    },
    [purl],
  );
  return (
    <section aria-labelledby="artifacts-h">
      <h2 id="artifacts-h">Artifacts shipping it</h2>
      <PagedList<{ digest: string; subjects: string[] }>
        what="artifacts"
        fetchPage={fetchPage}
        itemKey={(a) => a.digest}
        renderItem={(a) => (
          <>
            <a class="digest" href={artifactHref(a.digest)}>
              {a.digest}
            </a>
            {a.subjects.length > 0 ? <span class="muted purl"> ({a.subjects.join(', ')})</span> : null}
          </>
        )}
      />
    </section>
  );
}
