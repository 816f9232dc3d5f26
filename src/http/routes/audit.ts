// /v0/audit: the audit log (writes and refused requests), newest first, for admin tokens. Read
// from the store on each request, never cached: it changes with every write.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { validatePageSize } from '../../query/pagination.js';
import { auditPage } from '../../query/audit.js';
import { pageRequestOf } from '../paging.js';
import { auditEventView, AuditListSchema, type AuditList } from '../schemas/audit.js';
import { PaginationQuerySchema } from '../schemas/pagination.js';
import { dataRouteErrors, JSON_MEDIA_TYPE, problemResponses } from '../schemas/responses.js';

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
      // A store failure is 502 through the one error path (http/errors.ts), like every route's.
      const page = await auditPage(app.ports.access, pageSize ?? app.pageLimits.listCap, cursor);
      const body: AuditList = {
        PaginationInfo:
          page.nextCursor === undefined
            ? { TotalCount: page.total }
            : { TotalCount: page.total, NextCursor: page.nextCursor },
        events: page.events.map(auditEventView),
      };
      void reply.header('cache-control', 'no-store');
      return body;
    },
  );
  return Promise.resolve();
};

export default auditRoutes;
