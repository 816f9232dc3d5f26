// Fills a store with the first SBOMs of the build stream through the CLI, a batch of documents at
// a time (written to a scratch folder, ingested, removed: never the whole stream on disk).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN } from '../lib/paths.js';
import { runToEnd } from '../lib/proc.js';
import type { BuildDocument } from './build-stream.js';
import { directoryBytes } from '../lib/disk.js';

/** The newest build of each service, as the questions name it. */
export type LatestBuilds = Map<string, BuildDocument>;

export interface FillFigures {
  sboms: number;
  seconds: number;
  sbomsPerSecond: number;
  /** SBOMs per second of each batch, in order: whether ingest slows as the store grows. */
  batchRates: number[];
  storeBytes: number;
  components: number;
}

/** Only what the questions need of a document: its text is dropped once it is written. */
function remember(latest: LatestBuilds, doc: BuildDocument): void {
  latest.set(doc.service, { ...doc, text: '' });
}

async function ingestBatch(store: string, dir: string, logFile: string): Promise<void> {
  const run = await runToEnd(
    process.execPath,
    [BIN, 'ingest', '--store', store, '--json', '--quiet', dir],
    logFile,
    3_600_000,
  );
  const summary = JSON.parse(run.stdout) as { failed: number; documents: number };
  if (run.code !== 0 || summary.failed > 0)
    throw new Error(`ingest of ${dir} failed (exit ${run.code}): see ${logFile}`);
}

/** Writes the next `size` documents into a fresh scratch folder; returns their components. */
function writeBatch(stream: Iterator<BuildDocument>, size: number, scratch: string, latest: LatestBuilds): number {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  let components = 0;
  for (let i = 0; i < size; i++) {
    const doc = stream.next().value as BuildDocument;
    writeFileSync(join(scratch, doc.name), doc.text);
    components += doc.components;
    remember(latest, doc);
  }
  return components;
}

/** Ingests `count` documents of `stream` into `store`, `batch` at a time. */
export async function fillStore(
  stream: Iterator<BuildDocument>,
  count: number,
  options: { store: string; batch: number; scratch: string; logFile: string },
  latest: LatestBuilds,
): Promise<FillFigures> {
  const started = performance.now();
  const batchRates: number[] = [];
  let done = 0;
  let components = 0;
  while (done < count) {
    const size = Math.min(options.batch, count - done);
    components += writeBatch(stream, size, options.scratch, latest);
    const batchStarted = performance.now();
    await ingestBatch(options.store, options.scratch, options.logFile);
    batchRates.push(Math.round((size / (performance.now() - batchStarted)) * 10_000) / 10);
    done += size;
    console.log(`fill: ${done}/${count} SBOMs, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  rmSync(options.scratch, { recursive: true, force: true });
  const seconds = (performance.now() - started) / 1000;
  return {
    sboms: count,
    seconds: Math.round(seconds),
    sbomsPerSecond: Math.round((count / seconds) * 10) / 10,
    batchRates,
    storeBytes: directoryBytes(options.store),
    components,
  };
}

/** The newest builds of a store filled earlier by the same stream (nothing ingested). */
export function replayLatest(stream: Iterator<BuildDocument>, count: number, latest: LatestBuilds): void {
  for (let i = 0; i < count; i++) remember(latest, stream.next().value as BuildDocument);
}
