// `supplygraph documents list|show|delete`: the documents of the store, straight from the store
// (like ingest), with the same fields as GET /v0/documents. Exit 0, or 1 with one line saying why.
import type { SkippedItem } from '../model/facts.js';
import { documentSummary } from '../http/schemas/documents.js';
import { documentDigest } from '../query/documents.js';
import { withStore } from './preflight.js';

export interface DocumentListOptions {
  format?: string;
  subject?: string;
  limit: number;
  json: boolean;
}

export function runDocumentList(location: string, options: DocumentListOptions): Promise<number> {
  return withStore(location, async (store) => {
    const { documents, total } = await store.listDocuments({
      ...(options.format === undefined ? {} : { format: options.format }),
      ...(options.subject === undefined ? {} : { subject: options.subject }),
      limit: options.limit,
    });
    if (options.json) {
      console.log(JSON.stringify({ total, documents: documents.map(documentSummary) }));
      return 0;
    }
    for (const d of documents)
      console.log([d.digest, d.ingestedAt, d.format, d.subject ?? '-', d.ingestedBy ?? '-', d.origin].join('  '));
    const more = total > documents.length ? `; --limit ${total} lists them all` : '';
    console.error(`${documents.length} of ${total} documents, newest first${more}`);
    return 0;
  });
}

function describeSkip(s: SkippedItem): string {
  return `  skipped ${s.path || '(document)'}: ${s.reason}`;
}

export function runDocumentShow(location: string, digestText: string, json: boolean): Promise<number> {
  const digest = documentDigest(digestText);
  return withStore(location, async (store) => {
    const doc = await store.getDocument(digest);
    if (!doc) {
      console.error(`supplygraph: no document has the digest ${digest}`);
      return 1;
    }
    const skipped = (await store.documentSkips(digest)) ?? [];
    if (json) {
      console.log(JSON.stringify({ ...documentSummary(doc), skipped }));
      return 0;
    }
    const { counts, skippedCount, ...fields } = documentSummary(doc);
    const lines: [string, string | number | null][] = [
      ...Object.entries(fields),
      ['counts', `${counts.packages} packages, ${counts.artifacts} artifacts, ${counts.dependencies} dependencies`],
      ['skipped', skippedCount],
    ];
    const width = Math.max(...lines.map(([k]) => k.length));
    for (const [key, value] of lines) console.log(`${key.padEnd(width)}  ${value ?? '-'}`);
    for (const s of skipped) console.log(describeSkip(s));
    return 0;
  });
}

export function runDocumentDelete(location: string, digestText: string): Promise<number> {
  const digest = documentDigest(digestText);
  return withStore(location, async (store) => {
    const deleted = await store.deleteDocument(digest);
    await store.appendAudit({
      at: new Date().toISOString(),
      token: null,
      client: 'cli',
      action: 'document.delete',
      digest,
      result: deleted ? 'deleted' : 'not-found',
    });
    if (!deleted) {
      console.error(`supplygraph: no document has the digest ${digest}`);
      return 1;
    }
    console.error(`deleted ${digest}; running servers drop its facts at their next refresh`);
    return 0;
  });
}
