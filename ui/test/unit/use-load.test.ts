// useLoad, the UI's one data-loading hook: answers land for the question they answer, a changed
// question aborts the old one and ignores its late answer, failures become ApiErrors.
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { writeToken } from '../../src/api/token';
import { useLoad, type Loader } from '../../src/api/use-load';
import { deferred, renderHook, settle, type Deferred } from './render-hook';

/** A loader whose answers the test gives, one per call, with the signal each call got. */
function controlled<T>() {
  const calls: { signal: AbortSignal; answer: Deferred<T> }[] = [];
  const load: Loader<T> = (signal) => {
    const answer = deferred<T>();
    calls.push({ signal, answer });
    return answer.promise;
  };
  return { load, calls };
}

const mount = <T>(load: Loader<T> | null) =>
  renderHook(({ load }: { load: Loader<T> | null }) => useLoad(load), { load });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useLoad', () => {
  it('is loading until the answer comes, then ready with its data', async () => {
    const { load, calls } = controlled<string>();
    const hook = await mount(load);
    expect(hook.current.state).toBe('loading');
    expect(calls).toHaveLength(1);
    calls[0].answer.resolve('the data');
    await settle();
    expect(hook.current).toMatchObject({ state: 'ready', data: 'the data' });
    await hook.unmount();
  });

  it('aborts the old question when the inputs change, and ignores its late answer', async () => {
    const first = controlled<string>();
    const second = controlled<string>();
    const hook = await mount(first.load);
    await hook.rerender({ load: second.load });
    expect(first.calls[0].signal.aborted).toBe(true);
    expect(second.calls[0].signal.aborted).toBe(false);

    second.calls[0].answer.resolve('new');
    first.calls[0].answer.resolve('old, late');
    await settle();
    expect(hook.current).toMatchObject({ state: 'ready', data: 'new' });
    await hook.unmount();
  });

  it('is loading from the first render after the inputs change, never showing the old answer', async () => {
    const first = controlled<string>();
    const second = controlled<string>();
    const hook = await mount(first.load);
    first.calls[0].answer.resolve('old');
    await settle();
    expect(hook.current).toMatchObject({ state: 'ready', data: 'old' });
    await hook.rerender({ load: second.load });
    expect(hook.current.state).toBe('loading');
    await hook.unmount();
  });

  it('does not show an old answer that arrives before the new one', async () => {
    const first = controlled<string>();
    const second = controlled<string>();
    const hook = await mount(first.load);
    await hook.rerender({ load: second.load });
    first.calls[0].answer.resolve('old');
    await settle();
    expect(hook.current.state).toBe('loading');
    second.calls[0].answer.reject(new ApiError(404, 'not_found', 'no such package'));
    await settle();
    expect(hook.current).toMatchObject({ state: 'failed', error: { status: 404, detail: 'no such package' } });
    await hook.unmount();
  });

  it('keeps asking the same question while the loader stays the same function', async () => {
    const { load, calls } = controlled<number>();
    const hook = await mount(load);
    await hook.rerender({ load });
    expect(calls).toHaveLength(1);
    calls[0].answer.resolve(1);
    await settle();
    const ready = hook.current;
    await hook.rerender({ load });
    // The same object while nothing changed: effects that depend on it do not re-run.
    expect(hook.current).toBe(ready);
    await hook.unmount();
  });

  it('aborts the question when the component unmounts', async () => {
    const { load, calls } = controlled<string>();
    const hook = await mount(load);
    await hook.unmount();
    expect(calls[0].signal.aborted).toBe(true);
  });

  it('turns a rejection into an ApiError with a message to show', async () => {
    const { load, calls } = controlled<string>();
    const hook = await mount(load);
    calls[0].answer.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(hook.current.state).toBe('failed');
    const { error } = hook.current as { error: ApiError };
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, detail: 'TypeError: Failed to fetch' });
    await hook.unmount();
  });

  it('asks again on reload(), loading meanwhile', async () => {
    const { load, calls } = controlled<string>();
    const hook = await mount(load);
    calls[0].answer.resolve('first');
    await settle();
    await act(() => hook.current.reload());
    expect(calls).toHaveLength(2);
    expect(hook.current.state).toBe('loading');
    calls[1].answer.resolve('second');
    await settle();
    expect(hook.current).toMatchObject({ state: 'ready', data: 'second' });
    await hook.unmount();
  });

  it('asks again when the API token changes', async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
    const { load, calls } = controlled<string>();
    const hook = await mount(load);
    calls[0].answer.resolve('anonymous');
    await settle();
    await act(() => writeToken('a-token'));
    expect(calls).toHaveLength(2);
    expect(calls[0].signal.aborted).toBe(true);
    calls[1].answer.resolve('with the token');
    await settle();
    expect(hook.current).toMatchObject({ state: 'ready', data: 'with the token' });
    await hook.unmount();
  });

  it('is idle and asks nothing while the loader is null', async () => {
    const { load, calls } = controlled<string>();
    const hook = await mount<string>(null);
    expect(hook.current.state).toBe('idle');
    await hook.rerender({ load });
    expect(calls).toHaveLength(1);
    await hook.rerender({ load: null });
    expect(calls[0].signal.aborted).toBe(true);
    expect(hook.current.state).toBe('idle');
    await hook.unmount();
  });
});
