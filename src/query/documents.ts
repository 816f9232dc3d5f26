// The stored documents as records (docs/api.md, "Documents"), read through the document
// catalogue: a page of the list, newest first by the store's document id (keyset, see
// cursor.ts), so a page never repeats or skips a document while others are uploaded or deleted
// (the cursor names the filters it was issued for); one document with what ingest left out.
import type { DocumentCatalogue, DocumentQuery, FactLog, StoredDocument } from '../store/types.js';
import type { SkippedItem } from '../model/facts.js';
import { decodeKeysetCursor, encodeKeysetCursor } from './cursor.js';
import { InvalidInputError, NotFoundError } from './errors.js';

export interface DocumentFilters {
  format?: string;
  subject?: string;
}

/** The list a cursor belongs to: the documents under these filters (another filter's cursor is refused). */
function listOf(filters: DocumentFilters): string {
  return `documents:${JSON.stringify([filters.format ?? null, filters.subject ?? null])}`;
}

/** The store query for one page: one document more than the page, to know whether more remain. */
function documentQuery(filters: DocumentFilters, pageSize: number, cursor: string | undefined): DocumentQuery {
  return {
    ...filters,
    ...(cursor === undefined ? {} : { beforeId: decodeKeysetCursor(listOf(filters), cursor) }),
    limit: pageSize + 1,
  };
}

export interface DocumentPage {
  documents: StoredDocument[];
  /** Every document under the filters. */
  total: number;
  nextCursor?: string;
}

/** One page of the documents under `filters`, newest first, with the cursor of the next. */
export async function documentPage(
  catalogue: Pick<DocumentCatalogue, 'listDocuments'>,
  filters: DocumentFilters,
  pageSize: number,
  cursor: string | undefined,
): Promise<DocumentPage> {
  const { documents, total } = await catalogue.listDocuments(documentQuery(filters, pageSize, cursor));
  const shown = documents.slice(0, pageSize);
  const page: DocumentPage = { documents: shown, total };
  if (documents.length > pageSize) page.nextCursor = encodeKeysetCursor(listOf(filters), shown[pageSize - 1].id);
  return page;
}

/** One stored document and what ingest left out of it; 404 when no document has the digest. */
export async function documentWithSkips(
  store: Pick<DocumentCatalogue, 'getDocument'> & Pick<FactLog, 'documentSkips'>,
  digest: string,
): Promise<{ document: StoredDocument; skipped: SkippedItem[] }> {
  const document = await store.getDocument(digest);
  if (!document) throw new NotFoundError('SG_DOCUMENT_NOT_FOUND', `no document has the digest ${digest}`);
  return { document, skipped: (await store.documentSkips(digest)) ?? [] };
}

const DIGEST = /^(?:sha256:)?([0-9a-f]{64})$/i;

/** `sha256:<hex>` in lower case; a bare 64-digit hex is taken as sha256. Anything else is 400. */
export function documentDigest(text: string): string {
  const hex = DIGEST.exec(text)?.[1];
  if (!hex)
    throw new InvalidInputError(
      'digest',
      `invalid document digest "${text.slice(0, 100)}": expected sha256:<64 hex digits>`,
      'SG_INVALID_DIGEST',
    );
  return `sha256:${hex.toLowerCase()}`;
}
