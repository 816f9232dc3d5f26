// The search box of every page (compact in the header, big on the home page): an ARIA 1.2
// combobox whose listbox offers /v0/search's first answers as you type. Arrows move through them,
// Enter opens the chosen one (or, with none chosen, the purl, digest or search page the text
// names), Escape closes the list and then clears the text; the mouse works too.
import { useLocation } from 'preact-iso';
import { useEffect, useRef, useState } from 'preact/hooks';
import { resultFacts, resultHref, resultMatch, submitHref, type SearchResult } from './search-logic';
import { MIN_SUGGEST_LENGTH, useSuggestions, type Suggestions } from './use-suggestions';

function liveMessage(suggestions: Suggestions, open: boolean): string {
  switch (suggestions.state) {
    case 'idle':
      return '';
    case 'loading':
      return 'Searching…';
    case 'failed':
      return `Suggestions unavailable: ${suggestions.error.detail}`;
    case 'ready':
      if (suggestions.results.length === 0) return `No matches for “${suggestions.q}”: press Enter to search anyway.`;
      if (!open) return '';
      return `${suggestions.results.length} of ${suggestions.total} suggestions: use the arrow keys to choose.`;
  }
}

export function SearchBox({ compact = false }: { compact?: boolean }) {
  const { route, url } = useLocation();
  const id = compact ? 'search-compact' : 'search-main';
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The text the list was closed for (Enter, Escape): a late answer for it must not reopen it.
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const suggestions = useSuggestions(q);
  const results: SearchResult[] = suggestions.state === 'ready' ? suggestions.results : [];
  const expanded = open && results.length > 0;

  // A new answer opens the list afresh with nothing chosen (unless the user has left the box);
  // moving to another page closes it.
  useEffect(() => {
    setActive(-1);
    if (suggestions.state !== 'ready' || suggestions.q === closedFor) return;
    if (document.activeElement === input.current) setOpen(true);
  }, [suggestions]);
  useEffect(() => setOpen(false), [url]);

  const go = (href: string | null) => {
    if (href === null) return;
    setOpen(false);
    setClosedFor(q.trim());
    setActive(-1);
    route(href);
  };
  const move = (delta: number) => {
    if (results.length === 0) return;
    setOpen(true);
    setActive((current) => {
      // From nothing chosen, Down goes to the first and Up to the last; both wrap around.
      if (!expanded || current < 0) return delta > 0 ? 0 : results.length - 1;
      return (current + delta + results.length) % results.length;
    });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (expanded) {
        setOpen(false);
        setClosedFor(q.trim());
      } else setQ('');
      setActive(-1);
    }
  };
  const optionId = (i: number) => `${id}-option-${i}`;
  const chosen = expanded && active >= 0 ? results[active] : undefined;

  return (
    <form
      role="search"
      aria-label={compact ? 'Site search' : 'Search the graph'}
      class={compact ? 'search-box compact' : 'search-box'}
      onSubmit={(event) => {
        event.preventDefault();
        go(chosen ? resultHref(chosen) : submitHref(q));
      }}
    >
      <label class="visually-hidden" for={id}>
        Search names, purls, digests, vulnerability ids
      </label>
      <input
        ref={input}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellcheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={chosen ? optionId(active) : undefined}
        aria-describedby={`${id}-hint`}
        placeholder="Search names, purls, digests, vulnerability ids"
        value={q}
        onInput={(event) => {
          setQ(event.currentTarget.value);
          setClosedFor(null);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
      />
      <span id={`${id}-hint`} class="visually-hidden">
        Suggestions appear from {MIN_SUGGEST_LENGTH} characters. Enter opens a full purl with a version or a digest
        directly, and searches otherwise.
      </span>
      <ul id={`${id}-listbox`} role="listbox" aria-label="Suggestions" class="suggestions" hidden={!expanded}>
        {results.map((result, i) => (
          <li
            key={`${result.kind} ${result.name}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            class={i === active ? 'suggestion active' : 'suggestion'}
            // mousedown would blur the input (closing the list) before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(i)}
            onClick={() => go(resultHref(result))}
          >
            <span class={`kind kind-${result.kind}`}>{result.kind}</span>
            <span class={result.kind === 'package' ? 'purl' : 'digest'}>{result.name}</span>
            {resultMatch(result) !== null && <span class="muted matched">{resultMatch(result)}</span>}
            <span class="muted facts">{resultFacts(result)}</span>
          </li>
        ))}
      </ul>
      <span class="visually-hidden" role="status" aria-live="polite">
        {liveMessage(suggestions, expanded)}
      </span>
    </form>
  );
}
