// /healthz (the process serves requests) and /readyz (the index is loaded and the store answers).
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.js';
import { sendProblem } from '../errors.js';
import { requestErrors } from '../schemas/common.js';
import { BackendProbe, READINESS_TIMEOUT_MS } from '../readiness.js';

export function healthRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const probe = new BackendProbe(
    () => ctx.service.store.ping(),
    () => ctx.service.lastContactAt,
  );
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'healthCheck',
        summary: 'Liveness: "Healthy" whenever the process serves requests',
        tags: ['operations'],
        response: {
          200: {
            description: 'The process serves requests',
            content: { 'text/plain': { schema: { type: 'string', enum: ['Healthy'] } } },
          },
          ...requestErrors,
        },
      },
    },
    (_request, reply) => reply.type('text/plain; charset=utf-8').send('Healthy'),
  );

  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'readinessCheck',
        summary: 'Readiness: the graph is loaded and the store answers',
        tags: ['operations'],
        response: {
          200: {
            description: 'Ready to answer queries',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    status: { type: 'string', enum: ['ready'] },
                    version: { type: 'integer', minimum: 0, description: 'Documents the index has loaded.' },
                    backend: { type: 'string', enum: ['sqlite', 'postgres'] },
                  },
                  required: ['status', 'version', 'backend'],
                },
              },
            },
          },
          ...requestErrors,
        },
      },
    },
    async (_request, reply) => {
      const backend = await probe.state();
      if (backend === 'down') return sendProblem(reply, 'SG_NOT_READY', 'the data backend does not answer');
      if (backend === 'timeout') {
        return sendProblem(
          reply,
          'SG_NOT_READY',
          `the data backend did not answer within ${READINESS_TIMEOUT_MS / 1000} s`,
        );
      }
      if (!ctx.service.isReady) return sendProblem(reply, 'SG_NOT_READY', 'the graph index is not loaded yet');
      return { status: 'ready', version: ctx.service.version, backend: ctx.service.store.backend };
    },
  );
}
