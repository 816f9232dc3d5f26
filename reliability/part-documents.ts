// Part 2, hostile documents: each generated document is ingested by the CLI into a store that
// already holds the examples; it must be refused or stored cleanly, and the store must stay
// consistent (opens, serves, the examples' answers unchanged).
import { join } from 'node:path';
import { ingestExamples, EXAMPLE_DOCUMENTS } from './base.js';
import { writeHostileDocuments, type HostileDocument } from './documents.js';
import { differences, discoverProbes, probePaths, snapshot } from './probes.js';
import { firstFew, PartRecorder, round, type PartResult } from './report.js';
import { runIngest, startService, storeStats, workDir } from './service.js';

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

    const crashes: string[] = [];
    const halfWritten: string[] = [];
    const unexpected: string[] = [];
    const outcomes: string[] = [];
    let entries = 0;
    let slowest = { file: '', seconds: 0 };
    let stats = await storeStats(store);
    for (const doc of docs) {
      const result = await runIngest(
        store,
        [join(dir.path, doc.file)],
        log('ingest.log'),
        options.ingestTimeoutMs ?? 300_000,
      );
      const seconds = result.millis / 1000;
      if (seconds > slowest.seconds) slowest = { file: doc.file, seconds: round(seconds) };
      const after = await storeStats(store);
      if (result.documents < 0 || ![0, 2].includes(result.code) || !after.ok) {
        crashes.push(
          `${doc.file} (${doc.what}): ingest exit ${result.code}, store ${after.ok ? 'opens' : `does not open: ${after.text}`}; see ${log('ingest.log')}`,
        );
        stats = after;
        continue;
      }
      entries += result.documents;
      const outcome =
        result.failed === 0 ? 'stored' : result.stored + result.duplicate === 0 ? 'refused' : 'partly stored';
      outcomes.push(
        `${doc.file}: ${outcome}${result.failures[0] ? ` (${result.failures[0].error.slice(0, 100)})` : ''}`,
      );
      // A document refused whole must leave no trace.
      if (outcome === 'refused' && after.text !== stats.text)
        halfWritten.push(`${doc.file}: the store changed although it was refused`);
      if (doc.expect !== 'either' && outcome !== doc.expect)
        unexpected.push(`${doc.file} (${doc.what}): ${outcome}, expected ${doc.expect}`);
      stats = after;
    }
    const after = await examplesSnapshot(store, log('serve-after.log'), before.paths);
    const changed = differences(before.answers, after.answers);

    r.figure('documents tried', docs.length);
    r.figure('documents including zip entries', entries);
    r.figure('slowest document', `${slowest.file} (${slowest.seconds} s)`);
    r.hard(
      'ingest neither crashed nor hung on any document',
      crashes.length === 0,
      `${docs.length} documents tried (${entries} with zip entries); slowest ${slowest.file} ${slowest.seconds} s`,
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
      changed.length === 0,
      `${before.paths.length} answers compared, ${changed.length} differ`,
      firstFew(changed),
    );
    r.hard(
      'documents meant to be refused are refused, and the ones meant to be stored are stored',
      unexpected.length === 0,
      `${unexpected.length} of ${docs.length} not as expected`,
      firstFew(unexpected, 10),
    );
    r.figure('outcomes', outcomes.join('; '));
  } finally {
    if (!options.keep) dir.remove();
  }
  return r.result();
}
