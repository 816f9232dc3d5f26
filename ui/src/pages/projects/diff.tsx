// A diff between two builds of the project's history (those loaded so far): two selects, the
// latest and the one before by default, and what GET /v0/diff?from=&to= answers for their subjects.
import { useMemo, useState } from 'preact/hooks';
import { api, unwrap } from '../../api/client';
import { useLoad, type Loader } from '../../api/use-load';
import { Show } from '../../components/status';
import { DiffView } from './diff-view';
import { buildOption, diffPair, diffable, type Build, type BuildDiff } from './logic';

function BuildSelect({
  id,
  label,
  builds,
  value,
  onChange,
}: {
  id: string;
  label: string;
  builds: Build[];
  value: string;
  onChange: (digest: string) => void;
}) {
  return (
    <span class="control">
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {builds.map((b) => (
          <option key={b.digest} value={b.digest}>
            {buildOption(b)}
          </option>
        ))}
      </select>
    </span>
  );
}

export function DiffSection({ builds }: { builds: Build[] }) {
  const [chosen, setChosen] = useState<{ from?: string; to?: string }>({});
  const pair = diffPair(builds, chosen);
  const from = pair?.from.subject ?? null;
  const to = pair?.to.subject ?? null;
  const load = useMemo<Loader<BuildDiff> | null>(
    () =>
      from === null || to === null
        ? null
        : async (signal) => unwrap(await api.GET('/v0/diff', { params: { query: { from, to } }, signal })),
    [from, to],
  );
  const diff = useLoad(load);
  const options = diffable(builds);
  return (
    <section aria-labelledby="diff-heading">
      <h2 id="diff-heading">Compare two builds</h2>
      {pair === null ? (
        <p>
          {options.length === 1
            ? 'Only one build of the loaded history can be compared: nothing to compare it with.'
            : 'No build of the loaded history has a subject to compare.'}
        </p>
      ) : (
        <>
          <p class="muted">Any two of the builds listed above (“More builds” adds older ones).</p>
          <div class="list-controls diff-controls">
            <BuildSelect
              id="diff-from"
              label="From"
              builds={options}
              value={pair.from.digest}
              onChange={(digest) => setChosen({ ...chosen, from: digest })}
            />
            <BuildSelect
              id="diff-to"
              label="To"
              builds={options}
              value={pair.to.digest}
              onChange={(digest) => setChosen({ ...chosen, to: digest })}
            />
          </div>
          {from === to ? (
            <p class="muted">
              Both sides name the same subject (<span class="purl">{from}</span>): the diff names a build by its
              subject, so it finds nothing to compare.
            </p>
          ) : null}
          {diff.state === 'idle' ? null : (
            <Show resource={diff} what="the diff">
              {(data) => <DiffView diff={data} />}
            </Show>
          )}
        </>
      )}
    </section>
  );
}
