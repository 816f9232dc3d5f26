// The PostgreSQL store's tokens and audit log (schema step 5). Every replica on one database
// reads the same rows, so a token created or revoked anywhere holds everywhere at once.
import { TOKEN_COLUMNS, tokenFromRow, type TokenRow } from '../admin-rows.js';
import {
  TokenNameTakenError,
  type AuditEvent,
  type AuditQuery,
  type StoredAuditEvent,
  type TokenRecord,
} from '../types.js';
import type { Sql } from './connection.js';
import { inReadSnapshot } from './transaction.js';

const UNIQUE_VIOLATION = '23505';

export async function createToken(sql: Sql, t: TokenRecord): Promise<void> {
  try {
    await sql`INSERT INTO sg_tokens (name, scope, hash, created_at, expires_at, last_used_at)
      VALUES (${t.name}, ${t.scope}, ${t.hash}, ${t.createdAt}, ${t.expiresAt}, ${t.lastUsedAt})`;
  } catch (err) {
    // The name is the primary key; a clash of hashes (2^-256) is not a name clash and stays an error.
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) {
      const [named] = await sql`SELECT 1 FROM sg_tokens WHERE name = ${t.name}`;
      if (named) throw new TokenNameTakenError(t.name);
    }
    throw err;
  }
}

export async function listTokens(sql: Sql): Promise<TokenRecord[]> {
  const rows = await sql.unsafe<TokenRow[]>(`SELECT ${TOKEN_COLUMNS} FROM sg_tokens ORDER BY name`);
  return rows.map(tokenFromRow);
}

export async function findToken(sql: Sql, hash: string): Promise<TokenRecord | undefined> {
  const [row] = await sql.unsafe<TokenRow[]>(`SELECT ${TOKEN_COLUMNS} FROM sg_tokens WHERE hash = $1`, [hash]);
  return row ? tokenFromRow(row) : undefined;
}

export async function touchToken(sql: Sql, name: string, at: string): Promise<void> {
  await sql`UPDATE sg_tokens SET last_used_at = ${at} WHERE name = ${name}`;
}

export async function revokeToken(sql: Sql, name: string): Promise<boolean> {
  return (await sql`DELETE FROM sg_tokens WHERE name = ${name}`).count > 0;
}

/** One statement: the counter row's lock is held only for this insert. */
export async function appendAudit(sql: Sql, e: AuditEvent): Promise<void> {
  await sql`WITH next AS (UPDATE sg_audit_counter SET last_id = last_id + 1 WHERE id = 1 RETURNING last_id)
    INSERT INTO sg_audit (id, at, token, client, action, digest, result)
    SELECT next.last_id, ${e.at}, ${e.token}, ${e.client}, ${e.action}, ${e.digest}, ${e.result} FROM next`;
}

export async function listAudit(sql: Sql, query: AuditQuery): Promise<{ events: StoredAuditEvent[]; total: number }> {
  return inReadSnapshot(sql, async (tx) => {
    const events = await tx<StoredAuditEvent[]>`
      SELECT id, at, token, client, action, digest, result FROM sg_audit
      WHERE id < ${query.beforeId ?? Number.MAX_SAFE_INTEGER} ORDER BY id DESC LIMIT ${query.limit}`;
    const [count] = await tx<{ n: number }[]>`SELECT count(*)::int AS n FROM sg_audit`;
    return { events: [...events], total: count.n };
  });
}
