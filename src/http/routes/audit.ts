// /v0/audit: the audit log (writes and refused requests), newest first, for admin tokens. Read
// from the store on each request, never cached: it changes with every write.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { validatePageSize } from '../../query/pagination.js';
import { ProblemError } from '../errors.js';
import { StoreError } from '../../store/types.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../query/cursor.js';
import { pageRequestOf } from '../paging.js';
import { auditEventView, AuditListSchema, type AuditList } from '../schemas/audit.js';
import { PaginationQuerySchema } from '../schemas/pagination.js';
import { dataRouteErrors, JSON_MEDIA_TYPE, problemResponses } from '../schemas/responses.js';

const CURSOR_LIST = 'audit';

const auditRoutes: FastifyPluginAsyncTypebox = (app) => {
  app.get(
    '/v0/audit',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listAuditEvents',
        summary: 'The audit log: uploads, deletions, token changes and refused requests, newest first',
        tags: ['access'],
        security: [{ bearerAuth: [] }],
        querystring: PaginationQuerySchema,
        response: {
          200: {
            description: 'Audit events, newest first, one page',
            content: { [JSON_MEDIA_TYPE]: { schema: AuditListSchema } },
          },
          ...dataRouteErrors,
          ...problemResponses(401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { pageSize, cursor } = pageRequestOf(request.query);
      validatePageSize(pageSize, app.pageLimits);
      const limit = pageSize ?? app.pageLimits.listCap;
      const beforeId = cursor === undefined ? undefined : decodeKeysetCursor(CURSOR_LIST, cursor);
      let listed;
      try {
        // One more than the page: whether more remain without a second query.
        listed = await app.indexService.store.listAudit({ beforeId, limit: limit + 1 });
      } catch (err) {
        if (!(err instanceof StoreError)) throw err; // a bug answers 500, not "unavailable"
        request.log.error({ err }, 'cannot read the audit log');
        app.metrics.storeError();
        throw new ProblemError(
          'SG_BACKEND_UNAVAILABLE',
          'the audit log cannot be read: the data backend is unavailable',
        );
      }
      const events = listed.events.slice(0, limit);
      const last = events.at(-1);
      const body: AuditList = {
        PaginationInfo:
          listed.events.length > limit && last
            ? { TotalCount: listed.total, NextCursor: encodeKeysetCursor(CURSOR_LIST, last.id) }
            : { TotalCount: listed.total },
        events: events.map(auditEventView),
      };
      void reply.header('cache-control', 'no-store');
      return body;
    },
  );
  return Promise.resolve();
};

export default auditRoutes;
