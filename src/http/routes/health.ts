// /healthz (the process serves requests) and /readyz (the index is loaded and the store answers).
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.js';
import { sendProblem } from '../errors.js';
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
        summary: 'Liveness: "Healthy" whenever the process serves requests',
        tags: ['operations'],
        response: { 200: { type: 'string' } },
      },
    },
    (_request, reply) => reply.type('text/plain; charset=utf-8').send('Healthy'),
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness: the graph is loaded and the store answers',
        tags: ['operations'],
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'string' }, version: { type: 'integer' }, backend: { type: 'string' } },
          },
          503: { $ref: 'Problem#' },
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
