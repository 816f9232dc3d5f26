// What every request passes before a route runs: the request id header, the methods each path
// answers, no body but on an upload or a batch question, not while shutting down, no data while the backend fails,
// a body within the server's body budget (body-budget.ts), and the page size's text.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { checkPageSizeTexts } from '../../../query/pagination.js';
import { BodyBudget, STREAMED_BODY_BYTES } from '../../body-budget.js';
import { sendProblem } from '../../errors.js';
import { allowedMethods, DOCUMENTS_PATH, isDataPath, takesBody } from '../../paths.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route buffers its whole body in memory before it runs (the batch questions): budgeted. */
    buffersBody?: boolean;
  }
  interface FastifyInstance {
    /** Bytes of bodies reserved by requests still under way (see body-budget.ts). */
    bodyBudget: BodyBudget;
  }
}

export interface RequestGuardOptions {
  /** True once shutdown began: new requests are refused while responses under way finish. */
  isDraining?: () => boolean;
}

/** Seconds a request refused for the body budget is told to wait: bodies normally arrive in milliseconds. */
const BODY_BUDGET_RETRY_AFTER_SECONDS = 1;

/** True when the request announces a body (only an upload reads one). */
function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}

/** The announced body length; undefined for a chunked body (Node's parser refuses a malformed one). */
function announcedLength(request: FastifyRequest): number | undefined {
  const length = request.headers['content-length'];
  return length === undefined ? undefined : Number(length);
}

/**
 * The bytes a request with a body reserves, or the 413 answer: a buffered body (a batch question)
 * its Content-Length (the route's whole limit for a chunked body), refused when it announces more
 * than the route takes; a streamed one (an upload) STREAMED_BODY_BYTES; none elsewhere.
 */
function bytesToReserve(request: FastifyRequest, reply: FastifyReply): number | FastifyReply {
  if (request.routeOptions.config.buffersBody !== true)
    return request.method === 'POST' && request.routeOptions.url === DOCUMENTS_PATH ? STREAMED_BODY_BYTES : 0;
  const limit = request.routeOptions.bodyLimit ?? 0;
  const announced = announcedLength(request);
  if (announced === undefined) return limit;
  if (announced <= limit) return announced;
  void reply.header('connection', 'close');
  return sendProblem(
    reply,
    'SG_PAYLOAD_TOO_LARGE',
    `the body announces ${announced} bytes; this route takes at most ${limit} (1 KiB per input --max-batch-inputs allows, plus 64 KiB)`,
  );
}

/**
 * Reserves what the request's body may hold in memory until its response closes, or answers 503
 * with Retry-After when the budget is already held (or 413, see bytesToReserve). Refused before a
 * byte of the body is read, and the connection closes so the rest is not waited for.
 */
function reserveBody(budget: BodyBudget, request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  const bytes = bytesToReserve(request, reply);
  if (typeof bytes !== 'number') return bytes;
  if (bytes === 0) return undefined;
  if (!budget.tryReserve(bytes)) {
    void reply.header('connection', 'close');
    void reply.header('retry-after', String(BODY_BUDGET_RETRY_AFTER_SECONDS));
    return sendProblem(
      reply,
      'SG_OVERLOADED',
      `the server already holds ${budget.limitBytes} bytes of request bodies still arriving (--body-budget); retry after the time in Retry-After`,
    );
  }
  // 'close' follows the response whether it was written, refused or cut by the client.
  reply.raw.once('close', () => budget.release(bytes));
  return undefined;
}

export default fp<RequestGuardOptions>(
  (app, options, done) => {
    const service = app.indexService;
    const budget = new BodyBudget(app.batchOptions.bodyBudgetBytes);
    app.decorate('bodyBudget', budget);
    app.addHook('onRequest', async (request, reply) => {
      void reply.header('x-request-id', request.id);
      // Bodies are read only by an upload (POST /v0/documents, which streams its own). Any other
      // request that announces one is answered before a byte of it is buffered, and the
      // connection closes so the rest is not waited for.
      const bodyPending = hasBody(request.headers) && !takesBody(request.method, request.url);
      if (bodyPending) void reply.header('connection', 'close');
      const allowed = allowedMethods(request.url);
      if (!allowed.includes(request.method)) {
        void reply.header('allow', allowed.join(', '));
        return sendProblem(
          reply,
          'SG_METHOD_NOT_ALLOWED',
          `${request.method} is not allowed here; this path ${allowed.length === 2 ? 'is read-only' : 'answers'} (${allowed.join(', ')})`,
        );
      }
      if (bodyPending) return sendProblem(reply, 'SG_PAYLOAD_TOO_LARGE', 'this request takes no body');
      if (options.isDraining?.()) {
        void reply.header('connection', 'close');
        return sendProblem(reply, 'SG_NOT_READY', 'the server is shutting down');
      }
      // Answers come from the in-memory index, so a database failure never surfaces inside a
      // request; it surfaces as a failed refresh. While the store is known to be failing the index
      // may be missing what other processes committed, so data requests get 502 instead of
      // possibly stale answers. Liveness, readiness and the API description keep answering.
      if (!service.backendHealthy && isDataPath(request.url)) {
        return sendProblem(reply, 'SG_BACKEND_UNAVAILABLE', 'the data backend is unavailable; try again later');
      }
      if (hasBody(request.headers)) return reserveBody(budget, request, reply);
      return undefined;
    });
    // PageSize is checked on its text, before schema coercion would accept "0x10" or "1e2", on the
    // routes that page (others refuse it as a parameter they do not take: declared-query.ts).
    // A throw here reaches the error handler: Fastify catches it from a callback-style hook.
    app.addHook('preValidation', (request, _reply, hookDone) => {
      const query = request.routeOptions.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
      if (query?.properties?.PageSize !== undefined) {
        checkPageSizeTexts(request.query as Record<string, unknown>, app.pageLimits);
      }
      hookDone();
    });
    done();
  },
  { name: 'request-guards', dependencies: ['api-context'] },
);
