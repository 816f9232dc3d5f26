// The OSV records of a directory (an `osv-records` feed, docs/api.md "Feeds"), listed as an
// archive's entries are: every `*.json` file below it in path order, in batches, each read only
// when asked. A file's digest is its size and modification time, so a file the feed took and
// nobody touched since is never read again.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { ZipEntry } from '../zip.js';

/** The files below `dir` ending in `.json`, relative to it, in code-unit order. */
async function recordFiles(dir: string): Promise<string[]> {
  const found = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = found
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => relative(dir, join(e.parentPath, e.name)));
  return files.sort();
}

async function fileEntry(dir: string, file: string, maxBytes: number): Promise<ZipEntry> {
  const path = join(dir, file);
  const info = await stat(path);
  const error =
    info.size > maxBytes
      ? `the document is larger than the limit of ${maxBytes} bytes (${info.size} bytes)`
      : undefined;
  return {
    name: path,
    file,
    digest: `file:${info.size}:${Math.trunc(info.mtimeMs)}`,
    error,
    read: () => (error ? Promise.reject(new Error(error)) : readFile(path)),
  };
}

/** The directory's record files as entries, `size` at a time. */
export async function* recordFileBatches(dir: string, maxBytes: number, size: number): AsyncGenerator<ZipEntry[]> {
  const files = await recordFiles(dir);
  for (let i = 0; i < files.length; i += size)
    yield await Promise.all(files.slice(i, i + size).map((f) => fileEntry(dir, f, maxBytes)));
}
