// Token rows as both backends select them → TokenRecord.
import type { TokenRecord, TokenScope } from './types.js';

export const TOKEN_COLUMNS = 'name, scope, hash, created_at, expires_at, last_used_at';

export interface TokenRow {
  name: string;
  scope: string;
  hash: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

export function tokenFromRow(r: TokenRow): TokenRecord {
  return {
    name: r.name,
    scope: r.scope as TokenScope,
    hash: r.hash,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    lastUsedAt: r.last_used_at,
  };
}
