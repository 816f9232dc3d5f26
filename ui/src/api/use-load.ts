// The one way the UI loads data: a hook that runs an async load keyed by its inputs. The load is
// a function the caller keeps stable with useCallback (or useMemo) over what it reads, so a new
// function is a new question: the old one is aborted, and its late answer ignored. The question
// is asked again on reload() and when the API token changes; unmounting aborts it.
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { toApiError, type ApiError } from './errors';
import { onTokenChange } from './token';

/** Asks one question; should stop (reject) when `signal` aborts. */
export type Loader<T> = (signal: AbortSignal) => Promise<T>;

export type Resource<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; error: ApiError };
/** No question to ask (the loader is null). */
export interface Idle {
  state: 'idle';
}
export type Loaded<T> = Resource<T> & { reload: () => void };
export type MaybeLoaded<T> = (Resource<T> | Idle) & { reload: () => void };

/** An answer, with the question (loader and run) it answers. */
interface Settled<T> {
  load: Loader<T>;
  run: number;
  outcome: Resource<T>;
}

const LOADING = { state: 'loading' } as const;
const IDLE = { state: 'idle' } as const;

/**
 * The state of `load`'s answer: loading (also right after the inputs change, never the old
 * answer), ready with its data, or failed with an ApiError (toApiError); idle when `load` is null.
 * The result keeps its identity until the state changes, so effects may depend on it.
 */
export function useLoad<T>(load: Loader<T>): Loaded<T>;
export function useLoad<T>(load: Loader<T> | null): MaybeLoaded<T>;
export function useLoad<T>(load: Loader<T> | null): MaybeLoaded<T> {
  const [run, setRun] = useState(0);
  const reload = useCallback(() => setRun((n) => n + 1), []);
  // A new token may see other data (or be allowed to see it at all).
  useEffect(() => onTokenChange(reload), [reload]);

  const [settled, setSettled] = useState<Settled<T> | null>(null);
  useEffect(() => {
    if (load === null) return;
    const controller = new AbortController();
    const settle = (outcome: Resource<T>) => {
      if (!controller.signal.aborted) setSettled({ load, run, outcome });
    };
    load(controller.signal).then(
      (data) => settle({ state: 'ready', data }),
      (err: unknown) => settle({ state: 'failed', error: toApiError(err) }),
    );
    return () => controller.abort();
  }, [load, run]);

  const current = settled !== null && settled.load === load && settled.run === run ? settled.outcome : LOADING;
  const outcome = load === null ? IDLE : current;
  return useMemo(() => ({ ...outcome, reload }), [outcome, reload]);
}
