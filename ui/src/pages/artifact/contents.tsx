// What the artifact contains: packages by purl type and by licence, and the list itself,
// filterable and rendered a few hundred at a time (an image can hold thousands).
import { useState } from 'preact/hooks';
import { packageHref } from '../../links';
import { CONTENTS_MAX, type Contents } from './load';
import { countByType } from './summary';

const STEP = 200;

function CountTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string;
  rows: { name: string; count: number }[];
}) {
  return (
    <table class="count-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col" class="num">
            Packages
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.name}>
            <td>{r.name}</td>
            <td class="num">{r.count.toLocaleString('en')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ArtifactContents({ contents, onShow }: { contents: Contents; onShow: (purl: string) => void }) {
  const [filter, setFilter] = useState('');
  const [limit, setLimit] = useState(STEP);
  const needle = filter.trim().toLowerCase();
  const matching = needle === '' ? contents.purls : contents.purls.filter((p) => p.toLowerCase().includes(needle));
  const types = countByType(contents.purls).map((t) => ({ name: t.type, count: t.count }));
  const licences = contents.licences.map((l) => ({ name: l.License, count: l.Count }));
  return (
    <section aria-labelledby="contents-h">
      <h2 id="contents-h">Contents</h2>
      {contents.truncated ? (
        <p class="muted">
          The first {CONTENTS_MAX.toLocaleString('en')} of {contents.total.toLocaleString('en')} packages are
          summarised.
        </p>
      ) : null}
      <div class="two-columns">
        <CountTable caption="By package type" head="Type" rows={types} />
        <CountTable caption="By licence" head="Licence" rows={licences} />
      </div>
      <h3>Packages</h3>
      <span class="control">
        <label for="contents-filter">Filter packages</label>
        <input
          id="contents-filter"
          type="search"
          value={filter}
          onInput={(e) => {
            setFilter(e.currentTarget.value);
            setLimit(STEP);
          }}
        />
      </span>
      <p class="muted" role="status" aria-live="polite">
        Showing {Math.min(limit, matching.length).toLocaleString('en')} of {matching.length.toLocaleString('en')}
        {needle !== '' ? ' matching' : ''} packages
      </p>
      <ul class="item-list">
        {matching.slice(0, limit).map((p) => (
          <li key={p}>
            <a class="purl" href={packageHref(p)}>
              {p}
            </a>{' '}
            <button type="button" class="show-in-graph" onClick={() => onShow(p)}>
              Show in graph<span class="visually-hidden">: {p}</span>
            </button>
          </li>
        ))}
      </ul>
      {matching.length > limit ? (
        <button type="button" onClick={() => setLimit((n) => n + STEP)}>
          Show {Math.min(STEP, matching.length - limit)} more packages
        </button>
      ) : null}
    </section>
  );
}
