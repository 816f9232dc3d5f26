// The one client of the REST API: openapi-fetch typed by the OpenAPI document the server serves
// (ui/generated/api.d.ts, generated at build time). Every call carries the session's token.
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../generated/api';
import { toApiError } from './errors';
import { readToken } from './token';

export type Schemas = components['schemas'];
export type { paths };

const authorization: Middleware = {
  onRequest({ request }) {
    const token = readToken();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    return request;
  },
};

export const api = createClient<paths>({ baseUrl: window.location.origin });
api.use(authorization);

/**
 * The data of an openapi-fetch result, or an ApiError built from its problem details.
 * Usage: `unwrap(await api.GET('/v0/search', { params: { query: { q } }, signal }))`.
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  const { data, error, response } = result;
  if (response.ok && data !== undefined) return data;
  throw toApiError(error, response);
}

/** Every page of a list the API pages with a `Cursor` (`PaginationInfo.NextCursor`), up to `max` items. */
export async function allPages<Item>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: Item[]; next: string | undefined }>,
  max = 100_000,
): Promise<{ items: Item[]; truncated: boolean }> {
  const items: Item[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    cursor = page.next;
  } while (cursor !== undefined && items.length < max);
  return { items: items.slice(0, max), truncated: cursor !== undefined || items.length > max };
}
