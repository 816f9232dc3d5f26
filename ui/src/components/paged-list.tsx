// A list the API pages with a cursor: the first page, then "More" for the next one; an optional
// text filter over the items loaded so far; a live status line saying how many are shown.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Failure } from './status';
import { usePaged, type FetchPage } from './use-paged';
import { useStableCallback } from './use-stable-callback';

export interface PagedListProps<T> {
  /** What the list holds, plural (`dependencies`): in the status line and messages. */
  what: string;
  /** Stable (useCallback over what it reads): a new function restarts the list from its first page. */
  fetchPage: FetchPage<T>;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ComponentChildren;
  /** When given, a text box filters the loaded items on this text. */
  filterText?: (item: T) => string;
  /** Controls shown above the list (filters that go to the API). */
  controls?: ComponentChildren;
  /** Told the items loaded so far, whenever they change (e.g. to draw them elsewhere). */
  onLoaded?: (items: T[]) => void;
}

/** What the status line says once the list has settled: how many are shown of how many. */
function shownText(what: string, shown: number, total: number, filter: string, loaded: number): string {
  if (total === 0) return `No ${what}.`;
  const filtered = filter !== '' ? ` (filter: “${filter}” over the ${loaded} loaded)` : '';
  return `Showing ${shown.toLocaleString('en')} of ${total.toLocaleString('en')} ${what}${filtered}`;
}

function FilterControl({ what, value, onInput }: { what: string; value: string; onInput: (text: string) => void }) {
  const id = `filter-${what.replace(/\W+/g, '-')}`;
  return (
    <span class="control">
      <label for={id}>Filter loaded {what}</label>
      <input id={id} type="search" value={value} onInput={(e) => onInput(e.currentTarget.value)} />
    </span>
  );
}

/**
 * After "More", focus moves to the first new item: the button may be gone (last page), and a
 * keyboard user reads on from where the list grew. `grewFrom(n)` is called before asking.
 */
function useFocusOnGrowth(items: readonly unknown[]) {
  const container = useRef<HTMLDivElement>(null);
  const from = useRef<number | null>(null);
  useEffect(() => {
    if (from.current === null || items.length <= from.current) return;
    const selector = `.item-list > li:nth-child(${from.current + 1}) a`;
    from.current = null;
    container.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [items]);
  return { container, grewFrom: (count: number) => (from.current = count) };
}

export function PagedList<T>(props: PagedListProps<T>) {
  const { what, fetchPage, itemKey, renderItem, filterText, controls, onLoaded } = props;
  const list = usePaged(fetchPage);
  const [filter, setFilter] = useState('');
  const { container, grewFrom } = useFocusOnGrowth(list.items);
  const told = useStableCallback((items: T[]) => onLoaded?.(items));
  useEffect(() => {
    told(list.items);
  }, [told, list.items]);

  const busy = list.state === 'loading' || list.loadingMore;
  const error = list.error ?? list.moreError;
  const needle = filter.trim().toLowerCase();
  const shown =
    filterText && needle !== ''
      ? list.items.filter((item) => filterText(item).toLowerCase().includes(needle))
      : list.items;

  return (
    <div class="paged-list" ref={container}>
      <div class="list-controls">
        {controls}
        {filterText ? <FilterControl what={what} value={filter} onInput={setFilter} /> : null}
      </div>
      <p class="muted list-status" role="status" aria-live="polite">
        {busy
          ? `Loading ${what}…`
          : error
            ? ''
            : shownText(what, shown.length, list.total, filter.trim(), list.items.length)}
      </p>
      {error ? <Failure error={error} what={what} /> : null}
      {shown.length > 0 ? (
        <ul class="item-list">
          {shown.map((item) => (
            <li key={itemKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      ) : null}
      {!busy && !error && list.next !== undefined ? (
        <button
          type="button"
          onClick={() => {
            grewFrom(list.items.length);
            list.more();
          }}
        >
          More {what}
        </button>
      ) : null}
    </div>
  );
}
