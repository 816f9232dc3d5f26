// A list the API pages with `Cursor`/`NextCursor`, shown a page at a time: the first page when
// the key changes (or the token does), the next appended on `more()`. A superseded question is
// aborted, so a late answer for an old key never lands in the new list.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { onTokenChange } from '../api/token';

export interface Page<T> {
  items: T[];
  total: number;
  next: string | undefined;
}

export interface Paged<T> {
  /** loading: the first page is on its way; failed: the first page failed. */
  state: 'loading' | 'ready' | 'failed';
  items: T[];
  total: number;
  next: string | undefined;
  error: ApiError | undefined;
  /** The next page is on its way. */
  loadingMore: boolean;
  /** Why the last `more()` failed, if it did (the items so far stay). */
  moreError: ApiError | undefined;
  more: () => void;
}

const asApiError = (err: unknown): ApiError =>
  err instanceof ApiError ? err : new ApiError(0, undefined, String(err));

export function usePaged<T>(
  key: string | null,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>,
): Paged<T> {
  const [state, setState] = useState<Paged<T>['state']>('loading');
  const [page, setPage] = useState<Page<T>>({ items: [], total: 0, next: undefined });
  const [error, setError] = useState<ApiError | undefined>();
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<ApiError | undefined>();
  const [tokenEpoch, setTokenEpoch] = useState(0);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => onTokenChange(() => setTokenEpoch((n) => n + 1)), []);

  useEffect(() => {
    if (key === null) return;
    const current = new AbortController();
    controller.current = current;
    setState('loading');
    setPage({ items: [], total: 0, next: undefined });
    setError(undefined);
    setMoreError(undefined);
    setLoadingMore(false);
    fetchPage(undefined, current.signal).then(
      (first) => {
        if (current.signal.aborted) return;
        setPage(first);
        setState('ready');
      },
      (err: unknown) => {
        if (current.signal.aborted) return;
        setError(asApiError(err));
        setState('failed');
      },
    );
    return () => current.abort();
    // `fetchPage` is a new closure on every render; the key says when the question changed.
  }, [key, tokenEpoch]);

  const more = () => {
    const current = controller.current;
    if (!current || page.next === undefined || loadingMore) return;
    setLoadingMore(true);
    setMoreError(undefined);
    fetchPage(page.next, current.signal).then(
      (next) => {
        if (current.signal.aborted) return;
        setPage((before) => ({ items: [...before.items, ...next.items], total: next.total, next: next.next }));
        setLoadingMore(false);
      },
      (err: unknown) => {
        if (current.signal.aborted) return;
        setMoreError(asApiError(err));
        setLoadingMore(false);
      },
    );
  };

  return { state, ...page, error, loadingMore, moreError, more };
}
