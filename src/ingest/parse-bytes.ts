// A document's bytes → its facts, or the failure to report: detection and the format's parser,
// run in the ingesting thread or on a parse worker (parse-pool.ts) with the same outcome.
import { DocumentError, type DocumentFacts } from '../model/facts.js';
import { detectFormat, sniff, UnsupportedDocumentError } from './detect.js';
import { failure, type DocumentResult } from './document-result.js';
import type { SignatureVerifier } from './signatures/types.js';

/** One document to parse: read, hashed and known not to be stored yet. */
export interface ParseJob {
  name: string;
  bytes: Uint8Array;
  digest: string;
  origin: string;
  collector: string;
  /** The ingest time, as facts without a time of their own carry it. */
  now: string;
}

export type ParseOutcome = { facts: DocumentFacts } | { failure: DocumentResult };

/** Parses a job's bytes somewhere (IngestOptions.parseBytes): the CLI hands them to workers. */
export type BytesParser = (job: ParseJob) => Promise<ParseOutcome>;

/** The failure reported for an error a parser threw. */
export function parseFailure(name: string, err: unknown, digest: string): DocumentResult {
  if (err instanceof UnsupportedDocumentError) return { ...failure(name, err.message), digest, unsupported: true };
  if (err instanceof DocumentError) return { ...failure(name, err.message), digest };
  // A parser bug on odd input must not stop the batch; the document is reported as failed.
  return failure(name, `could not be parsed (${err instanceof Error ? err.message : String(err)})`);
}

/** Detects and parses the job's document in this thread. */
export function parseBytesHere(job: ParseJob, signatures?: SignatureVerifier): ParseOutcome {
  try {
    const doc = sniff(job.name, job.bytes);
    const parser = detectFormat(doc);
    const facts = parser.parse(doc, {
      origin: job.origin,
      collector: job.collector,
      documentDigest: job.digest,
      now: job.now,
      ...(signatures ? { signatures } : {}),
    });
    return { facts };
  } catch (err) {
    return { failure: parseFailure(job.name, err, job.digest) };
  }
}
