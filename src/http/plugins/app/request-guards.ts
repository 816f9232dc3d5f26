// What every request passes before a route runs: the request id header, the methods each path
// answers, no body but on an upload or a batch question, not while shutting down, no data while the backend fails,
// and the page size's text.
import fp from 'fastify-plugin';
import { checkPageSizeTexts } from '../../../query/pagination.js';
import { sendProblem } from '../../errors.js';
import { allowedMethods, isDataPath, takesBody } from '../../paths.js';

export interface RequestGuardOptions {
  /** True once shutdown began: new requests are refused while responses under way finish. */
  isDraining?: () => boolean;
}

/** True when the request announces a body (only an upload reads one). */
function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}

export default fp<RequestGuardOptions>(
  (app, options, done) => {
    const service = app.indexService;
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
      return undefined;
    });
    // PageSize is checked on its text, before schema coercion would accept "0x10" or "1e2", on the
    // routes that page (others, such as liveness or the docs page, ignore it as any unknown parameter).
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
