// Ingest: inputs (files, directories, stdin) → detection → parser → facts → store, one
// document at a time (memory bounded by the largest document, not the batch). A bad document
// is reported and skipped; the rest of the batch goes on.
import type { BuildInput } from '../model/build.js';
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { sep } from 'node:path';
import type { DocumentFacts } from '../model/facts.js';
import type { FactLog } from '../store/types.js';
import { failure, type DocumentResult } from './document-result.js';
import { parseBytesHere, parseFailure, type BytesParser, type ParseJob } from './parse-bytes.js';

export type { DocumentResult };
import type { SignatureVerifier } from './signatures/types.js';
import {
  DEFAULT_PIPE_WAIT_MS,
  describeFsError,
  InputError,
  readSource,
  readStdin,
  refusalOf,
  sourceKind,
  type ReadLimits,
} from './source.js';
import { looksLikeCycloneDxJson, parseCycloneDxFile, STREAM_ABOVE_BYTES } from './streaming/cyclonedx-file.js';
import { NotStreamableError } from './streaming/root-object-stream.js';
import { DEFAULT_ZIP_LIMITS, isZipBytes, isZipFile, zipDocuments, ZipLimitError } from './zip.js';

export type { SignatureVerifier };

export interface IngestOptions {
  /** Where documents are written: the fact log of either store. */
  store: FactLog;
  collector: string;
  maxDocumentBytes: number;
  /** Judges provenance signatures (--trusted-keys, --sigstore-trusted-root, --require-signed-provenance). */
  signatures?: SignatureVerifier;
  /** Recorded with each stored document: the API token's name, "cli" for the command line. */
  ingestedBy?: string;
  /** What the caller says about the builds its SBOMs are (project, version, …; model/build.ts), checked. */
  build?: BuildInput;
  /**
   * Regular files larger than this that look like CycloneDX JSON are parsed as they are read,
   * never held whole (default STREAM_ABOVE_BYTES; the facts are the same either way).
   */
  streamAboveBytes?: number;
  /** Parses a whole document's bytes elsewhere (the CLI's parse workers); default: in this thread. */
  parseBytes?: BytesParser;
}

export interface InputDocument {
  name: string;
  read(): Promise<Buffer>;
  /** The regular file it is read from (absent for pipes, stdin and archive entries). */
  path?: string;
  /** Recorded as the document's origin; `name` when absent. */
  origin?: string;
}

export { InputError };

/** How sources are read and named (see source.ts). */
export interface SourceOptions {
  /** How long a named pipe may stay without a writer (default DEFAULT_PIPE_WAIT_MS). */
  pipeWaitMs?: number;
  /** Origin recorded in place of the path as given; entries of a directory or archive get it as prefix. */
  origin?: string;
}

function refused(name: string, origin: string, error: unknown): InputDocument {
  const reason = describeFsError(error);
  return { name, origin, read: () => Promise.reject(reason) };
}

/** A regular file or a pipe, read through the one bounded reader when its turn comes. */
function sourceInput(path: string, origin: string, kind: 'file' | 'pipe', limits: ReadLimits): InputDocument {
  return { name: path, origin, ...(kind === 'file' ? { path } : {}), read: () => readSource(path, limits) };
}

/** `dir` + separator + `entry`, keeping `dir` exactly as the user wrote it (relative stays relative). */
function under(dir: string, entry: string): string {
  return dir.endsWith(sep) || dir.endsWith('/') ? dir + entry : `${dir}${sep}${entry}`;
}

/**
 * Walks a directory in name order. Symbolic links are followed (to files and directories); a
 * link back to a directory being walked (a cycle) is reported and not followed. Pipes,
 * devices and sockets inside a directory are reported, never read.
 */
async function* walkDirectory(
  dir: string,
  origin: string,
  limits: ReadLimits,
  ancestors: ReadonlySet<string>,
): AsyncGenerator<InputDocument> {
  let entries;
  try {
    entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  } catch (err) {
    yield refused(dir, origin, err);
    return;
  }
  for (const entry of entries) {
    const path = under(dir, entry.name);
    const entryOrigin = under(origin, entry.name);
    if (entry.isFile()) {
      yield sourceInput(path, entryOrigin, 'file', limits);
      continue;
    }
    let info;
    try {
      info = await stat(path); // follows a symbolic link
    } catch (err) {
      const broken = entry.isSymbolicLink() && (err as NodeJS.ErrnoException).code === 'ENOENT';
      yield refused(path, entryOrigin, broken ? new InputError('symbolic link to nothing (broken link)') : err);
      continue;
    }
    if (info.isDirectory()) {
      const id = `${info.dev}:${info.ino}`;
      if (ancestors.has(id)) {
        yield refused(
          path,
          entryOrigin,
          new InputError('symbolic link back to a directory being walked; not followed'),
        );
        continue;
      }
      yield* walkDirectory(path, entryOrigin, limits, new Set([...ancestors, id]));
    } else if (info.isFile()) {
      yield sourceInput(path, entryOrigin, 'file', limits);
    } else {
      const reason = info.isFIFO()
        ? 'is a named pipe inside a directory; not read (name it on the command line to read it)'
        : (refusalOf(info) ?? 'is not a regular file');
      yield refused(path, entryOrigin, new InputError(reason));
    }
  }
}

/**
 * Expands paths in argument order: "-" is stdin, directories are walked recursively in name
 * order. Every source is read through the bounded reader of source.ts; origins are the paths
 * as given (or options.origin in their place).
 */
export async function* expandInputs(
  paths: readonly string[],
  limit: number,
  options: SourceOptions = {},
): AsyncGenerator<InputDocument> {
  const limits: ReadLimits = { maxBytes: limit, pipeWaitMs: options.pipeWaitMs ?? DEFAULT_PIPE_WAIT_MS };
  for (const path of paths) {
    if (path === '-') {
      yield { name: 'stdin', origin: options.origin ?? 'stdin', read: () => readStdin(limits) };
      continue;
    }
    const origin = options.origin ?? path;
    let kind;
    try {
      kind = await sourceKind(path);
    } catch (err) {
      yield refused(path, origin, err);
      continue;
    }
    if (kind === 'directory') {
      const info = await stat(path);
      yield* walkDirectory(path, origin, limits, new Set([`${info.dev}:${info.ino}`]));
    } else yield sourceInput(path, origin, kind, limits);
  }
}

/**
 * The documents an input holds: itself, or each entry of a zip archive (detected by content).
 * A regular file is sniffed by its first bytes and an archive read by random access; a pipe or
 * stdin is read whole (within the limit) first, and its bytes sniffed.
 */
export async function* documentsOf(input: InputDocument, limit: number): AsyncGenerator<InputDocument> {
  let bytes: Buffer | undefined;
  if (input.path) {
    if (!(await isZipFile(input.path).catch(() => false))) {
      yield input;
      return;
    }
  } else {
    try {
      bytes = await input.read();
    } catch (err) {
      yield { ...input, read: () => Promise.reject(err) };
      return;
    }
    const read = bytes;
    if (!isZipBytes(read)) {
      yield { ...input, read: () => Promise.resolve(read) };
      return;
    }
  }
  const archive = input.path ?? input.name;
  const origin = input.origin ?? input.name;
  try {
    for await (const entry of zipDocuments(archive, { ...DEFAULT_ZIP_LIMITS, maxEntryBytes: limit }, bytes)) {
      const { bytes: entryBytes, error } = entry;
      const inside = entry.name.slice(archive.length); // "!/path/in/archive"
      yield {
        name: input.name + inside,
        origin: origin + inside,
        read: () =>
          entryBytes ? Promise.resolve(entryBytes) : Promise.reject(new InputError(error ?? 'unreadable entry')),
      };
    }
  } catch (err) {
    // The archive itself is unreadable or over a whole-archive limit: one failure for the file.
    const reason =
      err instanceof ZipLimitError
        ? err.message
        : `the zip archive cannot be read (${err instanceof Error ? err.message : String(err)})`;
    yield { name: input.name, origin, read: () => Promise.reject(new InputError(reason)) };
  }
}

/** What parsing gave: the facts, or the failure to report. */
type Parsed = { digest: string; facts: DocumentFacts } | { result: DocumentResult };

function readFailure(name: string, err: unknown): DocumentResult {
  return failure(
    name,
    err instanceof InputError ? err.message : `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
  );
}

/** The document read whole, hashed, checked against the store, detected and parsed (here or by options.parseBytes). */
async function parseWhole(input: InputDocument, options: IngestOptions, ingestedAt: string): Promise<Parsed> {
  let bytes: Buffer;
  try {
    bytes = await input.read();
  } catch (err) {
    return { result: readFailure(input.name, err) };
  }
  const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  if (await options.store.hasDocument(digest)) return { result: duplicate(input.name, digest) };
  const job: ParseJob = {
    name: input.name,
    bytes,
    digest,
    origin: input.origin ?? input.name,
    collector: options.collector,
    now: ingestedAt,
  };
  const outcome = options.parseBytes ? await options.parseBytes(job) : parseBytesHere(job, options.signatures);
  return 'facts' in outcome ? { digest, facts: outcome.facts } : { result: outcome.failure };
}

/**
 * A large CycloneDX JSON file parsed as it is read (hashed on the way), or undefined when it is
 * to be read whole: not a large regular file, not CycloneDX JSON, or of a shape the streaming
 * reader does not follow.
 */
async function parseStreamed(
  input: InputDocument,
  options: IngestOptions,
  ingestedAt: string,
): Promise<Parsed | undefined> {
  const path = input.path;
  if (path === undefined) return undefined;
  try {
    const { size } = await stat(path);
    if (size <= (options.streamAboveBytes ?? STREAM_ABOVE_BYTES) || size > options.maxDocumentBytes) return undefined;
    if (!(await looksLikeCycloneDxJson(path))) return undefined;
  } catch {
    return undefined; // reading it whole reports why it cannot be read
  }
  let parsed;
  try {
    parsed = await parseCycloneDxFile(path, options.maxDocumentBytes, {
      origin: input.origin ?? input.name,
      collector: options.collector,
      now: ingestedAt,
    });
  } catch (err) {
    if (err instanceof NotStreamableError) return undefined;
    if (err instanceof InputError) return { result: readFailure(input.name, err) };
    return { result: parseFailure(input.name, err, '') };
  }
  const { digest } = parsed;
  if (await options.store.hasDocument(digest)) return { result: duplicate(input.name, digest) };
  if ('error' in parsed) return { result: parseFailure(input.name, parsed.error, digest) };
  return { digest, facts: parsed.facts };
}

function duplicate(name: string, digest: string): DocumentResult {
  return { name, status: 'duplicate', digest, packages: 0, artifacts: 0, dependencies: 0, skipped: 0 };
}

/** A document read and parsed, not yet stored (prepareDocument → storeDocument). */
export interface PreparedDocument {
  ingestedAt: string;
  parsed: Parsed;
}

/** Reads and parses one document; never throws for a bad document (store failures do). */
export async function prepareDocument(input: InputDocument, options: IngestOptions): Promise<PreparedDocument> {
  const ingestedAt = new Date().toISOString();
  const parsed = (await parseStreamed(input, options, ingestedAt)) ?? (await parseWhole(input, options, ingestedAt));
  return { ingestedAt, parsed };
}

/** Stores a prepared document, or reports why it is not stored. */
export async function storeDocument(
  input: InputDocument,
  { ingestedAt, parsed }: PreparedDocument,
  options: IngestOptions,
): Promise<DocumentResult> {
  if ('result' in parsed) return parsed.result;
  const { digest, facts } = parsed;
  // Store failures are not the document's fault: they stop the batch.
  const outcome = await options.store.writeDocument({
    digest,
    name: input.name,
    facts,
    origin: input.origin ?? input.name,
    collector: options.collector,
    ingestedAt,
    ingestedBy: options.ingestedBy,
    ...(options.build ? { build: options.build } : {}),
  });
  // Stored meanwhile (the same bytes earlier in a pipelined batch): as if found before parsing.
  if (outcome.status === 'duplicate') return duplicate(input.name, digest);
  return {
    name: input.name,
    status: outcome.status,
    digest,
    format: facts.format,
    packages: facts.packages.length,
    artifacts: facts.artifacts.length,
    dependencies: facts.dependencies.length,
    skipped: facts.skipped.length,
    skippedItems: facts.skipped,
  };
}

/** Parses and stores one document; never throws for a bad document, only reports it. */
export async function ingestDocument(input: InputDocument, options: IngestOptions): Promise<DocumentResult> {
  return storeDocument(input, await prepareDocument(input, options), options);
}

/**
 * One document's bytes parsed into facts, not stored (a verdict on an SBOM that is not kept);
 * a document that cannot be read is a DocumentResult failure, as ingest reports it.
 */
export function parseDocumentBytes(
  name: string,
  bytes: Uint8Array,
  options: Pick<IngestOptions, 'collector' | 'signatures'>,
): { facts: DocumentFacts } | { failure: DocumentResult } {
  const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  const job = { name, bytes, digest, origin: name, collector: options.collector, now: new Date().toISOString() };
  return parseBytesHere(job, options.signatures);
}
