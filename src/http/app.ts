// The API as a Fastify instance, in layers: external plugins (server limits, OpenAPI and the docs
// page, load shedding), then app plugins (the index service, the response cache and the readiness
// probe as decorators, request guards, error mapping), then the routes, which use the decorators.
// server.ts only listens and shuts down; tests build the same app.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { handleError } from './errors.js';
import { AccessLogController } from './request-log.js';
import { DEFAULTS } from '../config/settings.js';
import type { TrustProxy } from '../config/values.js';
import { fastifyTrustProxy } from './trust-proxy.js';
import { answerClientError, DEFAULT_HTTP_LIMITS, type HttpLimits } from './limits.js';
import access from './plugins/app/access.js';
import apiContext, { type ApiContext } from './plugins/app/api-context.js';
import errorHandler from './plugins/app/error-handler.js';
import declaredQuery from './plugins/app/declared-query.js';
import hostCheck from './plugins/app/host-check.js';
import metrics from './plugins/app/metrics.js';
import readiness from './plugins/app/readiness.js';
import requestGuards from './plugins/app/request-guards.js';
import responseCache from './plugins/app/response-cache.js';
import securityHeaders, { NOSNIFF } from './plugins/app/security-headers.js';
import compression from './plugins/external/compress.js';
import cors from './plugins/external/cors.js';
import serverLimits from './plugins/external/server-limits.js';
import swagger from './plugins/external/swagger.js';
import loadShedding from './plugins/external/under-pressure.js';
import analysisRoutes from './routes/analysis.js';
import artifactRoutes from './routes/artifacts.js';
import auditRoutes from './routes/audit.js';
import diffRoutes from './routes/diff.js';
import documentRoutes from './routes/documents.js';
import metricsRoute from './routes/metrics.js';
import openApiRoute from './routes/openapi.js';
import operationRoutes from './routes/operations.js';
import packageRoutes from './routes/packages.js';
import pathRoutes from './routes/paths.js';
import projectRoutes from './routes/projects.js';
import findingRoutes from './routes/findings.js';
import policyRoutes from './routes/policies.js';
import exploitationRoutes from './routes/exploitation.js';
import feedRoutes from './routes/feeds.js';
import feeds from './plugins/app/feeds.js';
import verdictRoutes from './routes/verdicts.js';
import searchRoutes from './routes/search.js';
import statsRoutes from './routes/stats.js';
import queryRoutes from './routes/query.js';
import uiRoutes from './routes/ui.js';
import vulnRoutes from './routes/vulns.js';
import { PaginationInfoSchema } from './schemas/pagination.js';
import { ProblemSchema } from './schemas/problem.js';

export type { ApiContext } from './plugins/app/api-context.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export interface AppOptions {
  logger?: FastifyBaseLogger;
  limits?: HttpLimits;
  /** True once shutdown began: new requests are refused while responses under way finish. */
  isDraining?: () => boolean;
  /** Host names accepted besides the loopback ones; undefined: any (see host-check.ts). */
  allowedHosts?: readonly string[];
}

/** The Fastify instance with the options only its constructor takes (limits, ids, framework errors, proxies). */
function createInstance(options: AppOptions, limits: HttpLimits, trustProxy: TrustProxy | undefined) {
  return Fastify({
    // request.ip is the client's when a trusted reverse proxy forwards it (see trust-proxy.ts).
    trustProxy: fastifyTrustProxy(trustProxy),
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // One access-log line per request instead of Fastify's two (see request-log.ts).
    logController: new AccessLogController(),
    // A purl can be as long as the request line allows; find-my-way's default of 100 characters
    // is too short, and a shorter limit than the line's would send long purls elsewhere.
    routerOptions: { maxParamLength: limits.maxHeaderSize, ignoreTrailingSlash: true },
    // Node enforces the request and headers timeouts on a periodic sweep (30 s by default).
    // A request without Host reaches the app, which answers it as a problem document (host-check.ts)
    // rather than Node's bare 400.
    http: { maxHeaderSize: limits.maxHeaderSize, connectionsCheckingInterval: 1000, requireHostHeader: false },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Routes that read a body set their own limit (the batch questions; uploads stream); this
    // bounds what any other route could buffer.
    bodyLimit: 1024,
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, request, reply) => {
      // Raised before the onRequest hooks, which set this header on every other answer.
      void reply.header(...NOSNIFF);
      handleError(error, request, reply);
    },
    // The id comes from genReqId alone: Fastify's requestIdHeader would take any client value as is.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, allErrors: false } },
    // Answers are written by the serializer compiled from each route's response schema. Its
    // per-item loop is slower than JSON.stringify for long lists on Node 20 (1.2–1.8× on purl lists
    // of 2,000–10,000, 3× on the 83,000-entry ranking; measured on the size-L benchmark answers):
    // the items of an array longer than this are written by JSON.stringify, while the objects around
    // them, and every shorter array, follow the schema.
    serializerOpts: { largeArrayMechanism: 'json-stringify', largeArraySize: 100 },
    // Shutdown refuses new requests itself (problem+json, see server.ts).
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>();
}

export async function buildApp(ctx: ApiContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const limits = options.limits ?? DEFAULT_HTTP_LIMITS;
  const app = createInstance(options, limits, ctx.access?.trustProxy);
  // Shared schemas: referenced by `$id` from the route schemas and named so in the OpenAPI document.
  app.addSchema(ProblemSchema);
  app.addSchema(PaginationInfoSchema);

  // External plugins. Load shedding comes before the request guards: its hook runs first.
  await app.register(serverLimits, { limits });
  await app.register(securityHeaders);
  // Before every route (compression attaches to the routes registered after it) and before the
  // hooks of the access and request guards (a CORS preflight is answered by its own hook).
  await app.register(compression, {
    thresholdBytes: ctx.compressThresholdBytes ?? DEFAULTS.compressThreshold,
  });
  await app.register(cors, { origins: ctx.corsOrigins ?? [] });
  await app.register(swagger);
  await app.register(loadShedding, { maxEventLoopDelayMs: limits.maxEventLoopDelayMs });

  // App plugins: decorators and hooks every route relies on.
  await app.register(apiContext, ctx);
  await app.register(metrics);
  await app.register(feeds, { feeds: ctx.feeds });
  await app.register(readiness);
  await app.register(responseCache);
  // Its check of the query comes before the page size's (request guards): an unknown parameter is named first.
  await app.register(declaredQuery);
  await app.register(requestGuards, { isDraining: options.isDraining });
  // After the guards (405, 413, shutdown come first), before the token check.
  await app.register(hostCheck, { allowedHosts: options.allowedHosts });
  // After the request guards: their answers (405, 413, shutdown, backend) come before 401/403/429.
  await app.register(access);
  await app.register(errorHandler);

  // Routes.
  await app.register(operationRoutes);
  await app.register(analysisRoutes);
  await app.register(packageRoutes);
  await app.register(artifactRoutes);
  await app.register(vulnRoutes);
  await app.register(pathRoutes);
  await app.register(diffRoutes);
  await app.register(searchRoutes);
  await app.register(statsRoutes);
  await app.register(queryRoutes);
  await app.register(auditRoutes);
  await app.register(documentRoutes);
  await app.register(projectRoutes);
  await app.register(findingRoutes);
  await app.register(policyRoutes);
  await app.register(verdictRoutes);
  await app.register(exploitationRoutes);
  await app.register(feedRoutes);
  await app.register(openApiRoute);
  await app.register(metricsRoute);
  await app.register(uiRoutes, { directory: ctx.uiDirectory });
  return app;
}
