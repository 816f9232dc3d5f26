// /ui/search?q=&kind=: every result of /v0/search for the text, a page at a time, narrowed to
// one kind by the radio group (the choice is part of the URL, so it can be shared).
import { useLocation } from 'preact-iso';
import { useCallback } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { MoreButton } from '../components/more-button';
import {
  SEARCH_KINDS,
  parseKind,
  resultFacts,
  resultHref,
  resultMatch,
  searchPageHref,
  type SearchKind,
  type SearchResult,
} from '../components/search-logic';
import { Failure, Loading } from '../components/status';
import { pageOf, usePaged } from '../components/use-paged';

const PAGE_SIZE = 25;
const KIND_LABELS: Record<SearchKind, string> = {
  package: 'Packages',
  artifact: 'Artifacts',
  vulnerability: 'Vulnerabilities',
};

function KindFilter({ q, kind }: { q: string; kind: SearchKind | null }) {
  const { route } = useLocation();
  const options: { value: SearchKind | null; label: string }[] = [
    { value: null, label: 'All kinds' },
    ...SEARCH_KINDS.map((value) => ({ value, label: KIND_LABELS[value] })),
  ];
  return (
    <fieldset class="kind-filter">
      <legend>Show</legend>
      {options.map((option) => (
        <label key={option.label}>
          <input
            type="radio"
            name="kind"
            value={option.value ?? ''}
            checked={option.value === kind}
            onChange={() => route(searchPageHref(q, option.value), true)}
          />{' '}
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

function ResultItem({ result }: { result: SearchResult }) {
  const match = resultMatch(result);
  return (
    <li class="search-result">
      <span class={`kind kind-${result.kind}`}>{result.kind}</span>
      <a href={resultHref(result)} class={result.kind === 'package' ? 'purl' : 'digest'}>
        {result.name}
      </a>
      {match !== null && <span class="muted matched">{match}</span>}
      <span class="muted facts">{resultFacts(result)}</span>
    </li>
  );
}

function Results({ q, kind }: { q: string; kind: SearchKind | null }) {
  const list = usePaged<SearchResult>(
    useCallback(
      async (cursor, signal) => {
        const query = { q, PageSize: PAGE_SIZE, ...(kind ? { kind } : {}), ...(cursor ? { Cursor: cursor } : {}) };
        const data = unwrap(await api.GET('/v0/search', { params: { query }, signal }));
        return pageOf(data.results, data.PaginationInfo);
      },
      [q, kind],
    ),
  );
  if (list.state === 'loading') return <Loading what="results" />;
  if (list.state === 'failed' && list.error) return <Failure error={list.error} what="the results" />;
  if (list.items.length === 0) {
    return (
      <div class="empty-state">
        <p role="status">
          Nothing {kind ? `of kind ${kind} ` : ''}matches “{q}”.
        </p>
        <p class="muted">
          Package names are found by words of their namespace or name (<code>log4j core</code>), artifacts by at least 8
          hex digits of their digest, vulnerabilities by the start of an id or alias (<code>CVE-2022</code>).
        </p>
      </div>
    );
  }
  return (
    <>
      <ol class="search-results">
        {list.items.map((result) => (
          <ResultItem key={`${result.kind} ${result.name}`} result={result} />
        ))}
      </ol>
      <MoreButton list={list} label="More results" what="results" />
    </>
  );
}

export function Search() {
  const { query } = useLocation();
  const q = (query.q ?? '').trim();
  const kind = parseKind(query.kind);
  return (
    <section class="search-page" aria-labelledby="search-heading">
      <h1 id="search-heading">{q === '' ? 'Search' : `Search results for “${q}”`}</h1>
      {q === '' ? (
        <p>Type a package name, a purl, a digest or a vulnerability id in the search box above.</p>
      ) : (
        <>
          <KindFilter q={q} kind={kind} />
          <Results q={q} kind={kind} />
        </>
      )}
    </section>
  );
}
