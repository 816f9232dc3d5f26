// The foot of a paged list: how many are shown of how many, and the button that asks for the
// next page (with its own progress and failure, the items so far staying on screen).
import type { Paged } from './use-paged';
import { Failure } from './status';

export function MoreButton<T>({ list, label, what }: { list: Paged<T>; label: string; what: string }) {
  return (
    <div class="list-foot">
      <p class="muted" role="status" aria-live="polite">
        Showing {list.items.length.toLocaleString('en-US')} of {list.total.toLocaleString('en-US')} {what}
        {list.loadingMore ? '; loading more…' : '.'}
      </p>
      {list.next !== undefined ? (
        <button type="button" onClick={list.more} aria-disabled={list.loadingMore}>
          {label}
        </button>
      ) : null}
      {list.moreError ? <Failure error={list.moreError} what={`more ${what}`} /> : null}
    </div>
  );
}
