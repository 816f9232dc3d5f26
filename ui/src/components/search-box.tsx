// The search box of every page. (Skeleton: suggestions as you type come with the home page work.)
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { searchHref } from '../links';

export function SearchBox({ compact = false }: { compact?: boolean }) {
  const { route } = useLocation();
  const [q, setQ] = useState('');
  return (
    <form
      role="search"
      class={compact ? 'search-box compact' : 'search-box'}
      onSubmit={(event) => {
        event.preventDefault();
        if (q.trim() !== '') route(searchHref(q.trim()));
      }}
    >
      <label class="visually-hidden" for={compact ? 'search-compact' : 'search-main'}>
        Search names, purls, digests, vulnerability ids
      </label>
      <input
        id={compact ? 'search-compact' : 'search-main'}
        type="search"
        placeholder="Search names, purls, digests, vulnerability ids"
        value={q}
        onInput={(event) => setQ(event.currentTarget.value)}
      />
    </form>
  );
}
