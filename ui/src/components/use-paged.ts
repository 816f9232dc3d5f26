// A list the API pages with `Cursor`/`NextCursor`, shown a page at a time: the first page, then
// the next one appended on `more()`. Both are loads (useLoad): a new `fetchPage` (new inputs)
// or a new token starts again from the first page, and pages asked for an older list never land.
import { useCallback, useMemo, useState } from 'preact/hooks';
import type { ApiError } from '../api/errors';
import { useLoad, type Loader } from '../api/use-load';

export interface Page<T> {
  items: T[];
  total: number;
  next: string | undefined;
}

/** A page as the API pages it: the items and the `PaginationInfo` beside them. */
export function pageOf<T>(items: T[], info: { TotalCount: number; NextCursor?: string }): Page<T> {
  return { items, total: info.TotalCount, next: info.NextCursor };
}

/** Asks for the page at `cursor` (the first when undefined). Keep it stable with useCallback. */
export type FetchPage<T> = (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>;

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

/** A "More" asked for: the first page it follows, and the list so far it extends. */
interface MoreOf<T> {
  first: Page<T>;
  before: Page<T>;
  cursor: string;
}

const NO_PAGE: Page<never> = { items: [], total: 0, next: undefined };

export function usePaged<T>(fetchPage: FetchPage<T>): Paged<T> {
  const first = useLoad(useCallback((signal: AbortSignal) => fetchPage(undefined, signal), [fetchPage]));
  const firstPage = first.state === 'ready' ? first.data : undefined;
  const [asked, setAsked] = useState<MoreOf<T> | null>(null);
  // A "More" belongs to the first page it followed: a new first page (new inputs, token, reload) drops it.
  const more = asked !== null && asked.first === firstPage ? asked : null;
  const loadMore = useMemo<Loader<Page<T>> | null>(
    () =>
      more &&
      (async (signal) => {
        const page = await fetchPage(more.cursor, signal);
        return { ...page, items: [...more.before.items, ...page.items] };
      }),
    [more, fetchPage],
  );
  const next = useLoad(loadMore);

  const shown = next.state === 'ready' ? next.data : (more?.before ?? firstPage ?? NO_PAGE);
  const loadingMore = next.state === 'loading';
  const askMore = () => {
    if (firstPage === undefined || shown.next === undefined || loadingMore) return;
    setAsked({ first: firstPage, before: shown, cursor: shown.next });
  };
  return {
    state: first.state,
    ...shown,
    error: first.state === 'failed' ? first.error : undefined,
    loadingMore,
    moreError: next.state === 'failed' ? next.error : undefined,
    more: askMore,
  };
}
