// The API token the user typed: kept in this tab's session storage (never in a URL, never in
// local storage), sent as a Bearer header on every API call.
const KEY = 'supplygraph.token';
const listeners = new Set<() => void>();

export function readToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null; // storage disabled: no token
  }
}

export function writeToken(token: string | null): void {
  const value = token?.trim() ?? '';
  if (value === '') sessionStorage.removeItem(KEY);
  else sessionStorage.setItem(KEY, value);
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the token changes; returns the unsubscribe function. */
export function onTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
