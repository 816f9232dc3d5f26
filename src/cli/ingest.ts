// `supplygraph ingest`: one line per failed document (file and reason), a summary at the end
// that names the first skipped items (--json lists them all), exit 0 only when every document
// went in.
import { SingleBar, Presets } from 'cli-progress';
import {
  documentsOf,
  expandInputs,
  ingestDocument,
  type DocumentResult,
  type InputDocument,
  type SignatureVerifier,
} from '../ingest/pipeline.js';
import { openStore } from '../store/open.js';

/** Skipped items the text summary names; --json lists every one. */
const SKIPS_SHOWN = 5;

interface SkipLine {
  document: string;
  path: string;
  reason: string;
}

export interface IngestCliOptions {
  store: string;
  collector: string;
  maxDocumentBytes: number;
  /** How long a named pipe may go without a writer. */
  pipeWaitMs: number;
  /** Recorded in place of the path given (one source only). */
  origin?: string;
  /** Judges provenance signatures (--trusted-keys, --sigstore-trusted-root, --require-signed-provenance). */
  signatures?: SignatureVerifier;
  json: boolean;
  quiet: boolean;
}

export async function runIngest(paths: string[], options: IngestCliOptions): Promise<number> {
  const store = await openStore(options.store);
  const started = performance.now();
  const totals = {
    documents: 0,
    stored: 0,
    duplicate: 0,
    failed: 0,
    packages: 0,
    artifacts: 0,
    dependencies: 0,
    skipped: 0,
  };
  const failures: DocumentResult[] = [];
  const skips: SkipLine[] = [];
  const inputs: InputDocument[] = [];
  for await (const input of expandInputs(paths, options.maxDocumentBytes, {
    pipeWaitMs: options.pipeWaitMs,
    origin: options.origin,
  }))
    inputs.push(input);
  const bar =
    process.stderr.isTTY && !options.quiet && !options.json && inputs.length > 1
      ? new SingleBar(
          {
            format: 'ingest [{bar}] {value}/{total} files | {file}',
            stream: process.stderr,
            hideCursor: true,
            clearOnComplete: true,
          },
          Presets.shades_classic,
        )
      : undefined;
  bar?.start(inputs.length, 0, { file: '' });
  let done = 0;
  let current = '';
  // Documents are grouped into transactions of about a second (each still all or nothing):
  // per-document COMMITs were a measured share of a many-document ingest.
  const batched = <T>(work: () => Promise<T>): Promise<T> => (store.writeBatch ? store.writeBatch(work) : work());
  try {
    await batched(async () => {
      for (const source of inputs) {
        for await (const input of documentsOf(source, options.maxDocumentBytes)) {
          const result = await ingestDocument(input, {
            store,
            collector: options.collector,
            maxDocumentBytes: options.maxDocumentBytes,
            ingestedBy: 'cli',
            ...(options.signatures ? { signatures: options.signatures } : {}),
          });
          totals.documents++;
          totals[result.status]++;
          totals.packages += result.packages;
          totals.artifacts += result.artifacts;
          totals.dependencies += result.dependencies;
          totals.skipped += result.skipped;
          for (const s of result.skippedItems ?? []) skips.push({ document: result.name, ...s });
          if (result.status === 'failed') {
            failures.push(result);
            if (!options.json) {
              // The line goes above the bar, which then carries on from where it was.
              bar?.stop();
              console.error(`${result.name}: ${result.error}`);
              bar?.start(inputs.length, done, { file: current });
            }
          }
        }
        current = source.name.slice(-40);
        bar?.update(++done, { file: current });
      }
    });
  } finally {
    bar?.stop();
    await store.close();
  }
  const seconds = (performance.now() - started) / 1000;
  if (options.json) {
    console.log(
      JSON.stringify({
        ...totals,
        seconds,
        failures: failures.map((f) => ({ file: f.name, error: f.error })),
        skippedItems: skips,
      }),
    );
  } else {
    console.error(
      `${totals.documents} documents (${totals.stored} stored, ${totals.duplicate} already present, ${totals.failed} failed); ` +
        `${totals.packages} packages, ${totals.artifacts} artifacts, ${totals.dependencies} dependency edges, ${totals.skipped} items skipped; ${seconds.toFixed(2)} s`,
    );
    for (const s of skips.slice(0, SKIPS_SHOWN)) console.error(`  skipped ${s.document} ${s.path}: ${s.reason}`);
    if (skips.length > SKIPS_SHOWN)
      console.error(`  … and ${skips.length - SKIPS_SHOWN} more skipped items; --json lists them all`);
  }
  return totals.failed === 0 ? 0 : 2;
}
