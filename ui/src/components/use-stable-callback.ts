// A callback prop an effect calls, without the effect re-running whenever the parent passes a new
// closure (most do, on every render): a function of constant identity that calls the latest one.
import { useCallback, useRef } from 'preact/hooks';

export function useStableCallback<Args extends unknown[], Result>(
  callback: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(callback);
  latest.current = callback;
  return useCallback((...args: Args) => latest.current(...args), []);
}
