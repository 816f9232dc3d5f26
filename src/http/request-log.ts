// The access log: one line per request at `info`, written when the answer is done, with the
// request (method, URL, host, client address), the status and the time taken. Fastify's own
// default writes two lines per request at `info` (on arrival and on completion): at the rates the
// service answers, the second line costs as much as a walk. The arrival line stays, at `debug`.
// Errors are logged as Fastify logs them.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class AccessLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
