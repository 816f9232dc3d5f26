// Runs a hook in Node, without a DOM: a component that calls it and renders nothing, mounted by
// Preact into a stand-in container (a component rendering null creates no DOM nodes). Effects and
// re-renders are flushed by preact/test-utils' act().
import { h, render } from 'preact';
import { act } from 'preact/test-utils';

export interface RenderedHook<Props, Result> {
  /** What the hook returned on its latest render. */
  readonly current: Result;
  /** Renders again with new props. */
  rerender(props: Props): Promise<void>;
  unmount(): Promise<void>;
}

/** Lets pending promise callbacks run, then flushes the renders and effects they caused. */
export function settle(): Promise<void> {
  return act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

export async function renderHook<Props, Result>(
  hook: (props: Props) => Result,
  props: Props,
): Promise<RenderedHook<Props, Result>> {
  const container = { nodeType: 1, firstChild: null, childNodes: [] } as unknown as Element;
  const results: Result[] = [];
  function Probe(probeProps: { props: Props }) {
    results.push(hook(probeProps.props));
    return null;
  }
  await act(() => render(h(Probe, { props }), container));
  return {
    get current() {
      return results[results.length - 1];
    },
    rerender: (next) => act(() => render(h(Probe, { props: next }), container)),
    unmount: () => act(() => render(null, container)),
  };
}

/** A promise settled from outside, to decide when (and in which order) answers arrive. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}
