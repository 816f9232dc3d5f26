// The security each operation of the OpenAPI document states, derived from the access its route
// declares (`config.access`, enforced by plugins/app/access.ts), so the two cannot drift apart.
import type { FastifySchema } from 'fastify';

/** Bearer auth required: the audit log, uploads and deletes. */
const TOKEN_REQUIRED: Record<string, string[]>[] = [{ bearerAuth: [] }];
/**
 * Reads: no token (the empty requirement) when the server runs with reads open, a token under
 * `--read-access token` (the default off loopback). OpenAPI cannot say which applies.
 */
const TOKEN_OPTIONAL: Record<string, string[]>[] = [{}, { bearerAuth: [] }];

/** The access a route declares (`config.access`, see plugins/app/access.ts): "read" unless it says. */
function routeAccess(route: { config?: unknown }): string {
  const access = (route.config as { access?: unknown } | undefined)?.access;
  return typeof access === 'string' ? access : 'read';
}

/**
 * Each operation states the security its route enforces, from the route's declared access, so
 * the document cannot drift from the access hook: none for open routes, optional bearer for reads,
 * required bearer with the scope in `x-required-scope` for the rest.
 */
export function withRouteSecurity({
  schema,
  url,
  route,
}: {
  schema: FastifySchema;
  url: string;
  route: { config?: unknown };
}): {
  schema: FastifySchema;
  url: string;
} {
  // Routes without a schema (the docs page's own) are hidden from the document.
  if (schema === undefined || schema === null) return { schema, url };
  const access = routeAccess(route);
  const security = access === 'open' ? [] : access === 'read' ? TOKEN_OPTIONAL : TOKEN_REQUIRED;
  const scope = access === 'open' || access === 'read' ? {} : { 'x-required-scope': access };
  return { schema: { ...schema, security, ...scope }, url };
}
