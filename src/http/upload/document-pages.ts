// Paging of the document list: newest first by the store's document id (keyset, see
// query/cursor.ts), so a page never repeats or skips a document while others are uploaded or
// deleted; the cursor names the filters it was issued for.
import type { DocumentQuery } from '../../store/types.js';
import { ProblemError } from '../errors.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../query/cursor.js';

export interface DocumentFilters {
  format?: string;
  subject?: string;
}

/** The list a cursor belongs to: the documents under these filters (another filter's cursor is refused). */
function listOf(filters: DocumentFilters): string {
  return `documents:${JSON.stringify([filters.format ?? null, filters.subject ?? null])}`;
}

export function encodeDocumentCursor(lastId: number, filters: DocumentFilters): string {
  return encodeKeysetCursor(listOf(filters), lastId);
}

/** The store query for one page: one document more than the page, to know whether more remain. */
export function documentQuery(filters: DocumentFilters, pageSize: number, cursor: string | undefined): DocumentQuery {
  return {
    ...filters,
    ...(cursor === undefined ? {} : { beforeId: decodeKeysetCursor(listOf(filters), cursor) }),
    limit: pageSize + 1,
  };
}

const DIGEST = /^(?:sha256:)?([0-9a-f]{64})$/i;

/** `sha256:<hex>` in lower case; a bare 64-digit hex is taken as sha256. Anything else is 400. */
export function documentDigest(text: string): string {
  const hex = DIGEST.exec(text)?.[1];
  if (!hex)
    throw new ProblemError(
      'SG_INVALID_DIGEST',
      `invalid document digest "${text.slice(0, 100)}": expected sha256:<64 hex digits>`,
    );
  return `sha256:${hex.toLowerCase()}`;
}
