// The body of an upload, streamed to a temporary file: decoded (gzip) while it arrives, counted
// after decoding, and refused as soon as it passes the document limit, so memory holds a chunk at
// a time whatever the size. The caller removes the file in every case (see withUploadedFile); what
// a process killed mid-upload left behind is removed by the next server to start (sweepUploadLeftovers).
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { ProblemError } from '../errors.js';
import type { BodyCoding } from './media-types.js';

export interface ReceivedBody {
  /** The decoded body, in a directory of its own under uploadDirectory(). */
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

/** Where every server keeps its uploads: one directory per process under the system temp directory. */
export const UPLOADS_ROOT_NAME = 'supplygraph-uploads';

/**
 * This process's directory of uploads: host name, pid and start time (ms), so that a process
 * started later with the same pid (a container's pid 1) or on another host sharing the temp
 * directory is told apart (docs/reliability.md, "Upload leftovers").
 */
function processDirName(host: string, pid: number, started: number): string {
  return `${host.replace(/[^A-Za-z0-9.-]/g, '_')}-${pid}-${started}`;
}

const OWN_DIR = processDirName(hostname(), process.pid, Math.round(performance.timeOrigin));

export function uploadDirectory(root = join(tmpdir(), UPLOADS_ROOT_NAME)): string {
  return join(root, OWN_DIR);
}

/** A process of this host that is running (EPERM: it exists, under another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the upload directories that processes of this host left when they were killed
 * mid-upload: those of a pid no longer running, and those of this pid but an earlier start.
 * Directories of running processes and of other hosts (replicas sharing the temp directory) are
 * left alone. Returns the names removed.
 */
export async function sweepUploadLeftovers(root = join(tmpdir(), UPLOADS_ROOT_NAME)): Promise<string[]> {
  const host = processDirName(hostname(), 0, 0).slice(0, -4); // "<host>"
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return []; // no upload ever, on this machine
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = /^(.*)-(\d+)-(\d+)$/.exec(name);
    if (!match || match[1] !== host || name === OWN_DIR) continue;
    const pid = Number(match[2]);
    if (pid !== process.pid && isRunning(pid)) continue;
    await rm(join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
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
  const own = uploadDirectory();
  await mkdir(own, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(join(own, 'upload-'));
  try {
    const body = await streamTo(request, join(dir, 'body'), options.coding, options.maxBytes);
    return await use(body);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
