// usePaged, built on useLoad: "More" appends the next page to the list it was asked for, and a
// new question (new inputs) starts from the first page, dropping pages asked for the old one.
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { usePaged, type FetchPage, type Page } from '../../src/components/use-paged';
import { deferred, renderHook, settle, type Deferred } from './render-hook';

/** A fetchPage whose answers the test gives, recording the cursor and signal of each call. */
function pages() {
  const calls: { cursor: string | undefined; signal: AbortSignal; answer: Deferred<Page<string>> }[] = [];
  const fetchPage: FetchPage<string> = (cursor, signal) => {
    const answer = deferred<Page<string>>();
    calls.push({ cursor, signal, answer });
    return answer.promise;
  };
  return { fetchPage, calls };
}

const mount = (fetchPage: FetchPage<string>) =>
  renderHook(({ fetchPage }: { fetchPage: FetchPage<string> }) => usePaged(fetchPage), { fetchPage });

describe('usePaged', () => {
  it('shows the first page, then appends the next one on more()', async () => {
    const { fetchPage, calls } = pages();
    const list = await mount(fetchPage);
    expect(list.current).toMatchObject({ state: 'loading', items: [] });
    calls[0].answer.resolve({ items: ['a', 'b'], total: 3, next: 'c2' });
    await settle();
    expect(list.current).toMatchObject({ state: 'ready', items: ['a', 'b'], total: 3, next: 'c2' });

    await act(() => list.current.more());
    expect(calls[1].cursor).toBe('c2');
    expect(list.current).toMatchObject({ items: ['a', 'b'], loadingMore: true });
    calls[1].answer.resolve({ items: ['c'], total: 3, next: undefined });
    await settle();
    expect(list.current).toMatchObject({ state: 'ready', items: ['a', 'b', 'c'], next: undefined, loadingMore: false });
    await list.unmount();
  });

  it('keeps the items when the next page fails, saying why', async () => {
    const { fetchPage, calls } = pages();
    const list = await mount(fetchPage);
    calls[0].answer.resolve({ items: ['a'], total: 2, next: 'c2' });
    await settle();
    await act(() => list.current.more());
    calls[1].answer.reject(new ApiError(503, 'unavailable', 'try again later'));
    await settle();
    expect(list.current).toMatchObject({ state: 'ready', items: ['a'], next: 'c2', loadingMore: false });
    expect(list.current.moreError?.detail).toBe('try again later');
    await list.unmount();
  });

  it('starts again from the first page for new inputs; a page asked for the old list never lands', async () => {
    const old = pages();
    const list = await mount(old.fetchPage);
    old.calls[0].answer.resolve({ items: ['a'], total: 2, next: 'c2' });
    await settle();
    await act(() => list.current.more());

    const fresh = pages();
    await list.rerender({ fetchPage: fresh.fetchPage });
    expect(old.calls[1].signal.aborted).toBe(true);
    expect(list.current).toMatchObject({ state: 'loading', items: [], loadingMore: false });
    old.calls[1].answer.resolve({ items: ['old b'], total: 2, next: undefined });
    fresh.calls[0].answer.resolve({ items: ['x'], total: 1, next: undefined });
    await settle();
    expect(list.current).toMatchObject({ state: 'ready', items: ['x'], total: 1 });
    expect(fresh.calls.map((call) => call.cursor)).toEqual([undefined]);
    await list.unmount();
  });
});
