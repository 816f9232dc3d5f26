// Every API route refuses a query parameter it does not declare, with 400 naming it and the ones
// the route takes (docs/api.md, "Query parameters"): an ignored parameter turns a typo
// (`includeDependency`) or a purl's unencoded qualifiers into a plausible answer to another
// question. The pages (the web UI and the docs page with their assets) take any query.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OPERATIONAL_PATHS } from '../../paths.js';
import { declaredQueryParameters, undeclaredQueryError, undeclaredQueryParameters } from '../../query-parameters.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The parameters this request may carry, when they depend on more than the route (the route
     * for unencoded purls takes what the resource it resolves to takes); else the querystring schema's.
     */
    queryParameters?: (request: FastifyRequest) => readonly string[];
    /** A sentence added to the 400 for undeclared parameters, or undefined (purl routes: purl-qualifier-hint.ts). */
    undeclaredQueryHint?: (request: FastifyRequest, undeclared: readonly string[]) => string | undefined;
  }
}

/** Routes serving pages rather than the API: the root redirect, the web UI, the docs page and its assets. */
function servesPages(url: string): boolean {
  const docs = OPERATIONAL_PATHS.docsPage;
  return url === '/' || url === '/ui' || url.startsWith('/ui/') || url === docs || url.startsWith(`${docs}/`);
}

export default fp(
  (app, _options, done) => {
    // Before validation: a request with a misspelled parameter is refused for it, whatever else it holds.
    app.addHook('preValidation', (request, reply, hookDone) => {
      const route = request.routeOptions;
      // No route: the 404 handler answers.
      if (route.url === undefined || servesPages(route.url)) return hookDone();
      const declared = route.config.queryParameters?.(request) ?? declaredQueryParameters(route.schema?.querystring);
      const undeclared = undeclaredQueryParameters(request.query, declared);
      if (undeclared.length === 0) return hookDone();
      // An upload's body is not read: the connection closes rather than waiting for it.
      if (!request.raw.complete) void reply.header('connection', 'close');
      const hint = route.config.undeclaredQueryHint?.(request, undeclared);
      hookDone(undeclaredQueryError(undeclared, declared, hint));
    });
    done();
  },
  { name: 'declared-query' },
);
