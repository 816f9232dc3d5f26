// Loading state for one API question, re-asked when its key changes (and when the token does);
// a superseded question is aborted.
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from './client';
import { onTokenChange } from './token';

export type Resource<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; error: ApiError };

export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [resource, setResource] = useState<Resource<T>>({ state: 'loading' });
  const [tokenEpoch, setTokenEpoch] = useState(0);
  useEffect(() => onTokenChange(() => setTokenEpoch((n) => n + 1)), []);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setResource({ state: 'loading' });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResource({ state: 'ready', data });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const error = err instanceof ApiError ? err : new ApiError(0, undefined, String(err));
        setResource({ state: 'failed', error });
      },
    );
    return () => controller.abort();
    // `load` is a new closure on every render; the key says when the question changed.
  }, [key, tokenEpoch]);
  return resource;
}
