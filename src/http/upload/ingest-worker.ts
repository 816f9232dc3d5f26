// The worker thread of a large upload (docs/architecture.md, "Ingest and refresh off the event
// loop"): opens its own connection to the server's store, parses, translates and stores the
// body exactly as the in-process path does, and posts back the outcome. Parsing a 160 MB SBOM
// and writing it take seconds of CPU; here they cost the server's event loop nothing.
import { workerData } from 'node:worker_threads';
import { loadSignatureVerifier } from '../../ingest/signatures/index.js';
import { openStore } from '../../store/open.js';
import { answerFromWorker } from '../worker-job.js';
import { ingestUploadHere, type UploadJob, type UploadOutcome } from './ingest-upload.js';

/** Connections of the worker's own PostgreSQL pool: one document is written at a time. */
const WORKER_POOL_SIZE = 2;

async function run(job: UploadJob): Promise<UploadOutcome> {
  const store = await openStore(job.location, { ...job.storeOptions, poolSize: WORKER_POOL_SIZE });
  try {
    const { signatureSettings, body } = job;
    const outcome = await ingestUploadHere(body, {
      store,
      name: job.name,
      collector: job.collector,
      maxDocumentBytes: job.maxDocumentBytes,
      ...(job.ingestedBy === undefined ? {} : { ingestedBy: job.ingestedBy }),
      ...(job.build === undefined ? {} : { build: job.build }),
      ...(signatureSettings ? { signatures: loadSignatureVerifier(signatureSettings) } : {}),
    });
    return outcome;
  } finally {
    await store.close();
  }
}

answerFromWorker(run(workerData as UploadJob));
