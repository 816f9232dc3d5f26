// The audit log (docs/api.md, "Access and tokens"), read through the access port: one page,
// newest first, with a keyset cursor (cursor.ts), so events written meanwhile never shift a page.
import type { AccessStore, StoredAuditEvent } from '../store/types.js';
import { decodeKeysetCursor, encodeKeysetCursor } from './cursor.js';

const CURSOR_LIST = 'audit';

export interface AuditPage {
  events: StoredAuditEvent[];
  /** Every event of the log. */
  total: number;
  nextCursor?: string;
}

export async function auditPage(
  access: Pick<AccessStore, 'listAudit'>,
  pageSize: number,
  cursor: string | undefined,
): Promise<AuditPage> {
  const beforeId = cursor === undefined ? undefined : decodeKeysetCursor(CURSOR_LIST, cursor);
  // One more than the page: whether more remain without a second query.
  const listed = await access.listAudit({ beforeId, limit: pageSize + 1 });
  const events = listed.events.slice(0, pageSize);
  const last = events.at(-1);
  const page: AuditPage = { events, total: listed.total };
  if (listed.events.length > pageSize && last) page.nextCursor = encodeKeysetCursor(CURSOR_LIST, last.id);
  return page;
}
