// Suggestions for the text being typed: asked of /v0/search once typing pauses (150 ms). Each text
// is its own load (useLoad): a change aborts the previous wait or question, so a slow old answer
// never wins.
import { useMemo } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import type { ApiError } from '../api/errors';
import { useLoad, type Loader } from '../api/use-load';
import type { SearchResult } from './search-logic';

export const SUGGESTION_COUNT = 8;
const DEBOUNCE_MS = 150;
/** Shorter texts are not asked about: one letter matches most names and says nothing. */
export const MIN_SUGGEST_LENGTH = 2;

export type Suggestions =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; q: string; results: SearchResult[]; total: number }
  | { state: 'failed'; error: ApiError };

type Answer = Extract<Suggestions, { state: 'ready' }>;

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        const reason: unknown = signal.reason;
        reject(reason);
      },
      { once: true },
    );
  });
}

async function suggest(q: string, signal: AbortSignal): Promise<Answer> {
  await pause(DEBOUNCE_MS, signal);
  const data = unwrap(await api.GET('/v0/search', { params: { query: { q, PageSize: SUGGESTION_COUNT } }, signal }));
  return { state: 'ready', q, results: data.results, total: data.PaginationInfo.TotalCount };
}

/** The suggestions for `text`; the same object until they change (effects may depend on it). */
export function useSuggestions(text: string): Suggestions {
  const q = text.trim();
  const load = useMemo<Loader<Answer> | null>(
    () => (q.length < MIN_SUGGEST_LENGTH ? null : (signal) => suggest(q, signal)),
    [q],
  );
  const suggestions = useLoad(load);
  return suggestions.state === 'ready' ? suggestions.data : suggestions;
}
