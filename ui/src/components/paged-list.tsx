// A list the API pages with a cursor: the first page, then "More" for the next one; an optional
// text filter over the items loaded so far; a live status line saying how many are shown.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { onTokenChange } from '../api/token';
import { Failure } from './status';

export interface Page<T> {
  items: T[];
  next: string | undefined;
  total: number;
}

export interface PagedListProps<T> {
  /** A change restarts the list from its first page (e.g. a new filter sent to the API). */
  resetKey: string;
  /** What the list holds, plural (`dependencies`): in the status line and messages. */
  what: string;
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ComponentChildren;
  /** When given, a text box filters the loaded items on this text. */
  filterText?: (item: T) => string;
  /** Controls shown above the list (filters that go to the API). */
  controls?: ComponentChildren;
  /** Told the items loaded so far, whenever they change (e.g. to draw them elsewhere). */
  onLoaded?: (items: T[]) => void;
}

type State<T> =
  | { state: 'loading'; items: T[] }
  | { state: 'ready'; items: T[]; next: string | undefined; total: number }
  | { state: 'failed'; items: T[]; error: ApiError };

function asApiError(err: unknown): ApiError {
  return err instanceof ApiError ? err : new ApiError(0, undefined, String(err));
}

export function PagedList<T>(props: PagedListProps<T>) {
  const { resetKey, what, fetchPage, itemKey, renderItem, filterText, controls, onLoaded } = props;
  const [list, setList] = useState<State<T>>({ state: 'loading', items: [] });
  const [filter, setFilter] = useState('');
  const [tokenEpoch, setTokenEpoch] = useState(0);
  useEffect(() => onTokenChange(() => setTokenEpoch((n) => n + 1)), []);
  // "More" remembers which list it belongs to: a new resetKey (or token) starts from page one.
  const listKey = `${resetKey}\u0000${tokenEpoch}`;
  const [more, setMore] = useState<{ listKey: string; cursor: string } | null>(null);
  const cursor = more !== null && more.listKey === listKey ? more.cursor : undefined;

  useEffect(() => {
    const controller = new AbortController();
    const append = cursor !== undefined;
    setList((old) => ({ state: 'loading', items: append ? old.items : [] }));
    fetchPage(cursor, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setList((old) => ({
          state: 'ready',
          items: append ? [...old.items, ...page.items] : page.items,
          next: page.next,
          total: page.total,
        }));
      },
      (err: unknown) => {
        if (!controller.signal.aborted)
          setList((old) => ({ state: 'failed', items: old.items, error: asApiError(err) }));
      },
    );
    return () => controller.abort();
    // `fetchPage` is a new closure each render; listKey and cursor say when to re-ask.
  }, [listKey, cursor]);

  useEffect(() => onLoaded?.(list.items), [list.items]);

  // After "More", focus moves to the first new item: the button may be gone (last page), and a
  // keyboard user reads on from where the list grew.
  const container = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    if (list.state !== 'ready' || focusFrom.current === null) return;
    const item = container.current?.querySelector<HTMLElement>(`.item-list > li:nth-child(${focusFrom.current + 1}) a`);
    focusFrom.current = null;
    item?.focus();
  }, [list]);

  const needle = filter.trim().toLowerCase();
  const shown =
    filterText && needle !== ''
      ? list.items.filter((item) => filterText(item).toLowerCase().includes(needle))
      : list.items;
  const total = list.state === 'ready' ? list.total : undefined;
  const filterId = `filter-${what.replace(/\W+/g, '-')}`;

  return (
    <div class="paged-list" ref={container}>
      <div class="list-controls">
        {controls}
        {filterText ? (
          <span class="control">
            <label for={filterId}>Filter loaded {what}</label>
            <input id={filterId} type="search" value={filter} onInput={(e) => setFilter(e.currentTarget.value)} />
          </span>
        ) : null}
      </div>
      <p class="muted list-status" role="status" aria-live="polite">
        {list.state === 'loading'
          ? `Loading ${what}…`
          : total === undefined
            ? ''
            : total === 0
              ? `No ${what}.`
              : `Showing ${shown.length.toLocaleString('en')} of ${total.toLocaleString('en')} ${what}` +
                (needle !== '' ? ` (filter: “${filter.trim()}” over the ${list.items.length} loaded)` : '')}
      </p>
      {list.state === 'failed' ? <Failure error={list.error} what={what} /> : null}
      {shown.length > 0 ? (
        <ul class="item-list">
          {shown.map((item) => (
            <li key={itemKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      ) : null}
      {list.state === 'ready' && list.next !== undefined ? (
        <button
          type="button"
          onClick={() => {
            if (list.next === undefined) return;
            focusFrom.current = list.items.length;
            setMore({ listKey, cursor: list.next });
          }}
        >
          More {what}
        </button>
      ) : null}
    </div>
  );
}
