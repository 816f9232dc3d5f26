// The API as a Fastify instance: plugins (OpenAPI, docs page), error mapping, routes.
// server.ts only listens and shuts down; tests build the same app.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { randomUUID } from 'node:crypto';
import type { ApiContext } from './context.js';
import { handleError, sendProblem } from './errors.js';
import { paginationInfoSchema, problemSchema } from './schemas/common.js';
import { swaggerOptions } from './schemas/openapi.js';
import { analysisRoutes } from './routes/analysis.js';
import { artifactRoutes } from './routes/artifacts.js';
import { healthRoutes } from './routes/health.js';
import { packageRoutes } from './routes/packages.js';

export const PUBLIC_PATHS = [
  '/healthz',
  '/readyz',
  '/analysis/dependencies',
  '/v0/package/:purl',
  '/v0/package/:purl/dependencies',
  '/v0/package/:purl/vulns',
  '/v0/package/*',
  '/v0/artifact/:digest/dependencies',
  '/v0/artifact/:digest/vulns',
  '/openapi.json',
];

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Paths answered from the graph (and so refused while the data backend is failing). */
function isDataPath(url: string): boolean {
  return url.startsWith('/v0/') || url.startsWith('/analysis/');
}

export async function buildApp(
  ctx: ApiContext,
  options: { logger?: FastifyBaseLogger } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // A purl can be long; find-my-way's default of 100 characters is too short.
    routerOptions: { maxParamLength: 4096, ignoreTrailingSlash: true },
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, allErrors: false } },
    return503OnClosing: true,
  });

  app.addSchema(problemSchema);
  app.addSchema(paginationInfoSchema);
  await app.register(swagger, swaggerOptions);
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true } });

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // Answers come from the in-memory index, so a database failure never surfaces inside a
    // request; it surfaces as a failed refresh. While the store is known to be failing the index
    // may be missing what other processes committed, so data requests get 502 instead of
    // possibly stale answers. Liveness, readiness and the API description keep answering.
    if (!ctx.service.backendHealthy && isDataPath(request.url)) {
      return sendProblem(reply, 'SG_BACKEND_UNAVAILABLE', 'the data backend is unavailable; try again later');
    }
    return undefined;
  });
  app.setErrorHandler((error, request, reply) => handleError(error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, 'SG_ROUTE_NOT_FOUND', `no resource at ${request.url.split('?')[0]}`),
  );

  healthRoutes(app, ctx);
  analysisRoutes(app, ctx);
  packageRoutes(app, ctx);
  artifactRoutes(app, ctx);
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());

  // Read-only API: every other method on a known path is 405 with the methods it allows.
  for (const url of PUBLIC_PATHS) {
    app.route({
      method: ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
      url,
      schema: { hide: true },
      handler: (request, reply) => {
        void reply.header('allow', 'GET, HEAD');
        return sendProblem(
          reply,
          'SG_METHOD_NOT_ALLOWED',
          `${request.method} is not allowed here; this API is read-only (GET, HEAD)`,
        );
      },
    });
  }
  return app;
}
