// How a page says it is waiting, or that the API refused: the problem's detail, and for 401/403
// a pointer to the token field.
import type { ComponentChildren } from 'preact';
import type { ApiError } from '../api/errors';
import type { Resource } from '../api/use-load';

export function Loading({ what }: { what: string }) {
  return (
    <p class="loading" role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}

export function Failure({ error, what }: { error: ApiError; what: string }) {
  const needsToken = error.status === 401 || error.status === 403;
  return (
    <div class="failure" role="alert">
      <p>
        Could not load {what}: {error.detail}
        {error.code ? <code class="code">{error.code}</code> : null}
      </p>
      {needsToken ? (
        <p>This server needs an API token for this: enter one with the “Token” button at the top of the page.</p>
      ) : null}
    </div>
  );
}

/** Renders `children(data)` once the resource is ready; the loading and failure states otherwise. */
export function Show<T>({
  resource,
  what,
  children,
}: {
  resource: Resource<T>;
  what: string;
  children: (data: T) => ComponentChildren;
}) {
  if (resource.state === 'loading') return <Loading what={what} />;
  if (resource.state === 'failed') return <Failure error={resource.error} what={what} />;
  return <>{children(resource.data)}</>;
}
