// `supplygraph ingest`: one line per failed document (file and reason), a summary at the end
// that names the first skipped items (--json lists them all), exit 0 only when every document
// went in.
import { SingleBar, Presets } from 'cli-progress';
import {
  documentsOf,
  expandInputs,
  prepareDocument,
  storeDocument,
  type DocumentResult,
  type IngestOptions,
  type InputDocument,
  type PreparedDocument,
  type SignatureVerifier,
} from '../ingest/pipeline.js';
import { ParsePool, parseWorkerCount } from '../ingest/parse-pool.js';
import { signatureSettingsOf } from '../ingest/signatures/index.js';
import type { Invocation } from '../config/load.js';
import { openStore } from '../store/open.js';
import type { GraphStore } from '../store/types.js';
import { signatureVerifierOf } from './signature-options.js';
import type { BuildInput } from '../model/build.js';
import { buildInputOf } from '../query/projects.js';

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
  /** What the flags say about the builds the SBOMs are (--project, --build-version, …), checked. */
  build?: BuildInput;
  json: boolean;
  quiet: boolean;
}

type Totals = Record<
  'documents' | 'stored' | 'duplicate' | 'failed' | 'packages' | 'artifacts' | 'dependencies' | 'skipped',
  number
>;

/** What a run has seen so far: the counts, the failures and the skipped items. */
interface Tally {
  totals: Totals;
  failures: DocumentResult[];
  skips: SkipLine[];
}

function newTally(): Tally {
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
  return { totals, failures: [], skips: [] };
}

function count(tally: Tally, result: DocumentResult): void {
  const { totals } = tally;
  totals.documents++;
  totals[result.status]++;
  totals.packages += result.packages;
  totals.artifacts += result.artifacts;
  totals.dependencies += result.dependencies;
  totals.skipped += result.skipped;
  for (const s of result.skippedItems ?? []) tally.skips.push({ document: result.name, ...s });
  if (result.status === 'failed') tally.failures.push(result);
}

/** The progress bar over the sources: on a terminal, for more than one source, unless quiet or JSON. */
class Progress {
  private readonly bar: SingleBar | undefined;
  private done = 0;
  private current = '';

  constructor(
    private readonly total: number,
    options: IngestCliOptions,
  ) {
    this.bar =
      process.stderr.isTTY && !options.quiet && !options.json && total > 1
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
    this.bar?.start(total, 0, { file: '' });
  }

  /** A line goes above the bar, which then carries on from where it was. */
  say(line: string): void {
    this.bar?.stop();
    console.error(line);
    this.bar?.start(this.total, this.done, { file: this.current });
  }

  sourceDone(name: string): void {
    this.current = name.slice(-40);
    this.bar?.update(++this.done, { file: this.current });
  }

  stop(): void {
    this.bar?.stop();
  }
}

async function sourcesOf(paths: string[], options: IngestCliOptions): Promise<InputDocument[]> {
  const inputs: InputDocument[] = [];
  const limits = { pipeWaitMs: options.pipeWaitMs, origin: options.origin };
  for await (const input of expandInputs(paths, options.maxDocumentBytes, limits)) inputs.push(input);
  return inputs;
}

/** Documents read and parsed ahead of the one being written, per parse worker. */
const AHEAD_PER_WORKER = 4;

/** A document being prepared (read, parsed) while earlier ones are written, or the end of a source. */
type Queued = { input: InputDocument; prepared: Promise<PreparedDocument> } | { sourceDone: string };

async function ingestSources(store: GraphStore, inputs: InputDocument[], options: IngestCliOptions, tally: Tally) {
  const progress = new Progress(inputs.length, options);
  const pool = parsePoolFor(inputs, options);
  const ingestOptions: IngestOptions = {
    store,
    collector: options.collector,
    maxDocumentBytes: options.maxDocumentBytes,
    ingestedBy: 'cli' as const,
    ...(options.signatures ? { signatures: options.signatures } : {}),
    ...(options.build ? { build: options.build } : {}),
    ...(pool ? { parseBytes: pool.parse } : {}),
  };
  const ahead = pool ? AHEAD_PER_WORKER * parseWorkerCount() : 1;
  const queue: Queued[] = [];
  // Written in input order, each as soon as it is prepared and those before it are written.
  const writeNext = async (): Promise<void> => {
    const next = queue.shift()!;
    if ('sourceDone' in next) return progress.sourceDone(next.sourceDone);
    const result = await storeDocument(next.input, await next.prepared, ingestOptions);
    count(tally, result);
    if (result.status === 'failed' && !options.json) progress.say(`${result.name}: ${result.error}`);
  };
  // Documents are grouped into transactions of about a second (each still all or nothing):
  // per-document COMMITs were a measured share of a many-document ingest.
  const batched = <T>(work: () => Promise<T>): Promise<T> => (store.writeBatch ? store.writeBatch(work) : work());
  try {
    await batched(async () => {
      for (const source of inputs) {
        for await (const input of documentsOf(source, options.maxDocumentBytes)) {
          const prepared = prepareDocument(input, ingestOptions);
          prepared.catch(() => undefined); // awaited in turn; until then a store failure is not unhandled
          queue.push({ input, prepared });
          while (queue.length > ahead) await writeNext();
        }
        queue.push({ sourceDone: source.name });
      }
      while (queue.length) await writeNext();
    });
  } finally {
    progress.stop();
    await pool?.close();
  }
}

/**
 * Parse workers, when there is more than one source to overlap parsing with and the workers can
 * load the same signature verifier (from the settings it was loaded from).
 */
function parsePoolFor(inputs: readonly InputDocument[], options: IngestCliOptions): ParsePool | undefined {
  if (inputs.length < 2 || parseWorkerCount() === 0) return undefined;
  const verifier = options.signatures;
  if (!verifier) return new ParsePool(parseWorkerCount());
  const settings = signatureSettingsOf(verifier);
  return settings ? new ParsePool(parseWorkerCount(), { verifier, settings }) : undefined;
}

function printSummary({ totals, failures, skips }: Tally, seconds: number, json: boolean): void {
  if (json) {
    const failed = failures.map((f) => ({ file: f.name, error: f.error }));
    console.log(JSON.stringify({ ...totals, seconds, failures: failed, skippedItems: skips }));
    return;
  }
  console.error(
    `${totals.documents} documents (${totals.stored} stored, ${totals.duplicate} already present, ${totals.failed} failed); ` +
      `${totals.packages} packages, ${totals.artifacts} artifacts, ${totals.dependencies} dependency edges, ${totals.skipped} items skipped; ${seconds.toFixed(2)} s`,
  );
  for (const s of skips.slice(0, SKIPS_SHOWN)) console.error(`  skipped ${s.document} ${s.path}: ${s.reason}`);
  if (skips.length > SKIPS_SHOWN)
    console.error(`  … and ${skips.length - SKIPS_SHOWN} more skipped items; --json lists them all`);
}

export async function runIngest(paths: string[], options: IngestCliOptions): Promise<number> {
  const store = await openStore(options.store);
  const started = performance.now();
  const tally = newTally();
  try {
    await ingestSources(store, await sourcesOf(paths, options), options, tally);
  } finally {
    await store.close();
  }
  printSummary(tally, (performance.now() - started) / 1000, options.json);
  return tally.totals.failed === 0 ? 0 : 2;
}

export function ingestCommand({ settings, args, flags }: Invocation<'ingest'>): Promise<number> {
  if (settings.origin !== undefined && args.length !== 1)
    throw new Error(`--origin names one source; ingest was given ${args.length} paths`);
  const signatures = signatureVerifierOf(settings);
  const build = buildInputOf({
    project: flags.project,
    version: flags.buildVersion,
    commit: flags.commit,
    branch: flags.branch,
    buildUrl: flags.buildUrl,
    builtAt: flags.builtAt,
    label: flags.labels?.split(',').filter((l) => l !== ''),
  });
  return runIngest([...args], {
    store: settings.store,
    collector: settings.collector,
    maxDocumentBytes: settings.maxDocumentSize,
    pipeWaitMs: settings.pipeWait,
    ...(settings.origin === undefined ? {} : { origin: settings.origin }),
    ...(signatures ? { signatures } : {}),
    ...(build ? { build } : {}),
    json: flags.json,
    quiet: flags.quiet,
  });
}
