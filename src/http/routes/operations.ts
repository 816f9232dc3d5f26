// Liveness (the process serves requests) and readiness (the index is loaded and the store answers).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sendProblem } from '../errors.js';
import { OPERATIONAL_PATHS } from '../paths.js';
import { READINESS_TIMEOUT_MS } from '../plugins/app/readiness.js';
import { LivenessSchema, ReadinessSchema, type Readiness } from '../schemas/operations.js';
import { requestErrors } from '../schemas/responses.js';

const operationRoutes: FastifyPluginAsyncTypebox = (app) => {
  app.get(
    OPERATIONAL_PATHS.liveness,
    {
      config: { access: 'open' },
      schema: {
        operationId: 'healthCheck',
        summary: 'Liveness: "Healthy" whenever the process serves requests',
        tags: ['operations'],
        security: [],
        response: {
          200: { description: 'The process serves requests', content: { 'text/plain': { schema: LivenessSchema } } },
          ...requestErrors,
        },
      },
    },
    (_request, reply) => {
      void reply.type('text/plain; charset=utf-8').send('Healthy');
    },
  );

  app.get(
    OPERATIONAL_PATHS.readiness,
    {
      config: { access: 'open' },
      schema: {
        operationId: 'readinessCheck',
        summary: 'Readiness: the graph is loaded and the store answers',
        tags: ['operations'],
        security: [],
        response: {
          200: {
            description: 'Ready to answer queries',
            content: { 'application/json': { schema: ReadinessSchema } },
          },
          ...requestErrors,
        },
      },
    },
    async (_request, reply) => {
      const service = app.indexService;
      const backend = await app.backendProbe.state();
      if (backend === 'down') return sendProblem(reply, 'SG_NOT_READY', 'the data backend does not answer');
      if (backend === 'timeout') {
        return sendProblem(
          reply,
          'SG_NOT_READY',
          `the data backend did not answer within ${READINESS_TIMEOUT_MS / 1000} s`,
        );
      }
      if (!service.isReady) return sendProblem(reply, 'SG_NOT_READY', 'the graph index is not loaded yet');
      // Busy is ready: the store answers and the index serves while it builds a large change in.
      const ready: Readiness = {
        status: service.busy ? 'busy' : 'ready',
        version: service.version,
        backend: app.ports.handle.backend,
      };
      return ready;
    },
  );
  return Promise.resolve();
};

export default operationRoutes;
