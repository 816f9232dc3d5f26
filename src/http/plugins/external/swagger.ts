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

export default fp(
  async (app) => {
    await app.register(swagger, swaggerOptions);
    await app.register(swaggerUi, {
      routePrefix: OPERATIONAL_PATHS.docsPage,
      uiConfig: { deepLinking: true },
      staticCSP: DOCS_CONTENT_SECURITY_POLICY,
    });
  },
  { name: 'swagger' },
);
