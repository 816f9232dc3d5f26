// The worker thread of a delete (delete-document.ts): its own connection to the server's store,
// the delete, the answer posted back.
import { workerData } from 'node:worker_threads';
import { openStore } from '../../store/open.js';
import { answerFromWorker } from '../worker-job.js';
import type { DeleteJob } from './delete-document.js';

async function run(job: DeleteJob): Promise<boolean> {
  const store = await openStore(job.location, job.storeOptions);
  try {
    return await store.deleteDocument(job.digest);
  } finally {
    await store.close();
  }
}

answerFromWorker(run(workerData as DeleteJob));
