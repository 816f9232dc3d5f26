// Deleting a document for DELETE /v0/documents/{digest}. The embedded store's delete is
// synchronous and reads every other document's dependency set to know which edges it alone
// stated: seconds at 20,000 SBOMs (docs/benchmarks.md, "Portfolio"), which on the server's
// thread stalled every request. It runs on a worker thread with its own connection to the store,
// as large uploads do; PostgreSQL's delete is asynchronous already and stays in this thread.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isPostgresLocation, storeLocationOf, type StoreOptions } from '../../store/open.js';
import type { GraphStore } from '../../store/types.js';
import { runWorkerJob } from '../worker-job.js';

/** What the worker thread is given: plain data only (it reopens the store). */
export interface DeleteJob {
  location: string;
  storeOptions: StoreOptions;
  digest: string;
}

/** The compiled worker; absent when running from the TypeScript sources (tests), where deletes stay in process. */
const WORKER_FILE = fileURLToPath(new URL('./delete-worker.js', import.meta.url));

/** Deletes the document; false when no document has the digest. */
export function deleteDocumentOffThread(store: GraphStore, digest: string): Promise<boolean> {
  const where = storeLocationOf(store);
  if (!where || isPostgresLocation(where.location) || !existsSync(WORKER_FILE)) return store.deleteDocument(digest);
  const job: DeleteJob = { location: where.location, storeOptions: where.options, digest };
  return runWorkerJob<boolean>(WORKER_FILE, job, 'the delete');
}
