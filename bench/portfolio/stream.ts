// One SBOM a second uploaded while questions are asked back to back: how long until an upload is
// visible (over HTTP, and from the CLI in another process), and what the readers see meanwhile.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN } from '../lib/paths.js';
import { get, runToEnd, sleep, waitFor } from '../lib/proc.js';
import type { BuildDocument } from './build-stream.js';
import type { LatestBuilds } from './fill.js';
import { subjectPath, type Question } from './questions.js';
import type { RunningService } from './server.js';
import { summarise, type LatencySummary } from './timings.js';

export interface StreamFigures {
  uploads: number;
  /** HTTP upload answered: the server answers once its index holds the document. */
  httpUploadToVisible: LatencySummary;
  /** From the CLI's start to the server answering for the new build (another process's write). */
  cliIngestToVisible: LatencySummary;
  /** Every question asked during the stream. */
  queriesDuringUploads: LatencySummary;
  /** Digests of the documents uploaded over HTTP (a delete picks one). */
  uploaded: string[];
}

/** Every tenth upload goes through the CLI (another process), the rest over HTTP. */
const CLI_EVERY = 10;

async function uploadOverHttp(service: RunningService, doc: BuildDocument): Promise<{ ms: number; digest: string }> {
  const started = performance.now();
  const res = await fetch(`${service.base}/v0/documents?name=${encodeURIComponent(doc.name)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
    body: doc.text,
  });
  const answer = (await res.json()) as { digest?: string };
  if (res.status !== 201 || answer.digest === undefined) throw new Error(`upload of ${doc.name}: ${res.status}`);
  return { ms: performance.now() - started, digest: answer.digest };
}

async function ingestWithCli(service: RunningService, store: string, doc: BuildDocument, outDir: string) {
  const file = join(outDir, doc.name);
  writeFileSync(file, doc.text);
  const started = performance.now();
  const run = await runToEnd(
    process.execPath,
    [BIN, 'ingest', '--store', store, '--quiet', file],
    join(outDir, 'stream-cli.log'),
    600_000,
  );
  if (run.code !== 0) throw new Error(`CLI ingest of ${doc.name} failed`);
  await waitFor(async () => (await get(service.base, visibilityPath(doc))).status === 200, 600_000, 10);
  return performance.now() - started;
}

/** A path that answers 404 until the build is in the server's index. */
function visibilityPath(doc: BuildDocument): string {
  return `${subjectPath(doc)}/dependencies?PageSize=1`;
}

/** The next document of the stream that the store does not hold yet (a run on a reused store). */
async function nextNew(service: RunningService, stream: Iterator<BuildDocument>): Promise<BuildDocument> {
  for (;;) {
    const doc = stream.next().value as BuildDocument;
    const digest = createHash('sha256').update(doc.text).digest('hex');
    if ((await get(service.base, `/v0/documents/sha256:${digest}`)).status === 404) return doc;
  }
}

/** Asks the questions in turn until `stop` says so; returns every latency. */
async function askUntil(service: RunningService, questions: readonly Question[], stop: () => boolean) {
  const latencies: number[] = [];
  for (let i = 0; !stop(); i++) {
    const question = questions[i % questions.length];
    const res = await get(service.base, question.path, 600_000);
    if (res.status !== 200) throw new Error(`${question.name}: ${res.status} during the upload stream`);
    latencies.push(res.ms);
  }
  return latencies;
}

export async function uploadStream(
  service: RunningService,
  stream: Iterator<BuildDocument>,
  options: { seconds: number; store: string; outDir: string; questions: readonly Question[] },
  latest: LatestBuilds,
): Promise<StreamFigures> {
  let done = false;
  const asking = askUntil(service, options.questions, () => done);
  const http: number[] = [];
  const cli: number[] = [];
  const uploaded: string[] = [];
  for (let second = 0; second < options.seconds; second++) {
    const tick = sleep(1000);
    const doc = await nextNew(service, stream);
    if ((second + 1) % CLI_EVERY === 0) cli.push(await ingestWithCli(service, options.store, doc, options.outDir));
    else {
      const upload = await uploadOverHttp(service, doc);
      http.push(upload.ms);
      uploaded.push(upload.digest);
    }
    latest.set(doc.service, { ...doc, text: '' });
    await tick;
  }
  done = true;
  const queries = await asking;
  return {
    uploads: options.seconds,
    httpUploadToVisible: summarise(http),
    cliIngestToVisible: summarise(cli),
    queriesDuringUploads: summarise(queries),
    uploaded,
  };
}
