// POST /v0/documents: upload a document (or a zip archive of documents) (docs/api.md,
// "Documents"). The body streams to a temporary file and goes through the ingest pipeline exactly
// as the CLI's ingest does; the answer says what became of each document.
import type {} from '@fastify/compress'; // the route option `decompress`, when compression is registered
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../error-catalogue.js';
import { ProblemError, sendProblem } from '../errors.js';
import { DOCUMENTS_PATH } from '../paths.js';
import {
  ArchiveOutcomeSchema,
  DocumentOutcomeSchema,
  UploadQuerySchema,
  type UploadQuery,
} from '../schemas/documents.js';
import { buildInputOf } from '../../query/projects.js';
import { jsonResponse, problemResponses, requestErrors } from '../schemas/responses.js';
import type { UploadOutcome } from '../upload/ingest-upload.js';
import { receiveAndIngest } from '../upload/receive-upload.js';
import { unsupportedContentHint } from '../upload/media-types.js';
import { sweepUploadLeftovers } from '../upload/receive.js';

const UploadAnswerSchema = Type.Union([DocumentOutcomeSchema, ArchiveOutcomeSchema]);

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

/** Audit and metrics of one upload, per stored document or archive entry. */
async function record(app: FastifyInstance, request: FastifyRequest, digest: string | null, result: string) {
  app.metrics.documentIngested(
    result === 'stored' ? 'stored' : result === 'already-present' ? 'already-present' : 'failed',
  );
  await app.audit(request, { action: 'document.upload', digest, result });
}

async function answerRejected(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: Extract<UploadOutcome, { kind: 'rejected' }>,
): Promise<FastifyReply> {
  await record(app, request, null, outcome.unsupported ? 'unsupported' : 'rejected');
  if (!outcome.unsupported) return sendProblem(reply, 'SG_DOCUMENT_REJECTED', outcome.message);
  const hint = unsupportedContentHint(request.headers['content-type']);
  return sendProblem(reply, 'SG_UNSUPPORTED_MEDIA_TYPE', outcome.message + hint);
}

async function answerUpload(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, query: UploadQuery) {
  const { name = 'upload', ...buildFields } = query;
  // Checked before a byte of the body is read: a bad build field refuses the whole upload.
  const build = buildInputOf(buildFields);
  const outcome = await receiveAndIngest(app, request, name, build);
  if (outcome.kind === 'rejected') return answerRejected(app, request, reply, outcome);
  const results = outcome.kind === 'document' ? [outcome.result] : outcome.results;
  for (const r of results) await record(app, request, r.digest, r.status);
  // Read-your-writes on this server: the answer goes once the index has what was stored.
  if (results.some((r) => r.status === 'stored')) await app.indexService.refresh();
  const status = statusOf(outcome);
  if (outcome.kind === 'document') {
    if (status === 201) void reply.header('location', `${DOCUMENTS_PATH}/${outcome.result.digest}`);
    return reply.code(status).send(outcome.result);
  }
  return reply.code(status).send({ results: outcome.results });
}

/**
 * Bodies that earlier processes, killed mid-upload, left in the temporary directory
 * (docs/reliability.md, "Upload leftovers"); never a reason not to start.
 */
function sweepLeftoversWhenReady(app: FastifyInstance): void {
  app.addHook('onReady', async () => {
    const removed = await sweepUploadLeftovers().catch((err: unknown) => {
      app.log.warn({ err }, 'cannot remove the upload leftovers of earlier processes');
      return [];
    });
    if (removed.length) app.log.info({ removed }, 'removed the upload leftovers of processes no longer running');
  });
}

const UPLOAD_SCHEMA = {
  operationId: 'uploadDocument',
  summary: 'Upload one document (any format ingest reads, detected from content) or a zip archive of documents',
  tags: ['documents'],
  querystring: UploadQuerySchema,
  response: {
    200: jsonResponse(
      'Already present: every document of the body was stored before (nothing changed)',
      UploadAnswerSchema,
    ),
    201: jsonResponse('Stored: the document (or at least one archive entry) is new', UploadAnswerSchema, {
      Location: Type.String(),
    }),
    422: jsonResponse(
      'A zip archive with at least one failed entry: the good entries are stored; every entry has its result',
      ArchiveOutcomeSchema,
    ),
    ...requestErrors,
    ...problemResponses(400, 401, 403, 415, 429, 502, 507),
  },
};

/**
 * The upload route reads its body itself, as a stream (Fastify's parsers would buffer it whole
 * under the 1 KiB bodyLimit of every other route). The parsers set here apply to this plugin's
 * route only; the media type is checked by the route (media-types.ts).
 */
const uploadRoute: FastifyPluginAsyncTypebox = (app) => {
  sweepLeftoversWhenReady(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    done(null, payload);
  });
  // The route decodes gzip itself, counting the decoded bytes against the document limit.
  app.post(
    DOCUMENTS_PATH,
    { config: { access: 'ingest' }, decompress: false, schema: UPLOAD_SCHEMA },
    async (request, reply) => {
      try {
        return await answerUpload(app, request, reply, request.query);
      } catch (err) {
        // The rest of a body that was not read is not waited for: the connection closes.
        if (!request.raw.complete) void reply.header('connection', 'close');
        if (err instanceof ProblemError) await record(app, request, null, REFUSALS[err.code] ?? 'rejected');
        throw err;
      }
    },
  );
  return Promise.resolve();
};

export default uploadRoute;
