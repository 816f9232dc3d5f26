// /ui/vuln/{id}: the record, the affected packages and the blast radius (what depends on them,
// which images ship them, and the path of each).
import { useLocation } from 'preact-iso';
import { api, unwrap } from '../api/client';
import { useResource } from '../api/use-resource';
import { Show } from '../components/status';
import { tailOf } from '../links';
import { BlastRadius } from './vuln/blast';
import { RecordDetails, RecordHeader } from './vuln/record';

export function VulnPage() {
  const id = tailOf(useLocation().path, '/ui/vuln/');
  const record = useResource(id === '' ? null : `vuln ${id}`, async (signal) =>
    unwrap(await api.GET('/v0/vuln/{id}', { params: { path: { id } }, signal })),
  );
  if (id === '') {
    return (
      <section>
        <h1>Vulnerability</h1>
        <p>The address names no vulnerability: use the search box to find one.</p>
      </section>
    );
  }
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
