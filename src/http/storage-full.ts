// "The disk is full", whichever layer says it: the file system (ENOSPC; EDQUOT, a quota), SQLite
// (SQLITE_FULL) or PostgreSQL (SQLSTATE 53100 disk_full, kept as the code of a store error).
// Such a failure is the operator's to fix, not the request's, and not the backend being away:
// it is answered 507 (docs/errors.md, SG_INSUFFICIENT_STORAGE).
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/** Whether `err` (or an error it wraps as its `cause`) says the disk is full. */
export function isStorageFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && STORAGE_FULL_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
