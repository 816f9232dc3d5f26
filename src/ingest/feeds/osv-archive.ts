// An OSV archive taken into the store record by record (docs/api.md, "Feeds"): entries listed one
// at a time from the zip, in batches; an entry named after a record the feed took with the same
// size and CRC-32 costs a lookup and is never inflated; any other is read, and a new record, or a
// newer one (by `modified`), is ingested as a document, and the
// matcher re-matches only the packages it names. A record that left the archive is withdrawn: a
// record saying so is ingested (the older one stops matching); should it come back, it is taken
// again dated when it came back (its own, older `modified` would lose to the withdrawal).
import { basename } from 'node:path';
import type { FeedRecord } from '../../store/types.js';
import { ingestDocument, type IngestOptions } from '../pipeline.js';
import { DEFAULT_ZIP_LIMITS, zipEntryBatches, type ZipEntry } from '../zip.js';
import { NO_CHANGES, type SyncChanges } from '../../model/feed.js';
import type { FeedStore } from '../../store/types.js';
import { recordFileBatches } from './record-files.js';

/** Entries looked up and written together; a batch also ends past BATCH_BYTES of records. */
const BATCH_ENTRIES = 500;
const BATCH_BYTES = 16 * 1024 * 1024;
/** The digest a feed keeps for a record it withdrew (the record is gone from the source). */
export const WITHDRAWN = 'withdrawn';
/** Failures named in the sync's error (the rest are counted). */
const NAMED_FAILURES = 3;

export interface ArchiveSync {
  feed: string;
  /** The archive's URL or path: what the documents' origins name. */
  source: string;
  /** The archive on disk (a directory of records for syncOsvRecordFiles). */
  path: string;
  /** Between the source and an entry's file in a document's origin: `!/` (default) in an archive. */
  within?: string;
  feeds: FeedStore;
  ingest: IngestOptions;
  now: () => number;
}

interface Entry {
  file: string;
  bytes: Buffer;
  digest: string;
  id: string;
  modified: string;
}

class Tally {
  readonly changes: SyncChanges = { ...NO_CHANGES };
  readonly failures: string[] = [];

  fail(what: string, reason: string): void {
    this.changes.failed++;
    if (this.failures.length < NAMED_FAILURES) this.failures.push(`${what}: ${reason}`);
  }
}

/** The record's id and modified time, or why it is not an OSV record. */
function identify(bytes: Buffer): { id: string; modified: string } | string {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return 'not JSON';
  }
  const record = json as { id?: unknown; modified?: unknown };
  if (typeof record.id !== 'string' || record.id === '') return 'no "id": not an OSV record';
  if (typeof record.modified !== 'string') return `${record.id}: no "modified"`;
  return { id: record.id, modified: record.modified };
}

/** What one sync carries from batch to batch. */
class ArchivePass {
  readonly tally = new Tally();
  readonly seen = new Set<string>();
  private batch: Entry[] = [];
  private bytes = 0;

  constructor(private readonly job: ArchiveSync) {}

  /** Listed entries: those the feed took with the same bytes are skipped unread; the rest are read. */
  async takeListed(listed: readonly ZipEntry[]): Promise<void> {
    const named = await storedById(
      this.job,
      listed.map((e) => idOfFile(e.file)),
    );
    for (const entry of listed) {
      const id = idOfFile(entry.file);
      if (named.get(id)?.digest === entry.digest) {
        this.seen.add(id);
        this.tally.changes.unchanged++;
      } else await this.read(entry);
    }
  }

  private async read(entry: ZipEntry): Promise<void> {
    let bytes: Buffer;
    try {
      bytes = await entry.read();
    } catch (err) {
      this.tally.fail(entry.file, entry.error ?? (err instanceof Error ? err.message : 'unreadable'));
      return;
    }
    const found = identify(bytes);
    if (typeof found === 'string') return this.tally.fail(entry.file, found);
    this.seen.add(found.id);
    this.batch.push({ file: entry.file, bytes, digest: entry.digest, ...found });
    this.bytes += bytes.length;
    if (this.batch.length >= BATCH_ENTRIES || this.bytes >= BATCH_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    const batch = this.batch;
    [this.batch, this.bytes] = [[], 0];
    await takeBatch(this.job, batch, this.tally);
  }
}

/** The id an entry's file name gives (osv.dev names each record `<id>.json`); only a hint. */
function idOfFile(file: string): string {
  return basename(file, '.json');
}

async function storedById(job: ArchiveSync, ids: readonly string[]): Promise<Map<string, FeedRecord>> {
  return new Map((await job.feeds.feedRecords(job.feed, ids)).map((r) => [r.id, r]));
}

/** Takes the archive; the changes it made, and the first failures (each record left out alone). */
export function syncOsvArchive(job: ArchiveSync): Promise<{ changes: SyncChanges; failures: string[] }> {
  const limits = { ...DEFAULT_ZIP_LIMITS, maxEntryBytes: job.ingest.maxDocumentBytes };
  return syncListed(job, zipEntryBatches(job.path, limits, { size: BATCH_ENTRIES }));
}

/** Takes the records of a directory (`job.path`) as syncOsvArchive takes an archive's. */
export function syncOsvRecordFiles(job: ArchiveSync): Promise<{ changes: SyncChanges; failures: string[] }> {
  return syncListed(job, recordFileBatches(job.path, job.ingest.maxDocumentBytes, BATCH_ENTRIES));
}

async function syncListed(
  job: ArchiveSync,
  batches: AsyncIterable<ZipEntry[]>,
): Promise<{ changes: SyncChanges; failures: string[] }> {
  const pass = new ArchivePass(job);
  for await (const listed of batches) await pass.takeListed(listed);
  await pass.flush();
  await withdrawGone(job, pass.seen, pass.tally);
  return { changes: pass.tally.changes, failures: pass.tally.failures };
}

async function takeBatch(job: ArchiveSync, batch: readonly Entry[], tally: Tally): Promise<void> {
  if (batch.length === 0) return;
  const stored = await storedById(
    job,
    batch.map((e) => e.id),
  );
  const fresh = batch.filter((e) => isNewer(e, stored.get(e.id), tally));
  // Unchanged by `modified` but listed with other bytes (or named otherwise): the new digest is
  // kept, so the next pass skips the entry unread.
  const isFresh = new Set(fresh);
  const taken: FeedRecord[] = batch
    .filter((e) => !isFresh.has(e) && stored.get(e.id)?.digest !== e.digest)
    .map((e) => ({ ...stored.get(e.id)!, digest: e.digest }));
  const at = new Date(job.now()).toISOString();
  const write = async (): Promise<void> => {
    for (const e of fresh) {
      const bytes = stored.get(e.id)?.digest === WITHDRAWN ? redated(e.bytes, at) : e.bytes;
      const origin = `${job.source}${job.within ?? '!/'}${e.file}`;
      const result = await ingestDocument({ name: origin, origin, read: () => Promise.resolve(bytes) }, job.ingest);
      if (result.status === 'failed') tally.fail(e.file, result.error ?? 'not stored');
      else {
        tally.changes[stored.has(e.id) ? 'updated' : 'added']++;
        taken.push({ id: e.id, modified: e.modified, digest: e.digest });
      }
    }
  };
  await (job.ingest.store.writeBatch ? job.ingest.store.writeBatch(write) : write());
  if (taken.length) await job.feeds.putFeedRecords(job.feed, taken);
}

/** A record that came back after it was withdrawn, dated `at` so it wins over the withdrawal. */
function redated(bytes: Buffer, at: string): Buffer {
  return Buffer.from(JSON.stringify({ ...(JSON.parse(bytes.toString('utf8')) as object), modified: at }));
}

/** A record is taken when the feed has not taken it, it came back, or it is newer by `modified`. */
function isNewer(e: Entry, stored: FeedRecord | undefined, tally: Tally): boolean {
  if (stored && stored.digest !== WITHDRAWN && (stored.digest === e.digest || stored.modified >= e.modified)) {
    tally.changes.unchanged++;
    return false;
  }
  return true;
}

/** The records the feed took before that the archive no longer has: each withdrawn, once. */
async function withdrawGone(job: ArchiveSync, seen: ReadonlySet<string>, tally: Tally): Promise<void> {
  const gone = (await job.feeds.feedRecordIds(job.feed)).filter((id) => !seen.has(id));
  const at = new Date(job.now()).toISOString();
  const write = async (): Promise<void> => {
    for (const id of gone) {
      const bytes = Buffer.from(JSON.stringify(withdrawal(id, at, job.source)));
      const result = await ingestDocument(
        { name: `${job.source} (withdrawn: ${id})`, origin: job.source, read: () => Promise.resolve(bytes) },
        job.ingest,
      );
      if (result.status === 'failed') tally.fail(id, result.error ?? 'withdrawal not stored');
      else tally.changes.removed++;
    }
  };
  await (job.ingest.store.writeBatch ? job.ingest.store.writeBatch(write) : write());
  if (gone.length)
    await job.feeds.putFeedRecords(
      job.feed,
      gone.map((id) => ({ id, modified: at, digest: WITHDRAWN })),
    );
}

/** An OSV record that withdraws `id`: the matcher keeps the newest record of an id. */
function withdrawal(id: string, at: string, source: string): object {
  return {
    schema_version: '1.6.0',
    id,
    modified: at,
    withdrawn: at,
    summary: `Withdrawn: no longer published by ${source}`,
    details: `The record was no longer in ${source} at ${at}; supplygraph treats it as withdrawn.`,
    affected: [],
  };
}
