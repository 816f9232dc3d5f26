// Cursors of the lists the store pages itself, newest first by a growing id (the audit log, the
// documents): the cursor names the list and the last id returned, so rows added meanwhile (newer,
// so on earlier pages) never shift a page, and no row is skipped or repeated. Opaque base64url JSON.
import { ProblemError } from './errors.js';

interface KeysetCursorBody {
  v: 1;
  /** The list it belongs to: a cursor of another list is refused. */
  l: string;
  /** The next page holds the rows with a smaller id than this. */
  b: number;
}

export function encodeKeysetCursor(list: string, beforeId: number): string {
  const body: KeysetCursorBody = { v: 1, l: list, b: beforeId };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

/** The id the next page starts below; 400 (SG_INVALID_CURSOR) for anything this list did not issue. */
export function decodeKeysetCursor(list: string, text: string): number {
  const refuse = (): never => {
    throw new ProblemError('SG_INVALID_CURSOR', 'invalid Cursor: it is not a cursor this server issued for this list');
  };
  if (!/^[A-Za-z0-9_-]{1,4096}$/.test(text)) refuse();
  let body: Partial<KeysetCursorBody> | null = null;
  try {
    body = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<KeysetCursorBody> | null;
  } catch {
    refuse();
  }
  if (typeof body !== 'object' || body === null || body.v !== 1 || body.l !== list) return refuse();
  const id = body.b;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return refuse();
  return id;
}
