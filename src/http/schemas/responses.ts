// The response entries of route schemas: the 200 answer with its headers, 304, and the problem
// answers. Fastify compiles them into serializers; the OpenAPI document replaces the shared ones
// with references (openapi.ts).
import { Type, type TSchema } from 'typebox';
import { SHARED_RESPONSES, type SharedStatus } from './openapi.js';
import { ProblemSchema } from './problem.js';
import { RefTo } from './typebox.js';

/** Where a route's answers go: JSON bodies only (problem documents have their own media type). */
export const JSON_MEDIA_TYPE = 'application/json';

/**
 * Route responses for error statuses: problem+json bodies (Fastify serializes them with the
 * Problem schema). The OpenAPI document replaces each with a reference to the shared response
 * of its status (openapi.ts), which holds the description and headers.
 */
export function problemResponses(...statuses: SharedStatus[]): Record<string, unknown> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: SHARED_RESPONSES[status].description,
        content: { 'application/problem+json': { schema: RefTo(ProblemSchema) } },
      },
    ]),
  );
}

/**
 * `If-None-Match` matched the current ETag: no body. Plain JSON Schema rather than `Type.Null`:
 * the type provider would take a TypeBox schema here as the type every handler must return,
 * while the handlers answer through the reply.
 */
export const notModifiedResponse = { 304: { description: SHARED_RESPONSES[304].description, type: 'null' } } as const;

/** Errors any path can answer before a route runs: method, request limits, shutdown, overload. */
export const requestErrors = problemResponses(405, 408, 413, 414, 431, 500, 503);

/**
 * Errors every data route (see paths.ts) can answer besides its own 404 (and 504): 401 under
 * `--read-access token` or for a bad token, 429 past the rate limit.
 */
export const dataRouteErrors = { ...requestErrors, ...problemResponses(400, 401, 429, 502) };

/** A JSON answer of `schema`, with these headers when given. */
export function jsonResponse(description: string, schema: object, headers?: Record<string, object>): object {
  return { description, ...(headers ? { headers } : {}), content: { [JSON_MEDIA_TYPE]: { schema } } };
}

/** A 200 answer from the graph: JSON, with the version ETag and, for bare arrays, the paging headers. */
export function okResponse(description: string, schema: TSchema, paging: 'body' | 'headers'): Record<string, unknown> {
  const headers: Record<string, TSchema> = { ETag: Type.String() };
  if (paging === 'headers') Object.assign(headers, { 'X-Total-Count': Type.Integer(), Link: Type.String() });
  return { 200: jsonResponse(description, schema, headers) };
}
