// Part 2, hostile documents: each generated document is ingested by the CLI into a store that
// already holds the examples; it must be refused or stored cleanly, and the store must stay
// consistent (opens, serves, the examples' answers unchanged).
import { join } from 'node:path';
import { ingestExamples, EXAMPLE_DOCUMENTS } from './base.js';
import { writeHostileDocuments, type HostileDocument } from './documents.js';
import { differences, discoverProbes, probePaths, snapshot } from './probes.js';
import { firstFew, PartRecorder, round, type PartResult } from './report.js';
import { runIngest, startService, storeStats, workDir, type IngestSummary } from './service.js';

export interface DocumentsPartOptions {
  scale: 'quick' | 'full';
  /** Only these files (quick runs); all when absent. */
  only?: readonly string[];
  /** Per document. */
  ingestTimeoutMs?: number;
  keep?: boolean;
}

/** The examples' answers, rankings left out (stored hostile documents add dependency edges). */
async function examplesSnapshot(store: string, logFile: string, paths?: string[]) {
  const service = await startService({ store, logFile });
  try {
    paths ??= probePaths(await discoverProbes(service.port, EXAMPLE_DOCUMENTS, 20)).filter(
      (p) => !p.startsWith('/analysis/'),
    );
    return { paths, answers: await snapshot(service.port, paths) };
  } finally {
    await service.stop();
  }
}

/** What ingesting the hostile documents one at a time showed. */
interface Tally {
  crashes: string[];
  /** Refused documents that changed the store all the same. */
  halfWritten: string[];
  /** Documents refused that should have been stored, or the other way round. */
  unexpected: string[];
  outcomes: string[];
  /** Documents ingested, zip entries counted one by one. */
  entries: number;
  slowest: { file: string; seconds: number };
}

type StoreStats = Awaited<ReturnType<typeof storeStats>>;

function outcomeOf(result: IngestSummary): 'stored' | 'refused' | 'partly stored' {
  if (result.failed === 0) return 'stored';
  return result.stored + result.duplicate === 0 ? 'refused' : 'partly stored';
}

/** Adds one document's ingest to the tally; `before` and `after` are the store's stats around it. */
function tallyIngest(
  tally: Tally,
  doc: HostileDocument,
  result: IngestSummary,
  stores: { before: StoreStats; after: StoreStats },
  logFile: string,
): void {
  const seconds = result.millis / 1000;
  if (seconds > tally.slowest.seconds) tally.slowest = { file: doc.file, seconds: round(seconds) };
  const { before, after } = stores;
  if (result.documents < 0 || ![0, 2].includes(result.code) || !after.ok) {
    tally.crashes.push(
      `${doc.file} (${doc.what}): ingest exit ${result.code}, store ${after.ok ? 'opens' : `does not open: ${after.text}`}; see ${logFile}`,
    );
    return;
  }
  tally.entries += result.documents;
  const outcome = outcomeOf(result);
  tally.outcomes.push(
    `${doc.file}: ${outcome}${result.failures[0] ? ` (${result.failures[0].error.slice(0, 100)})` : ''}`,
  );
  // A document refused whole must leave no trace.
  if (outcome === 'refused' && after.text !== before.text)
    tally.halfWritten.push(`${doc.file}: the store changed although it was refused`);
  if (doc.expect !== 'either' && outcome !== doc.expect)
    tally.unexpected.push(`${doc.file} (${doc.what}): ${outcome}, expected ${doc.expect}`);
}

/** Ingests each document of `dir` on its own into `store`, by the CLI. */
async function ingestEach(
  docs: readonly HostileDocument[],
  dir: string,
  store: string,
  logFile: string,
  timeoutMs: number,
): Promise<Tally> {
  const tally: Tally = {
    crashes: [],
    halfWritten: [],
    unexpected: [],
    outcomes: [],
    entries: 0,
    slowest: { file: '', seconds: 0 },
  };
  let before = await storeStats(store);
  for (const doc of docs) {
    const result = await runIngest(store, [join(dir, doc.file)], logFile, timeoutMs);
    const after = await storeStats(store);
    tallyIngest(tally, doc, result, { before, after }, logFile);
    before = after;
  }
  return tally;
}

function recordChecks(
  r: PartRecorder,
  tried: number,
  tally: Tally,
  answers: { compared: number; changed: string[] },
): void {
  const { crashes, halfWritten, unexpected, entries, slowest } = tally;
  r.figure('documents tried', tried);
  r.figure('documents including zip entries', entries);
  r.figure('slowest document', `${slowest.file} (${slowest.seconds} s)`);
  r.hard(
    'ingest neither crashed nor hung on any document',
    crashes.length === 0,
    `${tried} documents tried (${entries} with zip entries); slowest ${slowest.file} ${slowest.seconds} s`,
    firstFew(crashes),
  );
  r.hard(
    'a refused document leaves the store unchanged',
    halfWritten.length === 0,
    `${halfWritten.length} changed it`,
    firstFew(halfWritten),
  );
  r.hard(
    "the store stays consistent: it opens, serves, and the examples' answers are unchanged",
    answers.changed.length === 0,
    `${answers.compared} answers compared, ${answers.changed.length} differ`,
    firstFew(answers.changed),
  );
  r.hard(
    'documents meant to be refused are refused, and the ones meant to be stored are stored',
    unexpected.length === 0,
    `${unexpected.length} of ${tried} not as expected`,
    firstFew(unexpected, 10),
  );
  r.figure('outcomes', tally.outcomes.join('; '));
}

export async function documentsPart(options: DocumentsPartOptions): Promise<PartResult> {
  const r = new PartRecorder('hostile documents');
  const dir = workDir('docs');
  const store = join(dir.path, 'store');
  const log = (name: string): string => join(dir.path, name);
  try {
    await ingestExamples(store, log('ingest.log'));
    const before = await examplesSnapshot(store, log('serve-before.log'));
    let docs: HostileDocument[] = await writeHostileDocuments(dir.path, { scale: options.scale });
    if (options.only) docs = docs.filter((d) => options.only!.includes(d.file));
    const tally = await ingestEach(docs, dir.path, store, log('ingest.log'), options.ingestTimeoutMs ?? 300_000);
    const after = await examplesSnapshot(store, log('serve-after.log'), before.paths);
    const changed = differences(before.answers, after.answers);
    recordChecks(r, docs.length, tally, { compared: before.paths.length, changed });
  } finally {
    if (!options.keep) dir.remove();
  }
  return r.result();
}
