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
import type { Db } from './connection.js';
import { sql, statement } from './driver.js';
import { inReadSnapshot } from './transaction.js';

const UNIQUE_VIOLATION = '23505';

export async function createToken(db: Db, t: TokenRecord): Promise<void> {
  try {
    await db.run(sql`INSERT INTO sg_tokens (name, scope, hash, created_at, expires_at, last_used_at)
      VALUES (${t.name}, ${t.scope}, ${t.hash}, ${t.createdAt}, ${t.expiresAt}, ${t.lastUsedAt})`);
  } catch (err) {
    // The name is the primary key; a clash of hashes (2^-256) is not a name clash and stays an error.
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) {
      const [named] = await db.rows(sql`SELECT 1 FROM sg_tokens WHERE name = ${t.name}`);
      if (named) throw new TokenNameTakenError(t.name);
    }
    throw err;
  }
}

export async function listTokens(db: Db): Promise<TokenRecord[]> {
  const rows = await db.rows<TokenRow>(statement(`SELECT ${TOKEN_COLUMNS} FROM sg_tokens ORDER BY name`));
  return rows.map(tokenFromRow);
}

export async function findToken(db: Db, hash: string): Promise<TokenRecord | undefined> {
  const [row] = await db.rows<TokenRow>(statement(`SELECT ${TOKEN_COLUMNS} FROM sg_tokens WHERE hash = $1`, [hash]));
  return row ? tokenFromRow(row) : undefined;
}

/** Never moves a token's last use backwards: two writes on different connections may land out of order. */
export async function touchToken(db: Db, name: string, at: string): Promise<void> {
  await db.run(sql`UPDATE sg_tokens SET last_used_at = ${at}
    WHERE name = ${name} AND (last_used_at IS NULL OR last_used_at < ${at})`);
}

export async function revokeToken(db: Db, name: string): Promise<boolean> {
  return (await db.run(sql`DELETE FROM sg_tokens WHERE name = ${name}`)) > 0;
}

/** One statement: the counter row's lock is held only for this insert. */
export async function appendAudit(db: Db, e: AuditEvent): Promise<void> {
  // The parameters are typed: in a SELECT list nothing else tells PostgreSQL what they are.
  await db.run(sql`WITH next AS (UPDATE sg_audit_counter SET last_id = last_id + 1 WHERE id = 1 RETURNING last_id)
    INSERT INTO sg_audit (id, at, token, client, action, digest, result)
    SELECT next.last_id, ${e.at}::text, ${e.token}::text, ${e.client}::text, ${e.action}::text, ${e.digest}::text,
      ${e.result}::text FROM next`);
}

export async function listAudit(db: Db, query: AuditQuery): Promise<{ events: StoredAuditEvent[]; total: number }> {
  return inReadSnapshot(db, async (tx) => {
    const events = await tx.rows<StoredAuditEvent>(sql`
      SELECT id, at, token, client, action, digest, result FROM sg_audit
      WHERE id < ${query.beforeId ?? Number.MAX_SAFE_INTEGER} ORDER BY id DESC LIMIT ${query.limit}`);
    const [count] = await tx.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sg_audit`);
    return { events, total: count.n };
  });
}
