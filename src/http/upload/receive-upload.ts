// An upload's body received (streamed to a file, decoded, bounded) and handed to the ingest
// pipeline with the server's upload options: what POST /v0/documents and a verdict that stores
// its SBOM (POST /v0/verdicts?store=true) both do.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BuildInput } from '../../model/build.js';
import { ingestUpload, type UploadOutcome } from './ingest-upload.js';
import { bodyCodingOf } from './media-types.js';
import { tooLarge, withUploadedFile, type ReceivedBody } from './receive.js';

/** The body received and ingested (plain bodies announced over the limit refused unread). */
export function receiveAndIngest(
  app: FastifyInstance,
  request: FastifyRequest,
  name: string,
  build: BuildInput | undefined,
): Promise<UploadOutcome> {
  const { maxDocumentBytes, collector, signatures } = app.uploadOptions;
  return receiveBody(app, request, (body) =>
    ingestUpload(body, {
      store: app.ports.writes,
      name,
      collector,
      maxDocumentBytes,
      ...(signatures ? { signatures } : {}),
      ...(request.principal ? { ingestedBy: request.principal.token } : {}),
      ...(build ? { build } : {}),
    }),
  );
}

/**
 * The body received to a file and given to `use`: plain bodies announced over the limit are
 * refused unread, others stopped as soon as their decoded bytes pass it.
 */
export function receiveBody<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  use: (body: ReceivedBody) => Promise<T>,
  /** The media type to check instead of the request's (undefined: the content decides). */
  media: { contentType: string | undefined } = { contentType: request.headers['content-type'] },
): Promise<T> {
  const { maxDocumentBytes } = app.uploadOptions;
  const coding = bodyCodingOf(media.contentType, request.headers['content-encoding']);
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (coding === 'identity' && declared > maxDocumentBytes) throw tooLarge(maxDocumentBytes);
  return withUploadedFile(request.raw, { coding, maxBytes: maxDocumentBytes }, use);
}
