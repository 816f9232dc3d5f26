// The small store most parts start from: the example documents shipped in examples/.
import { join } from 'node:path';
import { ROOT, runIngest } from './service.js';

export const EXAMPLE_DOCUMENTS = [join(ROOT, 'examples', 'demo'), join(ROOT, 'examples', 'real')];

/** Ingests the examples into `store`; throws unless every document went in. */
export async function ingestExamples(store: string, logFile: string): Promise<void> {
  const r = await runIngest(store, EXAMPLE_DOCUMENTS, logFile, 120_000);
  if (r.code !== 0 || r.failed) throw new Error(`ingest of the examples failed (exit ${r.code}); see ${logFile}`);
}
