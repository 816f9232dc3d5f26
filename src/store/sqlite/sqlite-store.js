// The embedded store: one SQLite file in WAL mode, so a CLI ingest can write while a server
// reads. Writes go through the one writer (write.ts: one IMMEDIATE transaction per document).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { documentByDigestSql, documentFromRow, documentListSql } from '../document-rows.js';
import { deliverRow, loadColumns } from '../load-rows.js';
import { SQLITE_DIALECT } from '../schema/dialect.js';
import { FACT_TABLES } from '../schema/tables.js';
import { DocumentWriter } from '../writer.js';
import { SqliteAdminTables } from './admin.js';
import { deleteSqliteDocument } from './delete.js';
import { migrate } from './schema.js';
import { SqliteWriteBackend } from './write.js';
export const SQLITE_FILE_NAME = 'supplygraph.sqlite';
export class SqliteStore {
    path;
    backend = 'sqlite';
    storeId;
    db;
    writer;
    admin;
    stmt;
    constructor(path, readonly) {
        this.path = path;
        this.db = new Database(path, { readonly, fileMustExist: readonly });
        this.db.pragma('busy_timeout = 30000');
        if (!readonly) {
            this.db.pragma('journal_mode = WAL');
            this.db.pragma('synchronous = NORMAL');
            migrate(this.db);
        }
        this.db.pragma('cache_size = -65536');
        this.storeId = this.db.prepare(`SELECT value FROM meta WHERE key = 'store_id'`).get().value;
        this.stmt = {
            findDocument: this.db.prepare('SELECT id FROM documents WHERE digest = ?'),
            documentSkips: this.db.prepare('SELECT skipped FROM documents WHERE digest = ?'),
            changes: this.db.prepare(`SELECT coalesce((SELECT max(id) FROM documents), 0) AS document,
        (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'deletions') AS deletions`),
            // Where a load from the start ends at least: ids up to the highest deleted are never reused.
            high: this.db.prepare(`SELECT coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'document_high'), 0)
        AS document, (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'deletions') AS deletions`),
            getDocument: this.db.prepare(documentByDigestSql(SQLITE_DIALECT)),
        };
        this.admin = new SqliteAdminTables(this.db);
        this.writer = readonly ? undefined : new DocumentWriter(new SqliteWriteBackend(this.db));
    }
    /** Opens (creating when needed) the store in directory `dir`. */
    static open(dir) {
        mkdirSync(dir, { recursive: true });
        return new SqliteStore(join(dir, SQLITE_FILE_NAME), false);
    }
    async writeDocument(input) {
        if (!this.writer)
            throw new Error('the store is open read-only');
        return this.writer.write(input);
    }
    async hasDocument(digest) {
        return this.stmt.findDocument.get(digest) !== undefined;
    }
    async documentSkips(digest) {
        const row = this.stmt.documentSkips.get(digest);
        return row ? JSON.parse(row.skipped) : undefined;
    }
    async changesSince(cursor) {
        const { deletions, document } = this.stmt.changes.get();
        if (deletions !== cursor.deletions)
            return 'deleted';
        return document > cursor.document ? 'appended' : 'none';
    }
    // Placeholders until the document, token and audit tables exist (issue 12, store part).
    async listDocuments(query) {
        const { page, count } = documentListSql(SQLITE_DIALECT, query);
        const read = this.db.transaction(() => ({
            documents: this.db.prepare(page.text).all(...page.params).map(documentFromRow),
            total: this.db.prepare(count.text).get(...count.params).n,
        }));
        return read.deferred();
    }
    async getDocument(digest) {
        const row = this.stmt.getDocument.get(digest);
        return row ? documentFromRow(row) : undefined;
    }
    async deleteDocument(digest) {
        return deleteSqliteDocument(this.db, digest);
    }
    async createToken(token) {
        this.admin.createToken(token);
    }
    async listTokens() {
        return this.admin.listTokens();
    }
    async findToken(hash) {
        return this.admin.findToken(hash);
    }
    async touchToken(name, at) {
        this.admin.touchToken(name, at);
    }
    async revokeToken(name) {
        return this.admin.revokeToken(name);
    }
    async appendAudit(event) {
        this.admin.appendAudit(event);
    }
    async listAudit(query) {
        return this.admin.listAudit(query);
    }
    async load(since, sink) {
        const next = { ...since };
        // One read transaction: a consistent snapshot even while another process writes.
        const read = this.db.transaction(() => {
            const nodes = this.db.prepare('SELECT id, kind, key, attr FROM nodes WHERE id > ? ORDER BY id').raw();
            for (const [id, kind, key, attr] of nodes.iterate(since.node)) {
                sink.node(id, kind, key, attr);
                next.node = id;
            }
            const docs = this.db.prepare('SELECT id, origin, collector FROM documents WHERE id > ? ORDER BY id').raw();
            for (const [id, origin, collector] of docs.iterate(since.document)) {
                sink.document({ id, origin, collector });
                next.document = id;
            }
            const facts = { ...since.facts };
            for (const table of FACT_TABLES) {
                const rows = this.db.prepare(`SELECT ${loadColumns(table)} FROM ${table.name} WHERE id > ? ORDER BY id`).raw();
                for (const row of rows.iterate(since.facts[table.name] ?? 0)) {
                    deliverRow(sink, table, row);
                    facts[table.name] = row[0];
                }
            }
            next.facts = facts;
            const high = this.stmt.high.get();
            next.document = Math.max(next.document, high.document);
            next.deletions = high.deletions;
            const edges = this.db.prepare('SELECT id, a, b, ranked FROM dependency_edges WHERE id > ? ORDER BY id').raw();
            for (const [id, a, b, ranked] of edges.iterate(since.edge)) {
                sink.dependencyEdge(a, b, ranked === 1);
                next.edge = id;
            }
        });
        read.deferred();
        return next;
    }
    async ping() {
        this.db.prepare('SELECT 1').get();
    }
    async stats() {
        const count = (table) => this.db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n;
        return {
            documents: count('documents'),
            nodes: count('nodes'),
            facts: FACT_TABLES.reduce((sum, t) => sum + count(t.name), 0),
            dependencyEdges: count('dependency_edges'),
        };
    }
    async close() {
        if (this.db.open)
            this.db.close();
    }
}
