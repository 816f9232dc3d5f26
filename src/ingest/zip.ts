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
  // autoClose off: an entry may be read after the last one was listed; the reader closes it.
  const options = { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, autoClose: false };
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

/** An entry not read yet: its name, what its central directory says of it, and how to read it. */
export interface ZipEntry {
  name: string;
  /** The entry's file name inside the archive. */
  file: string;
  /**
   * `crc32:<hex>:<size>` from the central directory: equal for equal bytes, so a reader that kept
   * it can skip an entry it took before without inflating it (a different entry of the same size
   * and CRC-32 is a 1 in 4 billion chance: docs/api.md, "Feeds").
   */
  digest: string;
  /** Why the entry is refused without reading (over a per-entry limit). */
  error?: string;
  /** Its bytes; rejects when inflating fails or passes the limit. */
  read(): Promise<Buffer>;
}

function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise<Entry | null>((resolve, reject) => {
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
}

/** Why an entry is refused before it is read, if it is. */
function entryRefusal(entry: Entry, limits: ZipLimits): string | undefined {
  if (entry.uncompressedSize > limits.maxEntryBytes)
    return `the document is larger than the limit of ${limits.maxEntryBytes} bytes (${entry.uncompressedSize} bytes)`;
  if (
    entry.uncompressedSize > 1024 * 1024 &&
    entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxRatio
  )
    return `compression ratio over ${limits.maxRatio}:1 (a zip bomb?)`;
  return undefined;
}

/**
 * Entries in archive order, in batches of up to `size`, each entry read only when asked (the
 * archive stays open until the consumer asks for the batch after the last); a limit on the whole
 * archive stops it. `path` names the archive in entry names; `bytes`, when given, is its content.
 */
export async function* zipEntryBatches(
  path: string,
  limits: ZipLimits,
  { size = 1, bytes }: { size?: number; bytes?: Buffer } = {},
): AsyncGenerator<ZipEntry[]> {
  const zip = await openZip(bytes ?? path);
  let batch: ZipEntry[] = [];
  let count = 0;
  let total = 0;
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (entry.fileName.endsWith('/')) continue;
      if (++count > limits.maxEntries) throw new ZipLimitError(`${path}: more than ${limits.maxEntries} entries`);
      const error = entryRefusal(entry, limits);
      if (!error) total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes)
        throw new ZipLimitError(`${path}: more than ${limits.maxTotalBytes} bytes uncompressed`);
      batch.push(lazyEntry(zip, entry, path, error, limits.maxEntryBytes));
      if (batch.length < size) continue;
      yield batch;
      batch = [];
    }
    if (batch.length) yield batch;
  } finally {
    zip.close();
  }
}

function lazyEntry(zip: ZipFile, entry: Entry, path: string, error: string | undefined, limit: number): ZipEntry {
  return {
    name: `${path}!/${entry.fileName}`,
    file: entry.fileName,
    digest: `crc32:${entry.crc32.toString(16)}:${entry.uncompressedSize}`,
    error,
    read: () => (error ? Promise.reject(new ZipLimitError(error)) : readEntry(zip, entry, limit)),
  };
}

/** Entries in archive order, each read in turn; an entry over a limit is reported with its reason. */
export async function* zipDocuments(path: string, limits: ZipLimits, bytes?: Buffer): AsyncGenerator<ZipDocument> {
  for await (const [entry] of zipEntryBatches(path, limits, { bytes })) {
    if (entry.error) {
      yield { name: entry.name, error: entry.error };
      continue;
    }
    try {
      yield { name: entry.name, bytes: await entry.read() };
    } catch (err) {
      yield { name: entry.name, error: err instanceof Error ? err.message : String(err) };
    }
  }
}
