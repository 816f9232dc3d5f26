// The worker thread of a feed sync (run-feed-sync.ts): its own connection to the server's store,
// the sync, the outcome posted back.
import { workerData } from 'node:worker_threads';
import { openStore } from '../../store/open.js';
import { answerFromWorker } from '../worker-job.js';
import { syncHere, type FeedJob } from './run-feed-sync.js';

/** Connections of the worker's own PostgreSQL pool: one record is written at a time. */
const WORKER_POOL_SIZE = 2;

async function run(job: FeedJob) {
  const store = await openStore(job.location, { ...job.storeOptions, poolSize: WORKER_POOL_SIZE });
  try {
    return await syncHere(store, job.feed, job);
  } finally {
    await store.close();
  }
}

answerFromWorker(run(workerData as FeedJob));
