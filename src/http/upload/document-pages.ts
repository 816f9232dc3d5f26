// Paging of the document list: newest first by the store's document id (keyset), so a page never
// repeats or skips a document while others are uploaded or deleted. The cursor is opaque to
// clients: base64url of the last id returned and the filters it was issued for.
import type { DocumentQuery } from '../../store/types.js';
import { ProblemError } from '../errors.js';

export interface DocumentFilters {
  format?: string;
  subject?: string;
}

interface CursorBody {
  /** Last document id of the previous page. */
  d: number;
  f: string | null;
  s: string | null;
}

function badCursor(reason: string): never {
  throw new ProblemError('SG_INVALID_CURSOR', `invalid Cursor: ${reason}`);
}

export function encodeDocumentCursor(lastId: number, filters: DocumentFilters): string {
  const body: CursorBody = { d: lastId, f: filters.format ?? null, s: filters.subject ?? null };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

/** The id to continue before; refuses a cursor that is malformed or was issued for other filters. */
export function decodeDocumentCursor(text: string, filters: DocumentFilters): number {
  if (!/^[A-Za-z0-9_-]{1,4096}$/.test(text)) badCursor('it is not a cursor this server issued');
  let body: Partial<CursorBody>;
  try {
    body = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<CursorBody>;
  } catch {
    badCursor('it is not a cursor this server issued');
  }
  const filter = (v: unknown): boolean => v === null || typeof v === 'string';
  if (
    typeof body !== 'object' ||
    body === null ||
    !Number.isSafeInteger(body.d) ||
    (body.d as number) < 1 ||
    !filter(body.f) ||
    !filter(body.s)
  )
    badCursor('it is not a cursor this server issued');
  if (body.f !== (filters.format ?? null) || body.s !== (filters.subject ?? null))
    badCursor('it was issued for other filters (format, subject)');
  return body.d as number;
}

/** The store query for one page: one document more than the page, to know whether more remain. */
export function documentQuery(filters: DocumentFilters, pageSize: number, cursor: string | undefined): DocumentQuery {
  return {
    ...filters,
    ...(cursor === undefined ? {} : { beforeId: decodeDocumentCursor(cursor, filters) }),
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
