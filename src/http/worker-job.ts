// One job on a worker thread of its own (docs/architecture.md, "Ingest and refresh off the event
// loop"): the thread posts back `{ value }` or `{ error, storeError }`; a store failure there is
// a StoreError here (502), anything else an Error (500).
import { parentPort, Worker } from 'node:worker_threads';
import { StoreError } from '../store/types.js';

export type WorkerReply<T> = { value: T } | { error: string; storeError: boolean };

/** Runs the compiled `file` with `data`; `what` names the job in the error of a thread that stops without an answer. */
export function runWorkerJob<T>(file: string, data: unknown, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: data });
    let replied = false;
    worker.once('message', (reply: WorkerReply<T>) => {
      replied = true;
      if ('value' in reply) resolve(reply.value);
      else reject(reply.storeError ? new StoreError(reply.error) : new Error(reply.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!replied) reject(new Error(`${what}'s worker thread stopped (exit ${code}) before it answered`));
    });
  });
}

/** In the worker: runs `work` and posts its outcome back. */
export function answerFromWorker<T>(work: Promise<T>): void {
  work.then(
    (value) => parentPort?.postMessage({ value } satisfies WorkerReply<T>),
    (err: unknown) =>
      parentPort?.postMessage({
        error: err instanceof Error ? err.message : String(err),
        storeError: err instanceof StoreError,
      } satisfies WorkerReply<T>),
  );
}
