// Ingest: inputs (files, directories, stdin) → detection → parser → facts → store, one
// document at a time (memory bounded by the largest document, not the batch). A bad document
// is reported and skipped; the rest of the batch goes on.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DocumentError, type SkippedItem } from '../model/facts.js';
import type { GraphStore } from '../store/types.js';
import { detectFormat, sniff, UnsupportedDocumentError } from './detect.js';
import { DEFAULT_ZIP_LIMITS, isZipFile, zipDocuments, ZipLimitError } from './zip.js';

export interface IngestOptions {
  store: GraphStore;
  collector: string;
  maxDocumentBytes: number;
}

export interface DocumentResult {
  name: string;
  status: 'stored' | 'duplicate' | 'failed';
  format?: string;
  error?: string;
  packages: number;
  artifacts: number;
  dependencies: number;
  skipped: number;
  /** What the parser left out, each with its path and reason (parsed documents only). */
  skippedItems?: SkippedItem[];
}

export interface InputDocument {
  name: string;
  read(): Promise<Buffer>;
  /** The file it is read from (absent for stdin and archive entries). */
  path?: string;
}

export class InputError extends Error {}

async function readStdin(limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new InputError(`the document is larger than the limit of ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function readLimited(path: string, limit: number): Promise<Buffer> {
  const info = await stat(path);
  if (info.size > limit)
    throw new InputError(`the document is larger than the limit of ${limit} bytes (${info.size} bytes)`);
  return readFile(path);
}

async function* walkDirectory(dir: string, limit: number): AsyncGenerator<InputDocument> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walkDirectory(path, limit);
    else if (entry.isFile()) yield { name: path, path, read: () => readLimited(path, limit) };
  }
}

/** Expands paths in argument order: "-" is stdin, directories are walked recursively in name order. */
export async function* expandInputs(paths: readonly string[], limit: number): AsyncGenerator<InputDocument> {
  for (const path of paths) {
    if (path === '-') {
      yield { name: 'stdin', read: () => readStdin(limit) };
      continue;
    }
    let info;
    try {
      info = await stat(path);
    } catch {
      yield { name: path, read: () => Promise.reject(new InputError('no such file or directory')) };
      continue;
    }
    if (info.isDirectory()) yield* walkDirectory(path, limit);
    else yield { name: path, path, read: () => readLimited(path, limit) };
  }
}

/** The documents an input holds: itself, or each entry of a zip archive (detected by content). */
export async function* documentsOf(input: InputDocument, limit: number): AsyncGenerator<InputDocument> {
  if (!input.path || !(await isZipFile(input.path).catch(() => false))) {
    yield input;
    return;
  }
  try {
    for await (const entry of zipDocuments(input.path, { ...DEFAULT_ZIP_LIMITS, maxEntryBytes: limit })) {
      const { bytes, error } = entry;
      yield {
        name: entry.name,
        read: () => (bytes ? Promise.resolve(bytes) : Promise.reject(new InputError(error ?? 'unreadable entry'))),
      };
    }
  } catch (err) {
    // The archive itself is unreadable or over a whole-archive limit: one failure for the file.
    const reason =
      err instanceof ZipLimitError
        ? err.message
        : `the zip archive cannot be read (${err instanceof Error ? err.message : String(err)})`;
    yield { name: input.name, read: () => Promise.reject(new InputError(reason)) };
  }
}

function failure(name: string, error: string): DocumentResult {
  return { name, status: 'failed', error, packages: 0, artifacts: 0, dependencies: 0, skipped: 0 };
}

/** Parses and stores one document; never throws for a bad document, only reports it. */
export async function ingestDocument(input: InputDocument, options: IngestOptions): Promise<DocumentResult> {
  let bytes: Buffer;
  try {
    bytes = await input.read();
  } catch (err) {
    return failure(
      input.name,
      err instanceof InputError ? err.message : `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  if (await options.store.hasDocument(digest)) {
    return { name: input.name, status: 'duplicate', packages: 0, artifacts: 0, dependencies: 0, skipped: 0 };
  }
  const ingestedAt = new Date().toISOString();
  let facts;
  try {
    const doc = sniff(input.name, bytes);
    const parser = detectFormat(doc);
    facts = parser.parse(doc, {
      origin: input.name,
      collector: options.collector,
      documentDigest: digest,
      now: ingestedAt,
    });
  } catch (err) {
    if (err instanceof DocumentError || err instanceof UnsupportedDocumentError)
      return failure(input.name, err.message);
    // A parser bug on odd input must not stop the batch; the document is reported as failed.
    return failure(input.name, `could not be parsed (${err instanceof Error ? err.message : String(err)})`);
  }
  // Store failures are not the document's fault: they stop the batch.
  const outcome = await options.store.writeDocument({
    digest,
    name: input.name,
    facts,
    origin: input.name,
    collector: options.collector,
    ingestedAt,
  });
  return {
    name: input.name,
    status: outcome.status,
    format: facts.format,
    packages: facts.packages.length,
    artifacts: facts.artifacts.length,
    dependencies: facts.dependencies.length,
    skipped: facts.skipped.length,
    skippedItems: facts.skipped,
  };
}
