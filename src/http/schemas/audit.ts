// Body of GET /v0/audit: the audit log, newest first, one page.
import { Type, type Static, type TUnsafe } from 'typebox';
import type { AuditEvent } from '../../store/types.js';
import { PaginationInfoSchema } from './pagination.js';
import { RefTo } from './typebox.js';

/** OpenAPI 3.0 spells "string or null" with `nullable` (no `null` type). */
function NullableString(description: string): TUnsafe<string | null> {
  return Type.Unsafe<string | null>({ type: 'string', nullable: true, description });
}

export const AuditEventSchema = Type.Object({
  at: Type.String({ format: 'date-time', description: 'When it happened (UTC).' }),
  token: NullableString(
    'Name of the API token; null for a request without one, or with a token that matched none. "cli" records come from the command line.',
  ),
  client: Type.String({ description: 'Client address, or "cli" for the command line.' }),
  action: Type.String({
    description:
      'What was attempted: "document.upload", "document.delete", "auth.failure", "token.create", "token.revoke".',
  }),
  digest: NullableString('The document concerned, if any.'),
  result: Type.String({
    description:
      'What came of it, e.g. "stored", "already-present", "rejected", "deleted", "not-found", "unauthorized", "forbidden", "created", "revoked".',
  }),
});

export const AuditListSchema = Type.Object({
  PaginationInfo: RefTo(PaginationInfoSchema),
  events: Type.Array(AuditEventSchema),
});
export type AuditList = Static<typeof AuditListSchema>;

/** What the API (and the CLI) shows of an audit record: its store id stays inside. */
export function auditEventView({ at, token, client, action, digest, result }: AuditEvent): AuditList['events'][number] {
  return { at, token, client, action, digest, result };
}
