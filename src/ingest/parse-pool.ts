// Worker threads that parse documents for the CLI's ingest, so that reading, hashing and writing
// in the ingesting thread overlap with parsing (docs/architecture.md, "Layers", ingest): a document's
// bytes go to the least busy worker (moved, not copied) and its facts come back by structured
// clone. Errors stay outcomes: a parser's throw is the document's failure, as in-thread.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parseBytesHere, type ParseJob, type ParseOutcome } from './parse-bytes.js';
import type { ParseReply, ParseRequest } from './parse-worker.js';
import type { SignatureSettings } from './signatures/index.js';
import type { SignatureVerifier } from './signatures/types.js';

/** Jobs a worker holds before the ingesting thread parses the next one itself. */
const QUEUED_PER_WORKER = 2;

const WORKER_FILE = fileURLToPath(new URL('./parse-worker.js', import.meta.url));

/** One worker per core but the ingesting thread's, at most four (none on one core). */
export function parseWorkerCount(): number {
  return Math.min(4, availableParallelism() - 1);
}

interface Pending {
  resolve: (outcome: ParseOutcome) => void;
  reject: (err: Error) => void;
  worker: Worker;
}

export class ParsePool {
  private readonly workers: Worker[] = [];
  private readonly load = new Map<Worker, number>();
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  /** `signatures`: the verifier of the ingesting thread, and the settings the workers load it from. */
  constructor(
    size: number,
    private readonly signatures?: { verifier: SignatureVerifier; settings: SignatureSettings },
  ) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(WORKER_FILE, { workerData: signatures?.settings });
      worker.on('message', (reply: ParseReply) => this.settle(reply));
      worker.on('error', (err) => this.fail(worker, err));
      worker.on('exit', (code) => this.fail(worker, new Error(`a parse worker stopped (exit ${code})`)));
      this.workers.push(worker);
      this.load.set(worker, 0);
    }
  }

  /**
   * Parses the job on a worker (its bytes moved there when nothing else shares their memory), or
   * here when every worker has QUEUED_PER_WORKER jobs already: the ingesting thread waits for
   * the workers otherwise (it was idle 38% of a 500-SBOM ingest on two cores with one worker).
   */
  parse = (job: ParseJob): Promise<ParseOutcome> => {
    if (this.workers.length === 0) return Promise.reject(new Error('no parse worker is running'));
    const worker = this.workers.reduce((a, b) => (this.load.get(b)! < this.load.get(a)! ? b : a));
    if (this.load.get(worker)! >= QUEUED_PER_WORKER) {
      return Promise.resolve(parseBytesHere(job, this.signatures?.verifier));
    }
    const id = this.nextId++;
    const bytes = ownMemory(job.bytes);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, worker });
      this.load.set(worker, this.load.get(worker)! + 1);
      worker.postMessage({ id, job: { ...job, bytes } } satisfies ParseRequest, [bytes.buffer as ArrayBuffer]);
    });
  };

  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private settle({ id, outcome }: ParseReply): void {
    const job = this.pending.get(id);
    if (!job) return;
    this.pending.delete(id);
    this.load.set(job.worker, this.load.get(job.worker)! - 1);
    job.resolve(outcome);
  }

  /** A worker that failed or stopped fails the jobs it held (a stop by close() holds none). */
  private fail(worker: Worker, err: Error): void {
    for (const [id, job] of this.pending) {
      if (job.worker !== worker) continue;
      this.pending.delete(id);
      job.reject(err);
    }
    const i = this.workers.indexOf(worker);
    if (i >= 0) this.workers.splice(i, 1);
  }
}

/** The bytes in memory of their own: a Buffer may be a slice of a pool other Buffers share. */
function ownMemory(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : Uint8Array.from(bytes);
}
