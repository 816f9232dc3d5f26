// Reading one ingest source — a regular file, a pipe (named pipe, process substitution) or
// stdin — through one bounded reader: never more than the document limit plus one byte is
// read, devices are refused, and a pipe nobody writes to is refused after a bounded wait.
import { constants, fstatSync, read as readFdCallback, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { isatty } from 'node:tty';
import { promisify } from 'node:util';
import { DEFAULTS } from '../config/settings.js';

const readFd = promisify(readFdCallback);

/** A source that cannot be read as a document; the message says why (the caller names the source). */
export class InputError extends Error {}

export interface ReadLimits {
  /** Largest document in bytes; reading stops at maxBytes + 1 and refuses the document. */
  maxBytes: number;
  /** How long a named pipe may stay without a writer before it is refused. */
  pipeWaitMs: number;
}

export const DEFAULT_PIPE_WAIT_MS = DEFAULTS.pipeWait;

/** What a source path names once symbolic links are followed. */
export type SourceKind = 'file' | 'pipe' | 'directory';

function tooLarge(limit: number, size?: number): InputError {
  const found = size === undefined ? '' : ` (${size} bytes)`;
  return new InputError(`the document is larger than the limit of ${limit} bytes${found} (--max-document-size)`);
}

/** Why a file of this type is not read, or undefined when it is one of the readable kinds. */
export function refusalOf(info: Stats): string | undefined {
  if (info.isFile() || info.isFIFO() || info.isDirectory()) return undefined;
  if (info.isCharacterDevice() || info.isBlockDevice())
    return `is a ${info.isCharacterDevice() ? 'character' : 'block'} device, not a file or a pipe; devices are not read (they may never end)`;
  if (info.isSocket()) return 'is a socket, not a file or a pipe';
  return 'is not a regular file or a pipe';
}

function kindOf(info: Stats): SourceKind {
  const refusal = refusalOf(info);
  if (refusal) throw new InputError(refusal);
  return info.isDirectory() ? 'directory' : info.isFile() ? 'file' : 'pipe';
}

/** The reason an fs call on a source failed, in words. */
export function describeFsError(err: unknown): InputError {
  if (err instanceof InputError) return err;
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return new InputError('no such file or directory');
    case 'EACCES':
    case 'EPERM':
      return new InputError('permission denied');
    case 'ELOOP':
      return new InputError('too many levels of symbolic links (a link loop?)');
    case 'EISDIR':
      return new InputError('is a directory');
    default:
      return new InputError(`cannot be read (${code ?? (err instanceof Error ? err.message : String(err))})`);
  }
}

/** Classifies a path named by the user (symbolic links followed) without opening it. */
export async function sourceKind(path: string): Promise<SourceKind> {
  try {
    return kindOf(await stat(path));
  } catch (err) {
    throw describeFsError(err);
  }
}

/** Reads at most `length` bytes into `buf`; 0 at end of input. */
type ReadChunk = (buf: Buffer, length: number) => Promise<number>;

const CHUNK_BYTES = 1024 * 1024;

/**
 * The one bounded reader every source goes through: reads until end of input, but never more
 * than limit + 1 bytes (one byte over the limit proves the document too large; the rest is
 * never read). With `pipeWaitMs`, the source is a pipe opened with O_NONBLOCK: such an open
 * never blocks, so a writer is detected by reading — data or EAGAIN means a writer holds the
 * pipe, end-of-file before any writer was seen means none has opened it yet (retried until
 * `pipeWaitMs` has passed).
 */
async function readBounded(read: ReadChunk, limit: number, pipeWaitMs?: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  const deadline = Date.now() + (pipeWaitMs ?? 0);
  let writerSeen = pipeWaitMs === undefined;
  let pause = 1;
  for (;;) {
    const length = Math.min(CHUNK_BYTES, limit + 1 - total);
    const buf = Buffer.allocUnsafe(length);
    let bytesRead: number;
    try {
      bytesRead = await read(buf, length);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      writerSeen = true; // a writer holds the pipe open but has nothing written yet
      await sleep(pause);
      pause = Math.min(pause * 2, 50);
      continue;
    }
    if (bytesRead > 0) {
      writerSeen = true;
      pause = 1;
      chunks.push(bytesRead === length ? buf : buf.subarray(0, bytesRead));
      total += bytesRead;
      if (total > limit) throw tooLarge(limit);
    } else if (writerSeen) {
      return Buffer.concat(chunks, total); // end of input (for a pipe: every writer closed its end)
    } else if (Date.now() >= deadline) {
      throw new InputError(`nothing opened the pipe for writing within ${pipeWaitMs} ms (--pipe-wait)`);
    } else {
      await sleep(50);
    }
  }
}

/** Opens a file or a pipe for reading; fs errors become InputErrors that say why. */
async function openInput(path: string): Promise<FileHandle> {
  try {
    // O_NONBLOCK: opening a named pipe without a writer must not block (no effect on files).
    return await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    throw describeFsError(err);
  }
}

/** Reads a file or a pipe named by `path`, within the limits. */
export async function readSource(path: string, limits: ReadLimits): Promise<Buffer> {
  const handle = await openInput(path);
  try {
    // The opened file's type decides, not an earlier stat: the path may have changed since.
    const info = await handle.stat();
    const kind = kindOf(info);
    if (kind === 'directory') throw new InputError('is a directory');
    if (kind === 'file' && info.size > limits.maxBytes) throw tooLarge(limits.maxBytes, info.size);
    const read: ReadChunk = async (buf, length) => (await handle.read(buf, 0, length, null)).bytesRead;
    return await readBounded(read, limits.maxBytes, kind === 'pipe' ? limits.pipeWaitMs : undefined);
  } catch (err) {
    throw describeFsError(err);
  } finally {
    await handle.close();
  }
}

/** Reads stdin within the limit; refuses a device on stdin (e.g. `< /dev/zero`) but not a terminal. */
export async function readStdin(limits: ReadLimits): Promise<Buffer> {
  const info = fstatSync(0);
  if ((info.isCharacterDevice() && !isatty(0)) || info.isBlockDevice())
    throw new InputError(refusalOf(info) ?? 'is a device');
  if (info.isFile() && info.size > limits.maxBytes) throw tooLarge(limits.maxBytes, info.size);
  // fd 0 is read directly (process.stdin is never touched, so nothing reads ahead of the bound).
  return readBounded(async (buf, length) => (await readFd(0, buf, 0, length, null)).bytesRead, limits.maxBytes);
}

/**
 * Reads a regular file in chunks, handing each to `onChunk` as it is read (nothing is kept):
 * the same checks and limit as readSource. `onChunk` may throw to stop reading.
 */
export async function readFileChunks(path: string, maxBytes: number, onChunk: (chunk: Buffer) => void): Promise<void> {
  const handle = await openInput(path);
  try {
    const info = await handle.stat();
    if (kindOf(info) !== 'file') throw new InputError('is not a regular file');
    if (info.size > maxBytes) throw tooLarge(maxBytes, info.size);
    const buf = Buffer.allocUnsafe(CHUNK_BYTES);
    let total = 0;
    for (;;) {
      const length = Math.min(CHUNK_BYTES, maxBytes + 1 - total);
      let bytesRead: number;
      try {
        ({ bytesRead } = await handle.read(buf, 0, length, null));
      } catch (err) {
        throw describeFsError(err);
      }
      if (bytesRead === 0) return;
      total += bytesRead;
      if (total > maxBytes) throw tooLarge(maxBytes); // the file grew while being read
      onChunk(buf.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
}
