// The embedded store's tokens and audit log (schema step 5): plain rows beside the graph, never
// part of a load. Only a token's hash is kept.
import type { Database, Statement } from 'better-sqlite3';
import { TOKEN_COLUMNS, tokenFromRow, type TokenRow } from '../admin-rows.js';
import {
  TokenNameTakenError,
  type AuditEvent,
  type AuditQuery,
  type StoredAuditEvent,
  type TokenRecord,
} from '../types.js';

export class SqliteAdminTables {
  private readonly stmt: {
    insertToken: Statement<[string, string, string, string, string | null, string | null]>;
    tokenNamed: Statement<[string], { name: string }>;
    listTokens: Statement<[], TokenRow>;
    findToken: Statement<[string], TokenRow>;
    touchToken: Statement<[{ at: string; name: string }]>;
    revokeToken: Statement<[string]>;
    insertAudit: Statement<[string, string | null, string, string, string | null, string]>;
    listAudit: Statement<[number, number], StoredAuditEvent>;
    countAudit: Statement<[], { n: number }>;
  };

  constructor(private readonly db: Database) {
    this.stmt = {
      insertToken: db.prepare(`INSERT INTO tokens (${TOKEN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`),
      tokenNamed: db.prepare('SELECT name FROM tokens WHERE name = ?'),
      listTokens: db.prepare(`SELECT ${TOKEN_COLUMNS} FROM tokens ORDER BY name`),
      findToken: db.prepare(`SELECT ${TOKEN_COLUMNS} FROM tokens WHERE hash = ?`),
      // Never backwards, as in PostgreSQL (ISO-8601 UTC text orders as time does).
      touchToken: db.prepare(
        'UPDATE tokens SET last_used_at = @at WHERE name = @name AND (last_used_at IS NULL OR last_used_at < @at)',
      ),
      revokeToken: db.prepare('DELETE FROM tokens WHERE name = ?'),
      insertAudit: db.prepare(
        'INSERT INTO audit (at, token, client, action, digest, result) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      listAudit: db.prepare(
        'SELECT id, at, token, client, action, digest, result FROM audit WHERE id < ? ORDER BY id DESC LIMIT ?',
      ),
      countAudit: db.prepare('SELECT count(*) AS n FROM audit'),
    };
  }

  createToken(t: TokenRecord): void {
    this.db
      .transaction(() => {
        if (this.stmt.tokenNamed.get(t.name)) throw new TokenNameTakenError(t.name);
        this.stmt.insertToken.run(t.name, t.scope, t.hash, t.createdAt, t.expiresAt, t.lastUsedAt);
      })
      .immediate();
  }

  listTokens(): TokenRecord[] {
    return this.stmt.listTokens.all().map(tokenFromRow);
  }

  findToken(hash: string): TokenRecord | undefined {
    const row = this.stmt.findToken.get(hash);
    return row ? tokenFromRow(row) : undefined;
  }

  touchToken(name: string, at: string): void {
    this.stmt.touchToken.run({ at, name });
  }

  revokeToken(name: string): boolean {
    return this.stmt.revokeToken.run(name).changes > 0;
  }

  appendAudit(e: AuditEvent): void {
    this.stmt.insertAudit.run(e.at, e.token, e.client, e.action, e.digest, e.result);
  }

  listAudit(query: AuditQuery): { events: StoredAuditEvent[]; total: number } {
    const read = this.db.transaction(() => ({
      events: this.stmt.listAudit.all(query.beforeId ?? Number.MAX_SAFE_INTEGER, query.limit),
      total: this.stmt.countAudit.get()!.n,
    }));
    return read.deferred();
  }
}
