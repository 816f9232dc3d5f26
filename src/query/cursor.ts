// The one cursor codec (docs/api.md, "Pagination"): a cursor is opaque base64url JSON that says
// which list it belongs to and where the next page starts. Two kinds share it: the cursors of
// lists the index pages (pagination.ts: scope, store version, offset and last key) and the
// keyset cursors of lists the store pages newest first by a growing id (the documents, the audit
// log: the list and the id the next page starts below). Both carry no secret, so they stay valid
// across restarts and replicas; anything a list did not issue is 400 SG_INVALID_CURSOR.
import { InvalidInputError } from './errors.js';

/** base64url, bounded: anything else was not issued here. */
const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,4096}$/;

export function refuseCursor(reason: string): never {
  throw new InvalidInputError('Cursor', `invalid Cursor: ${reason}`, 'SG_INVALID_CURSOR');
}

export function encodeCursorBody(body: object): string {
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

/** The JSON a cursor's text holds; refused (`notIssued`) when it is not base64url JSON. */
export function decodeCursorBody(text: string, notIssued: string): unknown {
  if (!CURSOR_TEXT.test(text)) refuseCursor(notIssued);
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
  } catch {
    return refuseCursor(notIssued);
  }
}

interface KeysetCursorBody {
  v: 1;
  /** The list it belongs to: a cursor of another list is refused. */
  l: string;
  /** The next page holds the rows with a smaller id than this. */
  b: number;
}

const NOT_THIS_LIST = 'it is not a cursor this server issued for this list';

/** A keyset cursor: rows added meanwhile (newer, so on earlier pages) never shift a page. */
export function encodeKeysetCursor(list: string, beforeId: number): string {
  const body: KeysetCursorBody = { v: 1, l: list, b: beforeId };
  return encodeCursorBody(body);
}

/** The id the next page starts below; 400 (SG_INVALID_CURSOR) for anything this list did not issue. */
export function decodeKeysetCursor(list: string, text: string): number {
  const body = decodeCursorBody(text, NOT_THIS_LIST) as Partial<KeysetCursorBody> | null;
  if (typeof body !== 'object' || body === null || body.v !== 1 || body.l !== list) return refuseCursor(NOT_THIS_LIST);
  const id = body.b;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return refuseCursor(NOT_THIS_LIST);
  return id;
}

interface KeyCursorBody {
  v: 1;
  l: string;
  /** The last row's sort key: the next page starts after it. */
  k: (string | number)[];
}

/** A keyset cursor over a composite sort key (text and numbers), for lists the store pages by more than an id. */
export function encodeKeyCursor(list: string, key: readonly (string | number)[]): string {
  const body: KeyCursorBody = { v: 1, l: list, k: [...key] };
  return encodeCursorBody(body);
}

/** The key a cursor of `list` holds, checked against the types of `shape` (one typeof per part); 400 otherwise. */
export function decodeKeyCursor(
  list: string,
  text: string,
  shape: readonly ('string' | 'number')[],
): (string | number)[] {
  const body = decodeCursorBody(text, NOT_THIS_LIST) as Partial<KeyCursorBody> | null;
  if (typeof body !== 'object' || body === null || body.v !== 1 || body.l !== list) return refuseCursor(NOT_THIS_LIST);
  const key = body.k;
  if (!Array.isArray(key) || key.length !== shape.length || key.some((part, i) => typeof part !== shape[i])) {
    return refuseCursor(NOT_THIS_LIST);
  }
  return key;
}
