// An uploaded body through the one ingest pipeline, exactly as the CLI ingests a file: the format
// detected from content, a zip archive read entry by entry by random access, one document parsed
// and stored at a time. What comes back is described for the answer (docs/api.md, "Documents"). A large body is
// ingested on a worker thread (ingest-worker.ts), so the event loop keeps answering meanwhile.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  documentsOf,
  ingestDocument,
  type DocumentResult,
  type InputDocument,
  type SignatureVerifier,
} from '../../ingest/pipeline.js';
import { signatureSettingsOf, type SignatureSettings } from '../../ingest/signatures/index.js';
import { storeLocationOf, type StoreOptions } from '../../store/open.js';
import type { GraphStore } from '../../store/types.js';
import type { BuildInput } from '../../model/build.js';
import { runWorkerJob } from '../worker-job.js';
import type { DocumentOutcome, UploadResult } from '../schemas/documents.js';
import type { ReceivedBody } from './receive.js';

export interface UploadIngestOptions {
  store: GraphStore;
  /** Names the upload in messages and is recorded as its origin (entries: name!/entry). */
  name: string;
  collector: string;
  maxDocumentBytes: number;
  ingestedBy?: string;
  /** What the upload says about the builds its SBOMs are (checked). */
  build?: BuildInput;
  /** Judges provenance signatures, as the CLI's ingest does. */
  signatures?: SignatureVerifier;
  /** Bodies of at least this many bytes go to a worker thread (default WORKER_ABOVE_BYTES). */
  workerAboveBytes?: number;
}

/**
 * Bodies this large or larger are ingested on a worker thread. Below it, parsing and storing
 * take a few milliseconds, less than starting a worker; a 1 MiB document takes about 50 ms.
 */
export const WORKER_ABOVE_BYTES = 1024 * 1024;

/** What the worker thread is given: plain data only (the store and verifier are rebuilt there). */
export interface UploadJob extends Omit<UploadIngestOptions, 'store' | 'signatures' | 'workerAboveBytes'> {
  body: ReceivedBody;
  location: string;
  storeOptions: StoreOptions;
  signatureSettings?: SignatureSettings;
}

/** The compiled worker; absent when running from the TypeScript sources (tests), where uploads stay in process. */
const WORKER_FILE = fileURLToPath(new URL('./ingest-worker.js', import.meta.url));

/** What became of an upload: one document, one refused document, or the entries of an archive. */
export type UploadOutcome =
  | { kind: 'document'; result: DocumentOutcome }
  | { kind: 'rejected'; message: string; unsupported: boolean }
  | { kind: 'archive'; results: UploadResult[] };

const NO_COUNTS = { packages: 0, artifacts: 0, dependencies: 0 };

/** A stored (or already present) document as the answer shows it; subject and counts come from the store. */
async function describe(store: GraphStore, result: DocumentResult): Promise<DocumentOutcome> {
  const digest = result.digest ?? '';
  const stored = await store.getDocument(digest);
  const fresh = result.status === 'stored';
  return {
    digest,
    format: stored?.format ?? result.format ?? '',
    status: fresh ? 'stored' : 'already-present',
    subject: stored?.subject ?? null,
    counts: stored?.counts ?? (fresh ? result : NO_COUNTS),
    skipped: (fresh ? result.skippedItems : await store.documentSkips(digest)) ?? [],
  };
}

function entryName(archive: string, name: string): string {
  return name.startsWith(`${archive}!/`) ? name.slice(archive.length + 2) : name;
}

/**
 * Ingests an uploaded body: on a worker thread when it is large and the store and signature
 * settings can be reopened there (a store opened by openStore, a verifier loaded from settings),
 * else in this thread.
 */
export async function ingestUpload(body: ReceivedBody, options: UploadIngestOptions): Promise<UploadOutcome> {
  const job = body.bytes >= (options.workerAboveBytes ?? WORKER_ABOVE_BYTES) ? workerJob(body, options) : undefined;
  return job ? runWorkerJob<UploadOutcome>(WORKER_FILE, job, 'the upload') : ingestUploadHere(body, options);
}

/** The job for a worker thread, or undefined when this upload cannot move there. */
function workerJob(body: ReceivedBody, options: UploadIngestOptions): UploadJob | undefined {
  const where = storeLocationOf(options.store);
  const signatureSettings = options.signatures && signatureSettingsOf(options.signatures);
  if (!where || (options.signatures && !signatureSettings) || !existsSync(WORKER_FILE)) return undefined;
  return {
    body,
    location: where.location,
    storeOptions: where.options,
    name: options.name,
    collector: options.collector,
    maxDocumentBytes: options.maxDocumentBytes,
    ...(options.ingestedBy === undefined ? {} : { ingestedBy: options.ingestedBy }),
    ...(options.build === undefined ? {} : { build: options.build }),
    ...(signatureSettings ? { signatureSettings } : {}),
  };
}

/** The upload ingested in this thread. */
export async function ingestUploadHere(body: ReceivedBody, options: UploadIngestOptions): Promise<UploadOutcome> {
  const { store, name } = options;
  const input: InputDocument = { name, path: body.path, origin: name, read: () => readFile(body.path) };
  const ingestOptions = {
    store,
    collector: options.collector,
    maxDocumentBytes: options.maxDocumentBytes,
    ...(options.ingestedBy === undefined ? {} : { ingestedBy: options.ingestedBy }),
    ...(options.build === undefined ? {} : { build: options.build }),
    ...(options.signatures === undefined ? {} : { signatures: options.signatures }),
  };
  const entries: UploadResult[] = [];
  for await (const doc of documentsOf(input, options.maxDocumentBytes)) {
    const result = await ingestDocument(doc, ingestOptions);
    // The body itself (not an archive), or an archive that cannot be read at all: one answer.
    if (doc.name === name) {
      if (result.status === 'failed')
        return { kind: 'rejected', message: `${name}: ${result.error}`, unsupported: result.unsupported === true };
      return { kind: 'document', result: await describe(store, result) };
    }
    const entry = entryName(name, doc.name);
    if (result.status === 'failed') {
      entries.push({
        name: entry,
        digest: result.digest ?? null,
        format: null,
        status: 'failed',
        subject: null,
        counts: NO_COUNTS,
        skipped: [],
        error: result.error ?? 'failed',
      });
    } else entries.push({ name: entry, ...(await describe(store, result)) });
  }
  if (entries.length === 0)
    return { kind: 'rejected', message: `${name}: the zip archive holds no documents`, unsupported: false };
  return { kind: 'archive', results: entries };
}
