// The service's metrics in the Prometheus text format (plugins/app/metrics.ts keeps them). Access
// follows reads (--read-access). A scraper is not throttled by the rate limit, and the answer is
// never taken from the response cache: it changes with every request.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { OPERATIONAL_PATHS } from '../paths.js';
import { METRICS_CONTENT_TYPE } from '../plugins/app/metrics.js';
import { problemResponses, requestErrors } from '../schemas/responses.js';

const metricsRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get(
    OPERATIONAL_PATHS.metrics,
    {
      config: { access: 'read', rateLimit: false },
      schema: {
        operationId: 'getMetrics',
        summary: 'Service metrics in the Prometheus text format (docs/api.md lists them)',
        tags: ['operations'],
        response: {
          200: {
            description: 'Prometheus text format, version 0.0.4',
            content: { 'text/plain': { schema: Type.String() } },
          },
          ...requestErrors,
          ...problemResponses(401),
        },
      },
    },
    async (_request, reply) => {
      const text = await app.renderMetrics();
      // Returning the reply tells Fastify the answer is under way (compression finishes it later).
      return reply.type(METRICS_CONTENT_TYPE).send(text);
    },
  );
  return Promise.resolve();
};

export default metricsRoute;
