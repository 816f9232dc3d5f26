// A purl naming several versions: the list of them, each a link to its own page.
import type { Answer } from '../../components/api-types';
import { packageHref } from '../../links';

export function Versions({ purl, matches }: { purl: string; matches: Answer<'/v0/package/{purl}'> }) {
  const total = matches.PaginationInfo.TotalCount;
  return (
    <section aria-labelledby="versions-h">
      <h1 id="versions-h" class="purl">
        {purl}
      </h1>
      <p>
        {total} package versions match this purl
        {total > matches.PurlList.length ? ` (the first ${matches.PurlList.length} are listed)` : ''}:
      </p>
      <ul class="item-list">
        {matches.PurlList.map((p) => (
          <li key={p}>
            <a class="purl" href={packageHref(p)}>
              {p}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
