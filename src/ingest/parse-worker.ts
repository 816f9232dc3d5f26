// A parse worker of the CLI's ingest (parse-pool.ts): parses each job it is sent exactly as the
// ingesting thread would (parse-bytes.ts) and posts the outcome back with the job's number.
import { parentPort, workerData } from 'node:worker_threads';
import { parseBytesHere, type ParseJob, type ParseOutcome } from './parse-bytes.js';
import { loadSignatureVerifier, type SignatureSettings } from './signatures/index.js';

export interface ParseRequest {
  id: number;
  job: ParseJob;
}

export interface ParseReply {
  id: number;
  outcome: ParseOutcome;
}

const settings = workerData as SignatureSettings | undefined;
const signatures = settings ? loadSignatureVerifier(settings) : undefined;

parentPort?.on('message', ({ id, job }: ParseRequest) => {
  parentPort?.postMessage({ id, outcome: parseBytesHere(job, signatures) } satisfies ParseReply);
});
