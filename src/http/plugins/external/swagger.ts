// The OpenAPI document, built from the route schemas (routes/openapi.ts serves it), and the docs page.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { OPERATIONAL_PATHS } from '../../paths.js';
import { swaggerOptions } from '../../schemas/openapi.js';

/**
 * The docs page's Content-Security-Policy: its scripts, styles and images come from the server
 * itself (the page has no inline script; Swagger UI sets inline styles), it fetches the document
 * and "Try it out" answers from the same origin, and no other site may frame it. The plugin's own
 * policy (`staticCSP: true`) adds upgrade-insecure-requests, which breaks the page on plain http.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
].join('; ');

/**
 * The document the docs page loads (`/docs/json`): the OpenAPI document with this server as its
 * only server, a relative URL, so "Try it out" asks the server that served the page, whatever
 * host and port it is reached at (the page's CSP allows no other: `connect-src 'self'`).
 * `/openapi.json` keeps the `{host}:{port}` template for clients generated from it.
 */
export function docsPageDocument(document: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return { ...document, servers: [{ url: '/', description: 'This server: the one that serves this page.' }] };
}

export default fp(
  async (app) => {
    await app.register(swagger, swaggerOptions);
    // Its own scope, so that only its routes (the page, its assets, /docs/json and /docs/yaml) are
    // declared open: they describe the API and hold no data (docs/api.md, "Access and tokens").
    await app.register(async (docs) => {
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'open' };
      });
      await docs.register(swaggerUi, {
        routePrefix: OPERATIONAL_PATHS.docsPage,
        uiConfig: {
          deepLinking: true,
          // The token typed into "Authorize" lives in the page's memory only (a reload asks again):
          // Swagger UI can keep it only in localStorage, which outlives the tab (docs/api.md).
          persistAuthorization: false,
        },
        staticCSP: DOCS_CONTENT_SECURITY_POLICY,
        transformSpecification: (document) => docsPageDocument(document),
      });
    });
  },
  { name: 'swagger' },
);
