// Zip archives of documents (OSV publishes one all.zip per ecosystem): each entry is its own
// document, read straight from the archive without extracting to disk, with zip-bomb guards.
import { open as openFile } from 'node:fs/promises';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';

export interface ZipLimits {
  /** Largest uncompressed entry (the per-document limit). */
  maxEntryBytes: number;
  maxEntries: number;
  /** Largest uncompressed/compressed ratio for entries over 1 MiB. */
  maxRatio: number;
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: Omit<ZipLimits, 'maxEntryBytes'> = {
  maxEntries: 2_000_000,
  maxRatio: 200,
  maxTotalBytes: 32 * 1024 ** 3,
};

export class ZipLimitError extends Error {}

const ZIP_MAGIC = 0x04034b50; // "PK\x03\x04", little-endian

/** Whether bytes start like a zip archive. */
export function isZipBytes(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_MAGIC;
}

/** Whether a regular file starts like a zip archive (reads 4 bytes; never call it on a pipe or device). */
export async function isZipFile(path: string): Promise<boolean> {
  const handle = await openFile(path, 'r');
  try {
    const buf = Buffer.alloc(4);
    const { bytesRead } = await handle.read(buf, 0, 4, 0);
    return bytesRead === 4 && buf.readUInt32LE(0) === ZIP_MAGIC;
  } finally {
    await handle.close();
  }
}

/** A regular file is read by random access; an archive from a pipe or stdin is already in memory. */
function openZip(source: string | Buffer): Promise<ZipFile> {
  const options = { lazyEntries: true, validateEntrySizes: true, strictFileNames: false };
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, zip: ZipFile): void => (err ? reject(err) : resolve(zip));
    if (typeof source === 'string') yauzl.open(source, options, done);
    else yauzl.fromBuffer(source, options, done);
  });
}

function readEntry(zip: ZipFile, entry: Entry, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) return reject(err);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) stream.destroy(new ZipLimitError(`entry is larger than the limit of ${limit} bytes`));
        else chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

export interface ZipDocument {
  name: string;
  /** The entry's bytes, or why it was refused. */
  bytes?: Buffer;
  error?: string;
}

/**
 * Entries in archive order; an entry over a limit is reported, a limit on the whole archive stops
 * it. `path` names the archive in entry names; `bytes`, when given, is its content (read already).
 */
export async function* zipDocuments(path: string, limits: ZipLimits, bytes?: Buffer): AsyncGenerator<ZipDocument> {
  const zip = await openZip(bytes ?? path);
  const entries = (async function* (): AsyncGenerator<Entry> {
    for (;;) {
      const next = await new Promise<Entry | null>((resolve, reject) => {
        const onEntry = (e: Entry): void => {
          cleanup();
          resolve(e);
        };
        const onEnd = (): void => {
          cleanup();
          resolve(null);
        };
        const onError = (e: Error): void => {
          cleanup();
          reject(e);
        };
        const cleanup = (): void => {
          zip.off('entry', onEntry);
          zip.off('end', onEnd);
          zip.off('error', onError);
        };
        zip.on('entry', onEntry);
        zip.once('end', onEnd);
        zip.once('error', onError);
        zip.readEntry();
      });
      if (!next) return;
      yield next;
    }
  })();
  let count = 0;
  let total = 0;
  try {
    for await (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const name = `${path}!/${entry.fileName}`;
      if (++count > limits.maxEntries) throw new ZipLimitError(`${path}: more than ${limits.maxEntries} entries`);
      if (entry.uncompressedSize > limits.maxEntryBytes) {
        yield {
          name,
          error: `the document is larger than the limit of ${limits.maxEntryBytes} bytes (${entry.uncompressedSize} bytes)`,
        };
        continue;
      }
      if (
        entry.uncompressedSize > 1024 * 1024 &&
        entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxRatio
      ) {
        yield { name, error: `compression ratio over ${limits.maxRatio}:1 (a zip bomb?)` };
        continue;
      }
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes)
        throw new ZipLimitError(`${path}: more than ${limits.maxTotalBytes} bytes uncompressed`);
      try {
        yield { name, bytes: await readEntry(zip, entry, limits.maxEntryBytes) };
      } catch (err) {
        yield { name, error: err instanceof Error ? err.message : String(err) };
      }
    }
  } finally {
    zip.close();
  }
}
