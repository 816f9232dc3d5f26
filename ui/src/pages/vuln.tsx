// /ui/vuln/{id}: the record, the affected packages and the blast radius (what depends on them,
// which images ship them, and the path of each).
import { useLocation } from 'preact-iso';
import { useCallback } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useLoad } from '../api/use-load';
import { Show } from '../components/status';
import { tailOf } from '../links';
import { BlastRadius } from './vuln/blast';
import { RecordDetails, RecordHeader } from './vuln/record';

export function VulnPage() {
  const id = tailOf(useLocation().path, '/ui/vuln/');
  if (id === '') {
    return (
      <section>
        <h1>Vulnerability</h1>
        <p>The address names no vulnerability: use the search box to find one.</p>
      </section>
    );
  }
  return <Vuln id={id} />;
}

/** One vulnerability's page, once its record has come. */
function Vuln({ id }: { id: string }) {
  const record = useLoad(
    useCallback(
      async (signal: AbortSignal) => unwrap(await api.GET('/v0/vuln/{id}', { params: { path: { id } }, signal })),
      [id],
    ),
  );
  return (
    <Show resource={record} what={`vulnerability ${id}`}>
      {(data) => (
        <article class="entity-page vuln-page">
          <RecordHeader record={data} />
          <RecordDetails record={data} />
          <BlastRadius key={data.id} id={data.id} />
        </article>
      )}
    </Show>
  );
}
