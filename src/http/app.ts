// The API as a Fastify instance: plugins (OpenAPI, docs page), error mapping, routes.
// server.ts only listens and shuts down; tests build the same app.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import underPressure from '@fastify/under-pressure';
import { randomUUID } from 'node:crypto';
import type { ApiContext } from './context.js';
import { handleError, ProblemError, sendProblem } from './errors.js';
import { answerClientError, applyServerLimits, DEFAULT_HTTP_LIMITS, type HttpLimits } from './limits.js';
import { checkPageSizeTexts } from '../query/pagination.js';
import { paginationInfoSchema, problemSchema } from './schemas/common.js';
import { swaggerOptions } from './schemas/openapi.js';
import { analysisRoutes } from './routes/analysis.js';
import { artifactRoutes } from './routes/artifacts.js';
import { healthRoutes } from './routes/health.js';
import { packageRoutes } from './routes/packages.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

const READ_METHODS = new Set(['GET', 'HEAD']);

/** True when the request announces a body (no route of this API reads one). */
function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}

export interface AppOptions {
  logger?: FastifyBaseLogger;
  limits?: HttpLimits;
  /** True once shutdown began: new requests are refused while responses under way finish. */
  isDraining?: () => boolean;
}

/** Paths answered from the graph (and so refused while the data backend is failing). */
function isDataPath(url: string): boolean {
  return url.startsWith('/v0/') || url.startsWith('/analysis/');
}

export async function buildApp(ctx: ApiContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const limits = options.limits ?? DEFAULT_HTTP_LIMITS;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // A purl can be as long as the request line allows; find-my-way's default of 100 characters
    // is too short, and a shorter limit than the line's would send long purls elsewhere.
    routerOptions: { maxParamLength: limits.maxHeaderSize, ignoreTrailingSlash: true },
    // Node enforces the request and headers timeouts on a periodic sweep (30 s by default).
    http: { maxHeaderSize: limits.maxHeaderSize, connectionsCheckingInterval: 1000 },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // No route reads a body (the onRequest hook answers before any would be read); this only
    // bounds what a route added later could buffer.
    bodyLimit: 1024,
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, request, reply) => {
      handleError(error, request, reply);
    },
    // The id comes from genReqId alone: Fastify's requestIdHeader would take any client value as is.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, allErrors: false } },
    // Shutdown refuses new requests itself (problem+json, see server.ts).
    return503OnClosing: false,
  });
  applyServerLimits(app.server, limits);

  app.addSchema(problemSchema);
  app.addSchema(paginationInfoSchema);
  await app.register(swagger, swaggerOptions);
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true } });

  if (limits.maxEventLoopDelayMs > 0) {
    const retryAfterSeconds = 5;
    const sampleInterval = 500;
    // Start-up work (schema compilation, the index load) lags the loop once; the samples that
    // cover it do not count, so the first requests are never shed for it.
    let shedFrom = Infinity;
    app.addHook('onReady', (done) => {
      shedFrom = Date.now() + 2 * sampleInterval;
      done();
    });
    await app.register(underPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      sampleInterval,
      // Liveness keeps answering under load: a busy process is not a dead one.
      pressureHandler: async (request, reply) => {
        if (request.url === '/healthz' || Date.now() < shedFrom) return;
        void reply.header('retry-after', String(retryAfterSeconds));
        throw new ProblemError('SG_OVERLOADED', 'the server is overloaded; retry after the time in Retry-After');
      },
    });
  }

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // Read-only API: bodies are never read. A request that announces one is answered before a
    // byte of it is buffered, and the connection closes so the rest is not waited for.
    const bodyPending = hasBody(request.headers);
    if (bodyPending) void reply.header('connection', 'close');
    if (!READ_METHODS.has(request.method)) {
      void reply.header('allow', 'GET, HEAD');
      return sendProblem(
        reply,
        'SG_METHOD_NOT_ALLOWED',
        `${request.method} is not allowed here; this API is read-only (GET, HEAD)`,
      );
    }
    if (bodyPending) return sendProblem(reply, 'SG_PAYLOAD_TOO_LARGE', 'this API takes no request body');
    if (options.isDraining?.()) {
      void reply.header('connection', 'close');
      return sendProblem(reply, 'SG_NOT_READY', 'the server is shutting down');
    }
    // Answers come from the in-memory index, so a database failure never surfaces inside a
    // request; it surfaces as a failed refresh. While the store is known to be failing the index
    // may be missing what other processes committed, so data requests get 502 instead of
    // possibly stale answers. Liveness, readiness and the API description keep answering.
    if (!ctx.service.backendHealthy && isDataPath(request.url)) {
      return sendProblem(reply, 'SG_BACKEND_UNAVAILABLE', 'the data backend is unavailable; try again later');
    }
    return undefined;
  });
  // PageSize is checked on its text, before schema coercion would accept "0x10" or "1e2", on the
  // routes that page (others, such as /healthz or the docs page, ignore it as any unknown parameter).
  // A throw here reaches the error handler: Fastify catches it from a callback-style hook.
  app.addHook('preValidation', (request, _reply, done) => {
    const query = request.routeOptions.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
    if (query?.properties?.PageSize !== undefined) {
      checkPageSizeTexts(request.query as Record<string, unknown>, ctx.limits);
    }
    done();
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

  return app;
}
