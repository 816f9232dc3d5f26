// What every request passes before a route runs: the request id header, the read-only methods,
// no body, not while shutting down, no data while the backend fails, and the page size's text.
import fp from 'fastify-plugin';
import { checkPageSizeTexts } from '../../../query/pagination.js';
import { sendProblem } from '../../errors.js';
import { isDataPath } from '../../paths.js';

export interface RequestGuardOptions {
  /** True once shutdown began: new requests are refused while responses under way finish. */
  isDraining?: () => boolean;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** True when the request announces a body (no route of this API reads one). */
function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}

export default fp<RequestGuardOptions>(
  (app, options, done) => {
    const service = app.indexService;
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
