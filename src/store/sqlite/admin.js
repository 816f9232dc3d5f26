import { TOKEN_COLUMNS, tokenFromRow } from '../admin-rows.js';
import { TokenNameTakenError, } from '../types.js';
export class SqliteAdminTables {
    db;
    stmt;
    constructor(db) {
        this.db = db;
        this.stmt = {
            insertToken: db.prepare(`INSERT INTO tokens (${TOKEN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`),
            tokenNamed: db.prepare('SELECT name FROM tokens WHERE name = ?'),
            listTokens: db.prepare(`SELECT ${TOKEN_COLUMNS} FROM tokens ORDER BY name`),
            findToken: db.prepare(`SELECT ${TOKEN_COLUMNS} FROM tokens WHERE hash = ?`),
            touchToken: db.prepare('UPDATE tokens SET last_used_at = ? WHERE name = ?'),
            revokeToken: db.prepare('DELETE FROM tokens WHERE name = ?'),
            insertAudit: db.prepare('INSERT INTO audit (at, token, client, action, digest, result) VALUES (?, ?, ?, ?, ?, ?)'),
            listAudit: db.prepare('SELECT id, at, token, client, action, digest, result FROM audit WHERE id < ? ORDER BY id DESC LIMIT ?'),
            countAudit: db.prepare('SELECT count(*) AS n FROM audit'),
        };
    }
    createToken(t) {
        this.db
            .transaction(() => {
            if (this.stmt.tokenNamed.get(t.name))
                throw new TokenNameTakenError(t.name);
            this.stmt.insertToken.run(t.name, t.scope, t.hash, t.createdAt, t.expiresAt, t.lastUsedAt);
        })
            .immediate();
    }
    listTokens() {
        return this.stmt.listTokens.all().map(tokenFromRow);
    }
    findToken(hash) {
        const row = this.stmt.findToken.get(hash);
        return row ? tokenFromRow(row) : undefined;
    }
    touchToken(name, at) {
        this.stmt.touchToken.run(at, name);
    }
    revokeToken(name) {
        return this.stmt.revokeToken.run(name).changes > 0;
    }
    appendAudit(e) {
        this.stmt.insertAudit.run(e.at, e.token, e.client, e.action, e.digest, e.result);
    }
    listAudit(query) {
        const read = this.db.transaction(() => ({
            events: this.stmt.listAudit.all(query.beforeId ?? Number.MAX_SAFE_INTEGER, query.limit),
            total: this.stmt.countAudit.get().n,
        }));
        return read.deferred();
    }
}
