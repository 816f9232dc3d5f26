// Suggestions for the text being typed: asked of /v0/search once typing pauses (150 ms), the
// previous question aborted as soon as the text changes, so a slow old answer never wins.
import { useEffect, useState } from 'preact/hooks';
import { ApiError, api, unwrap } from '../api/client';
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

export function useSuggestions(text: string): Suggestions {
  const [suggestions, setSuggestions] = useState<Suggestions>({ state: 'idle' });
  const q = text.trim();
  useEffect(() => {
    if (q.length < MIN_SUGGEST_LENGTH) {
      setSuggestions({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSuggestions({ state: 'loading' });
      api
        .GET('/v0/search', { params: { query: { q, PageSize: SUGGESTION_COUNT } }, signal: controller.signal })
        .then(unwrap)
        .then(
          (data) => {
            if (controller.signal.aborted) return;
            setSuggestions({ state: 'ready', q, results: data.results, total: data.PaginationInfo.TotalCount });
          },
          (err: unknown) => {
            if (controller.signal.aborted) return;
            setSuggestions({
              state: 'failed',
              error: err instanceof ApiError ? err : new ApiError(0, undefined, String(err)),
            });
          },
        );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  return suggestions;
}
