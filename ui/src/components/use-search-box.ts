// The search box's combobox state: the text, whether the listbox is open, the option chosen with
// the arrow keys, and where Enter or a click leads. The box itself (search-box.tsx) only renders.
import { useLocation } from 'preact-iso';
import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { movedOption, resultHref, submitHref, type SearchResult } from './search-logic';
import { useStableCallback } from './use-stable-callback';
import { useSuggestions, type Suggestions } from './use-suggestions';

export interface SearchBoxState {
  q: string;
  suggestions: Suggestions;
  results: SearchResult[];
  /** The listbox is shown (open, with something in it). */
  expanded: boolean;
  /** The index of the option chosen with the arrows or the mouse, -1 for none. */
  active: number;
  /** The chosen option's result, when the list is shown. */
  chosen: SearchResult | undefined;
  setActive: (index: number) => void;
  onInput: (text: string) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  setOpen: (open: boolean) => void;
  /** Enter: the chosen result's page, else where the text leads. */
  submit: () => void;
  /** A click on an option. */
  pick: (result: SearchResult) => void;
}

export function useSearchBox(input: RefObject<HTMLInputElement | null>): SearchBoxState {
  const { route, url } = useLocation();
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The text the list was closed for (Enter, Escape): a late answer for it must not reopen it.
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const suggestions = useSuggestions(q);
  const results = suggestions.state === 'ready' ? suggestions.results : [];
  const expanded = open && results.length > 0;

  // A new answer opens the list afresh with nothing chosen (unless the user has left the box);
  // moving to another page closes it.
  const onAnswer = useStableCallback((answer: Suggestions) => {
    setActive(-1);
    if (answer.state !== 'ready' || answer.q === closedFor) return;
    if (document.activeElement === input.current) setOpen(true);
  });
  useEffect(() => onAnswer(suggestions), [onAnswer, suggestions]);
  useEffect(() => setOpen(false), [url]);

  const close = () => {
    setOpen(false);
    setClosedFor(q.trim());
    setActive(-1);
  };
  const go = (href: string | null) => {
    if (href === null) return;
    close();
    route(href);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length === 0) return;
      const delta = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      setActive((current) => movedOption(expanded ? current : -1, delta, results.length));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (expanded) close();
      else {
        setQ('');
        setActive(-1);
      }
    }
  };
  const chosen = expanded && active >= 0 ? results[active] : undefined;
  return {
    q,
    suggestions,
    results,
    expanded,
    active,
    chosen,
    setActive,
    onInput: (text) => {
      setQ(text);
      setClosedFor(null);
      setOpen(true);
    },
    onKeyDown,
    setOpen,
    submit: () => go(chosen ? resultHref(chosen) : submitHref(q)),
    pick: (result) => go(resultHref(result)),
  };
}
