// /v0/documents: upload a document (or a zip archive of documents), list, show and delete them
// (docs/api.md, "Documents"). Uploads stream to a temporary file and go through the ingest pipeline exactly as
// the CLI's ingest; the list and the documents themselves come from the store.
import type {} from '@fastify/compress'; // the route option `decompress`, when compression is registered
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { validatePageSize } from '../../query/pagination.js';
import type { ErrorCode } from '../error-catalogue.js';
import { ProblemError, sendProblem } from '../errors.js';
import { pageRequestOf } from '../paging.js';
import { DOCUMENTS_PATH } from '../paths.js';
import {
  ArchiveOutcomeSchema,
  DocumentDetailSchema,
  DocumentListQuerySchema,
  DocumentListSchema,
  DocumentOutcomeSchema,
  DocumentParamsSchema,
  UploadQuerySchema,
  documentSummary,
  type DocumentList,
} from '../schemas/documents.js';
import { JSON_MEDIA_TYPE, problemResponses, requestErrors } from '../schemas/responses.js';
import { documentDigest, documentPage, documentWithSkips } from '../../query/documents.js';
import { ingestUpload, type UploadOutcome } from '../upload/ingest-upload.js';
import { bodyCodingOf, unsupportedContentHint } from '../upload/media-types.js';
import { sweepUploadLeftovers, tooLarge, withUploadedFile } from '../upload/receive.js';

function json(description: string, schema: object, headers: Record<string, object> = {}): object {
  return { description, headers, content: { [JSON_MEDIA_TYPE]: { schema } } };
}

const UploadAnswerSchema = Type.Union([DocumentOutcomeSchema, ArchiveOutcomeSchema]);
const noBody = (description: string) => ({ description, type: 'null' }) as const;

/** Status of an upload's answer: 201 when something new was stored, 422 when an archive entry failed. */
function statusOf(outcome: Exclude<UploadOutcome, { kind: 'rejected' }>): number {
  if (outcome.kind === 'document') return outcome.result.status === 'stored' ? 201 : 200;
  if (outcome.results.some((r) => r.status === 'failed')) return 422;
  return outcome.results.some((r) => r.status === 'stored') ? 201 : 200;
}

/** The audit result of an upload refused before it was parsed. */
const REFUSALS: Partial<Record<ErrorCode, string>> = {
  SG_PAYLOAD_TOO_LARGE: 'too-large',
  SG_UNSUPPORTED_MEDIA_TYPE: 'unsupported',
};

const documentRoutes: FastifyPluginAsyncTypebox = (app) => {
  // The upload route reads its body itself, as a stream (Fastify's parsers would buffer it whole
  // under the 1 KiB bodyLimit of every other route). Parsers registered here apply to this
  // plugin's routes only; the media type is checked by the route (media-types.ts).
  // Bodies that earlier processes, killed mid-upload, left in the temporary directory
  // (docs/reliability.md, "Upload leftovers"); never a reason not to start.
  app.addHook('onReady', async () => {
    const removed = await sweepUploadLeftovers().catch((err: unknown) => {
      app.log.warn({ err }, 'cannot remove the upload leftovers of earlier processes');
      return [];
    });
    if (removed.length) app.log.info({ removed }, 'removed the upload leftovers of processes no longer running');
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    done(null, payload);
  });

  /** Audit and metrics of one upload, per stored document or archive entry. */
  async function record(request: FastifyRequest, digest: string | null, result: string): Promise<void> {
    app.metrics.documentIngested(
      result === 'stored' ? 'stored' : result === 'already-present' ? 'already-present' : 'failed',
    );
    await app.audit(request, { action: 'document.upload', digest, result });
  }

  async function answerUpload(request: FastifyRequest, reply: FastifyReply, name: string): Promise<FastifyReply> {
    const { maxDocumentBytes, collector, signatures } = app.uploadOptions;
    const coding = bodyCodingOf(request.headers['content-type'], request.headers['content-encoding']);
    const declared = Number(request.headers['content-length'] ?? NaN);
    // A plain body announced larger than the limit is refused before a byte of it is read.
    if (coding === 'identity' && declared > maxDocumentBytes) throw tooLarge(maxDocumentBytes);
    const outcome = await withUploadedFile(request.raw, { coding, maxBytes: maxDocumentBytes }, (body) =>
      ingestUpload(body, {
        store: app.indexService.store,
        name,
        collector,
        maxDocumentBytes,
        ...(signatures ? { signatures } : {}),
        ...(request.principal ? { ingestedBy: request.principal.token } : {}),
      }),
    );
    if (outcome.kind === 'rejected') {
      await record(request, null, outcome.unsupported ? 'unsupported' : 'rejected');
      if (!outcome.unsupported) return sendProblem(reply, 'SG_DOCUMENT_REJECTED', outcome.message);
      const hint = unsupportedContentHint(request.headers['content-type']);
      return sendProblem(reply, 'SG_UNSUPPORTED_MEDIA_TYPE', outcome.message + hint);
    }
    const results = outcome.kind === 'document' ? [outcome.result] : outcome.results;
    for (const r of results) await record(request, r.digest, r.status);
    // Read-your-writes on this server: the answer goes once the index has what was stored.
    if (results.some((r) => r.status === 'stored')) await app.indexService.refresh();
    const status = statusOf(outcome);
    if (outcome.kind === 'document') {
      if (status === 201) void reply.header('location', `${DOCUMENTS_PATH}/${outcome.result.digest}`);
      return reply.code(status).send(outcome.result);
    }
    return reply.code(status).send({ results: outcome.results });
  }

  app.post(
    DOCUMENTS_PATH,
    {
      config: { access: 'ingest' },
      // The route decodes gzip itself, counting the decoded bytes against the document limit.
      decompress: false,
      schema: {
        operationId: 'uploadDocument',
        summary: 'Upload one document (any format ingest reads, detected from content) or a zip archive of documents',
        tags: ['documents'],
        querystring: UploadQuerySchema,
        response: {
          200: json(
            'Already present: every document of the body was stored before (nothing changed)',
            UploadAnswerSchema,
          ),
          201: json('Stored: the document (or at least one archive entry) is new', UploadAnswerSchema, {
            Location: Type.String(),
          }),
          422: json(
            'A zip archive with at least one failed entry: the good entries are stored; every entry has its result',
            ArchiveOutcomeSchema,
          ),
          ...requestErrors,
          ...problemResponses(400, 401, 403, 415, 429, 502, 507),
        },
      },
    },
    async (request, reply) => {
      try {
        return await answerUpload(request, reply, request.query.name ?? 'upload');
      } catch (err) {
        // The rest of a body that was not read is not waited for: the connection closes.
        if (!request.raw.complete) void reply.header('connection', 'close');
        if (err instanceof ProblemError) await record(request, null, REFUSALS[err.code] ?? 'rejected');
        throw err;
      }
    },
  );

  app.get(
    DOCUMENTS_PATH,
    {
      config: { access: 'read' },
      schema: {
        operationId: 'listDocuments',
        summary: 'Stored documents, newest first, optionally of one format or about one subject',
        tags: ['documents'],
        querystring: DocumentListQuerySchema,
        response: {
          200: json('One page of documents', DocumentListSchema),
          ...requestErrors,
          ...problemResponses(400, 401, 429, 502),
        },
      },
    },
    async (request) => {
      const { format, subject } = request.query;
      const filters = { ...(format === undefined ? {} : { format }), ...(subject === undefined ? {} : { subject }) };
      const page = pageRequestOf(request.query);
      validatePageSize(page.pageSize, app.pageLimits);
      const size = page.pageSize ?? app.pageLimits.listCap;
      const { documents, total, nextCursor } = await documentPage(app.indexService.store, filters, size, page.cursor);
      const body: DocumentList = { PaginationInfo: { TotalCount: total }, documents: documents.map(documentSummary) };
      if (nextCursor !== undefined) body.PaginationInfo.NextCursor = nextCursor;
      return body;
    },
  );

  const digestResponses = { ...requestErrors, ...problemResponses(400, 401, 404, 429, 502) };

  app.get(
    `${DOCUMENTS_PATH}/:digest`,
    {
      config: { access: 'read' },
      schema: {
        operationId: 'getDocument',
        summary: 'One stored document, with what ingest left out of it',
        tags: ['documents'],
        params: DocumentParamsSchema,
        response: { 200: json('The document', DocumentDetailSchema), ...digestResponses },
      },
    },
    async (request) => {
      const { document, skipped } = await documentWithSkips(
        app.indexService.store,
        documentDigest(request.params.digest),
      );
      return { ...documentSummary(document), skipped };
    },
  );

  app.delete(
    `${DOCUMENTS_PATH}/:digest`,
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'deleteDocument',
        summary: 'Delete a document: the graph becomes as if it had never been ingested',
        tags: ['documents'],
        params: DocumentParamsSchema,
        response: {
          204: noBody('Deleted; every answer is now computed without it'),
          ...digestResponses,
          ...problemResponses(403),
        },
      },
    },
    async (request, reply) => {
      const digest = documentDigest(request.params.digest);
      const deleted = await app.indexService.store.deleteDocument(digest);
      await app.audit(request, { action: 'document.delete', digest, result: deleted ? 'deleted' : 'not-found' });
      if (!deleted) throw new ProblemError('SG_DOCUMENT_NOT_FOUND', `no document has the digest ${digest}`);
      await app.indexService.refresh();
      return reply.code(204).send(null);
    },
  );
  return Promise.resolve();
};

export default documentRoutes;
