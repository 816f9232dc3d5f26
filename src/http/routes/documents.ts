// /v0/documents: list, show and delete the stored documents (docs/api.md, "Documents"); the
// upload is routes/document-upload.ts. Answers are composed by query/documents.ts from the
// document catalogue.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { validatePageSize } from '../../query/pagination.js';
import { documentDigest, documentPage, documentWithSkips } from '../../query/documents.js';
import { ProblemError } from '../errors.js';
import { pageRequestOf } from '../paging.js';
import { DOCUMENTS_PATH } from '../paths.js';
import {
  DocumentDetailSchema,
  DocumentListQuerySchema,
  DocumentListSchema,
  DocumentParamsSchema,
  documentSummary,
  type DocumentList,
} from '../schemas/documents.js';
import { jsonResponse, problemResponses, requestErrors } from '../schemas/responses.js';
import { deleteDocumentOffThread } from '../delete/delete-document.js';
import uploadRoute from './document-upload.js';

const noBody = (description: string) => ({ description, type: 'null' }) as const;
const digestResponses = { ...requestErrors, ...problemResponses(400, 401, 404, 429, 502) };

const listRoute: FastifyPluginAsyncTypebox = (app) => {
  const schema = {
    operationId: 'listDocuments',
    summary: 'Stored documents, newest first, optionally of one format or about one subject',
    tags: ['documents'],
    querystring: DocumentListQuerySchema,
    response: {
      200: jsonResponse('One page of documents', DocumentListSchema),
      ...requestErrors,
      ...problemResponses(400, 401, 429, 502),
    },
  };
  app.get(DOCUMENTS_PATH, { config: { access: 'read' }, schema }, async (request) => {
    const { format, subject } = request.query;
    const filters = { ...(format === undefined ? {} : { format }), ...(subject === undefined ? {} : { subject }) };
    const page = pageRequestOf(request.query);
    validatePageSize(page.pageSize, app.pageLimits);
    const size = page.pageSize ?? app.pageLimits.listCap;
    const { documents, total, nextCursor } = await documentPage(app.ports.documents, filters, size, page.cursor);
    const body: DocumentList = { PaginationInfo: { TotalCount: total }, documents: documents.map(documentSummary) };
    if (nextCursor !== undefined) body.PaginationInfo.NextCursor = nextCursor;
    return body;
  });
  return Promise.resolve();
};

const showRoute: FastifyPluginAsyncTypebox = (app) => {
  const schema = {
    operationId: 'getDocument',
    summary: 'One stored document, with what ingest left out of it',
    tags: ['documents'],
    params: DocumentParamsSchema,
    response: { 200: jsonResponse('The document', DocumentDetailSchema), ...digestResponses },
  };
  app.get(`${DOCUMENTS_PATH}/:digest`, { config: { access: 'read' }, schema }, async (request) => {
    const { document, skipped } = await documentWithSkips(app.ports.documents, documentDigest(request.params.digest));
    return { ...documentSummary(document), skipped };
  });
  return Promise.resolve();
};

const deleteRoute: FastifyPluginAsyncTypebox = (app) => {
  const schema = {
    operationId: 'deleteDocument',
    summary: 'Delete a document: the graph becomes as if it had never been ingested',
    tags: ['documents'],
    params: DocumentParamsSchema,
    response: {
      204: noBody('Deleted; every answer is now computed without it'),
      ...digestResponses,
      ...problemResponses(403),
    },
  };
  app.delete(`${DOCUMENTS_PATH}/:digest`, { config: { access: 'admin' }, schema }, async (request, reply) => {
    const digest = documentDigest(request.params.digest);
    const deleted = await deleteDocumentOffThread(app.ports.writes, digest);
    await app.audit(request, { action: 'document.delete', digest, result: deleted ? 'deleted' : 'not-found' });
    if (!deleted) throw new ProblemError('SG_DOCUMENT_NOT_FOUND', `no document has the digest ${digest}`);
    await app.indexService.refresh();
    return reply.code(204).send(null);
  });
  return Promise.resolve();
};

const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(uploadRoute);
  await app.register(listRoute);
  await app.register(showRoute);
  await app.register(deleteRoute);
};

export default documentRoutes;
