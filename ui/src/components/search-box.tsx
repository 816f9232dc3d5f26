// The search box of every page (compact in the header, big on the home page): an ARIA 1.2
// combobox whose listbox offers /v0/search's first answers as you type. Arrows move through them,
// Enter opens the chosen one (or, with none chosen, the purl, digest or search page the text
// names), Escape closes the list and then clears the text; the mouse works too.
import { useRef } from 'preact/hooks';
import { resultFacts, resultMatch, type SearchResult } from './search-logic';
import { useSearchBox } from './use-search-box';
import { MIN_SUGGEST_LENGTH, type Suggestions } from './use-suggestions';

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

interface SuggestionListProps {
  /** The combobox's id: the listbox's and the options' ids derive from it. */
  id: string;
  results: SearchResult[];
  active: number;
  hidden: boolean;
  onHover: (index: number) => void;
  onPick: (result: SearchResult) => void;
}

const optionId = (id: string, index: number): string => `${id}-option-${index}`;

function SuggestionList({ id, results, active, hidden, onHover, onPick }: SuggestionListProps) {
  return (
    <ul id={`${id}-listbox`} role="listbox" aria-label="Suggestions" class="suggestions" hidden={hidden}>
      {results.map((result, i) => (
        <li
          key={`${result.kind} ${result.name}`}
          id={optionId(id, i)}
          role="option"
          aria-selected={i === active}
          class={i === active ? 'suggestion active' : 'suggestion'}
          // mousedown would blur the input (closing the list) before the click lands.
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => onHover(i)}
          onClick={() => onPick(result)}
        >
          <span class={`kind kind-${result.kind}`}>{result.kind}</span>
          <span class={result.kind === 'package' ? 'purl' : 'digest'}>{result.name}</span>
          {resultMatch(result) !== null && <span class="muted matched">{resultMatch(result)}</span>}
          <span class="muted facts">{resultFacts(result)}</span>
        </li>
      ))}
    </ul>
  );
}

export function SearchBox({ compact = false }: { compact?: boolean }) {
  const id = compact ? 'search-compact' : 'search-main';
  const input = useRef<HTMLInputElement>(null);
  const box = useSearchBox(input);
  return (
    <form
      role="search"
      aria-label={compact ? 'Site search' : 'Search the graph'}
      class={compact ? 'search-box compact' : 'search-box'}
      onSubmit={(event) => {
        event.preventDefault();
        box.submit();
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
        aria-expanded={box.expanded}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={box.chosen ? optionId(id, box.active) : undefined}
        aria-describedby={`${id}-hint`}
        placeholder="Search names, purls, digests, vulnerability ids"
        value={box.q}
        onInput={(event) => box.onInput(event.currentTarget.value)}
        onKeyDown={box.onKeyDown}
        onBlur={() => box.setOpen(false)}
        onFocus={() => box.setOpen(true)}
      />
      <span id={`${id}-hint`} class="visually-hidden">
        Suggestions appear from {MIN_SUGGEST_LENGTH} characters. Enter opens a full purl with a version or a digest
        directly, and searches otherwise.
      </span>
      <SuggestionList
        id={id}
        results={box.results}
        active={box.active}
        hidden={!box.expanded}
        onHover={box.setActive}
        onPick={box.pick}
      />
      <span class="visually-hidden" role="status" aria-live="polite">
        {liveMessage(box.suggestions, box.expanded)}
      </span>
    </form>
  );
}
