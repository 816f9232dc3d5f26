// One pagination scheme for the lists the index answers (docs/api.md, "Pagination"; the cursor
// codec is cursor.ts). Lists are sorted by a key; a cursor carries
// the list's scope, the store version and the last key returned. While the data is unchanged
// the next page starts at the remembered offset; after a change it starts right after the last
// key (binary search), so a page never repeats or skips an item that was there before.
// Cursors carry no secret, so they stay valid across restarts and replicas; instead they are
// checked against the list (docs/api.md, "Paging"): at the cursor's version the item before its
// offset must have its key, so an altered offset or key is refused rather than followed.
import { createHash } from 'node:crypto';
import { decodeCursorBody, encodeCursorBody, refuseCursor } from './cursor.js';
import { InvalidInputError } from './errors.js';

export type SortKey = readonly (string | number)[];

export interface PageRequest {
  pageSize?: number;
  cursor?: string;
}

export interface PageLimits {
  /** Largest list returned whole when no PageSize is given. */
  listCap: number;
  /** Largest PageSize accepted. */
  maxPageSize: number;
}

export interface Page<T> {
  items: T[];
  totalCount: number;
  nextCursor?: string;
}

interface CursorBody {
  v: 1;
  s: string; // scope
  g: number; // store version
  o: number; // offset of the next item
  k: (string | number)[]; // key of the last item returned
}

export function compareKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}

export function scopeOf(...parts: (string | number | boolean)[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 16);
}

const NOT_ISSUED = 'it is not a cursor this server issued';

function decodeCursor(text: string): CursorBody {
  const c = decodeCursorBody(text, NOT_ISSUED) as Partial<CursorBody> | null;
  if (
    typeof c !== 'object' ||
    c === null ||
    c.v !== 1 ||
    typeof c.s !== 'string' ||
    !Number.isInteger(c.g) ||
    !Number.isInteger(c.o) ||
    (c.o as number) < 0 ||
    !Array.isArray(c.k) ||
    !c.k.every((x) => typeof x === 'string' || typeof x === 'number')
  ) {
    refuseCursor(NOT_ISSUED);
  }
  return c as CursorBody;
}

function badPageSize(name: string, limits: PageLimits, given?: string): never {
  throw new InvalidInputError(
    name,
    `invalid ${name}${given === undefined ? '' : ` "${given}"`}: must be a whole number from 1 to ${limits.maxPageSize}, in plain decimal digits`,
    'SG_INVALID_PAGE_SIZE',
  );
}

export function validatePageSize(pageSize: number | undefined, limits: PageLimits, name = 'PageSize'): void {
  if (pageSize === undefined) return;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > limits.maxPageSize) badPageSize(name, limits);
}

/** Plain decimal digits without sign, spaces or leading zeros: "0x10", "1e2", " 1", "+1", "01" are refused. */
const PAGE_SIZE_TEXT = /^[1-9][0-9]{0,15}$/;
const PAGE_SIZE_PARAMETERS = ['PageSize', 'paginationSpec[PageSize]'];

/** Checks the page-size query parameters as the client wrote them (before any type coercion). */
export function checkPageSizeTexts(query: Record<string, unknown> | undefined, limits: PageLimits): void {
  if (!query) return;
  for (const name of PAGE_SIZE_PARAMETERS) {
    const value = query[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') badPageSize(name, limits); // given more than once
    if (!PAGE_SIZE_TEXT.test(value)) badPageSize(name, limits, value.slice(0, 32));
    validatePageSize(Number(value), limits, name);
  }
}

/**
 * Cuts one page out of a sorted list. `keyOf` must give each item a unique key consistent with
 * the list order. Without PageSize the list comes whole up to the cap, and past the cap the
 * first page comes with a NextCursor: nothing is cut silently.
 */
/**
 * Where the page after cursor `c` starts in `items`; 400 for a cursor that could not have been
 * issued for this list. At the same version the offset is trusted only when the item before it
 * has the cursor's key (the list is the same, so an issued cursor always passes); at another
 * version only the key is used, and it must have the shape of this list's keys.
 */
function startOf<T>(c: CursorBody, items: readonly T[], keyOf: (item: T) => SortKey, version: number): number {
  const altered = (): never => refuseCursor('it was altered (its position and last key do not agree with this list)');
  if (c.g === version) {
    if (c.o < 1 || c.o >= items.length || compareKeys(keyOf(items[c.o - 1]), c.k) !== 0) altered();
    return c.o;
  }
  if (items.length > 0 && !sameShape(keyOf(items[0]), c.k)) altered();
  // The data changed: continue right after the last key returned.
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKeys(keyOf(items[mid]), c.k) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Same length, and a number or a string at each place as in `key`. */
function sameShape(key: SortKey, other: SortKey): boolean {
  return key.length === other.length && key.every((part, i) => typeof part === typeof other[i]);
}

export function paginate<T>(
  items: readonly T[],
  keyOf: (item: T) => SortKey,
  request: PageRequest,
  limits: PageLimits,
  scopeOfList: () => string,
  version: number,
): Page<T> {
  let scopeValue: string | undefined;
  // Hashing the scope is only needed when a cursor is read or written.
  const scope = (): string => (scopeValue ??= scopeOfList());
  validatePageSize(request.pageSize, limits);
  const size = request.pageSize ?? limits.listCap;
  let start = 0;
  if (request.cursor !== undefined) {
    const c = decodeCursor(request.cursor);
    if (c.s !== scope()) refuseCursor('it belongs to another list (a different path or parameters)');
    start = startOf(c, items, keyOf, version);
  }
  const end = Math.min(start + size, items.length);
  const page: Page<T> = { items: items.slice(start, end), totalCount: items.length };
  if (end < items.length && end > start) {
    page.nextCursor = encodeCursorBody({ v: 1, s: scope(), g: version, o: end, k: [...keyOf(items[end - 1])] });
  }
  return page;
}
