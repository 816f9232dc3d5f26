// An uploaded body through the one ingest pipeline, exactly as the CLI ingests a file: the format
// detected from content, a zip archive read entry by entry by random access, one document parsed
// and stored at a time. What comes back is described for the answer (SPEC §8).
import { readFile } from 'node:fs/promises';
import {
  documentsOf,
  ingestDocument,
  type DocumentResult,
  type InputDocument,
  type SignatureVerifier,
} from '../../ingest/pipeline.js';
import type { GraphStore } from '../../store/types.js';
import type { DocumentOutcome, UploadResult } from '../schemas/documents.js';
import type { ReceivedBody } from './receive.js';

export interface UploadIngestOptions {
  store: GraphStore;
  /** Names the upload in messages and is recorded as its origin (entries: name!/entry). */
  name: string;
  collector: string;
  maxDocumentBytes: number;
  ingestedBy?: string;
  /** Judges provenance signatures, as the CLI's ingest does. */
  signatures?: SignatureVerifier;
}

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

export async function ingestUpload(body: ReceivedBody, options: UploadIngestOptions): Promise<UploadOutcome> {
  const { store, name } = options;
  const input: InputDocument = { name, path: body.path, origin: name, read: () => readFile(body.path) };
  const ingestOptions = {
    store,
    collector: options.collector,
    maxDocumentBytes: options.maxDocumentBytes,
    ...(options.ingestedBy === undefined ? {} : { ingestedBy: options.ingestedBy }),
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
