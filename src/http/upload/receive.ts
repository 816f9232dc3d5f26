// The body of an upload, streamed to a temporary file: decoded (gzip) while it arrives, counted
// after decoding, and refused as soon as it passes the document limit, so memory holds a chunk at
// a time whatever the size. The caller removes the file in every case (see withUploadedFile).
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { ProblemError } from '../errors.js';
import type { BodyCoding } from './media-types.js';

export interface ReceivedBody {
  /** The decoded body, in a directory of its own under os.tmpdir(). */
  path: string;
  /** Decoded bytes. */
  bytes: number;
}

export function tooLarge(limit: number): ProblemError {
  return new ProblemError(
    'SG_PAYLOAD_TOO_LARGE',
    `the document is larger than the limit of ${limit} bytes (--max-document-size)`,
  );
}

/** Passes chunks on, counting them; fails once more than `limit` bytes went through. */
class Bounded extends Transform {
  bytes = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      callback(tooLarge(this.limit));
      return;
    }
    callback(null, chunk);
  }
}

/**
 * Writes the request body to `path`. The request is piped rather than consumed by the pipeline:
 * when decoding fails or the limit is passed, reading stops (the request is unpiped and paused,
 * not destroyed) so that the error can still be answered; the connection then closes. A client
 * that goes away mid-body fails the receive.
 */
async function streamTo(
  request: IncomingMessage,
  path: string,
  coding: BodyCoding,
  limit: number,
): Promise<ReceivedBody> {
  const decoder = coding === 'gzip' ? createGunzip() : new PassThrough();
  const bounded = new Bounded(limit);
  const written = pipeline(decoder, bounded, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  const onClose = (): void => {
    if (!request.complete) decoder.destroy(new Error('the client closed the connection before the body ended'));
  };
  const onError = (err: Error): void => {
    decoder.destroy(err);
  };
  request.on('close', onClose);
  request.on('error', onError);
  request.pipe(decoder);
  try {
    await written;
  } catch (err) {
    request.unpipe(decoder);
    request.pause();
    if (err instanceof ProblemError) throw err;
    if ((err as NodeJS.ErrnoException).code?.startsWith('Z_'))
      throw new ProblemError(
        'SG_DOCUMENT_REJECTED',
        `the body is not valid gzip (${(err as Error).message}); it was sent as gzip-compressed`,
      );
    throw err;
  } finally {
    request.off('close', onClose);
    request.off('error', onError);
  }
  return { path, bytes: bounded.bytes };
}

/**
 * Receives the body into a fresh temporary directory, runs `use` on it, and removes the directory
 * afterwards whatever happened (a refused, failed or aborted upload included).
 */
export async function withUploadedFile<T>(
  request: IncomingMessage,
  options: { coding: BodyCoding; maxBytes: number },
  use: (body: ReceivedBody) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'supplygraph-upload-'));
  try {
    const body = await streamTo(request, join(dir, 'body'), options.coding, options.maxBytes);
    return await use(body);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
