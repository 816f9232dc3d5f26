// Starts the real API over a real socket on a temporary store. The backend comes from
// SUPPLYGRAPH_TEST_BACKEND: "sqlite" (default: a temporary directory) or "postgres" (a database
// sg_test_<random> of its own on the server test/setup/postgres.ts chose, dropped on close), so
// the same endpoint suites run against both stores (see vitest.config.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { inject } from 'vitest';
import { startServer, type RunningServer, type ServeOptions } from '../../src/http/server.js';
import { ingestDocument, type DocumentResult } from '../../src/ingest/pipeline.js';
import { openStore } from '../../src/store/open.js';
import { PostgresStore } from '../../src/store/postgres/pg-store.js';

export type TestBackend = 'sqlite' | 'postgres';
export const TEST_BACKEND: TestBackend = process.env.SUPPLYGRAPH_TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite';
/** A database on the server the postgres tests use, to create and drop test databases from. */
export const PG_ADMIN_URL =
  (TEST_BACKEND === 'postgres' ? inject('pgAdminUrl') : undefined) ??
  process.env.SUPPLYGRAPH_TEST_PG_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestServer {
  url: string;
  /** The store location: a directory (sqlite) or a postgres:// URL. */
  storeDir: string;
  server: RunningServer;
  get(
    path: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; headers: Headers; body: any; text: string }>;
  ingest(name: string, doc: unknown): Promise<DocumentResult>;
  close(): Promise<void>;
}

export function tempDir(prefix = 'sg-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Runs `fn` with a one-connection pool on the admin database. */
export async function withAdmin<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => undefined });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/** A fresh database, migrated unless told otherwise. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `sg_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((sql) => sql.unsafe(`CREATE DATABASE ${name}`));
  const admin = new URL(PG_ADMIN_URL);
  admin.pathname = `/${name}`;
  const url = admin.toString();
  if (options.migrate !== false) await PostgresStore.migrate(url);
  return {
    name,
    url,
    // WITH (FORCE): a test that failed half-way may leave connections open.
    drop: () => withAdmin((sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** A new empty store of the backend under test. */
export async function createTestStore(): Promise<{ location: string; remove: () => Promise<void> }> {
  if (TEST_BACKEND === 'postgres') {
    const db = await createTestDatabase();
    return { location: db.url, remove: db.drop };
  }
  const dir = tempDir();
  return { location: dir, remove: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })) };
}

/** Ingests documents into a store given by directory or postgres:// URL. */
export async function ingestInto(location: string, docs: Record<string, unknown>): Promise<DocumentResult[]> {
  const store = await openStore(location);
  try {
    const results: DocumentResult[] = [];
    for (const [name, doc] of Object.entries(docs)) {
      const text = typeof doc === 'string' ? doc : JSON.stringify(doc);
      results.push(
        await ingestDocument(
          { name, read: () => Promise.resolve(Buffer.from(text)) },
          { store, collector: 'test', maxDocumentBytes: 1 << 26 },
        ),
      );
    }
    return results;
  } finally {
    await store.close();
  }
}

/** A quiet server on `store` (a directory or postgres:// URL) on a free loopback port; `options` override the test defaults. */
export function startServerOn(store: string, options: Partial<ServeOptions> = {}): Promise<RunningServer> {
  return startServer({
    store,
    host: '127.0.0.1',
    port: 0,
    limits: { listCap: 1000, maxPageSize: 1000 },
    refreshIntervalMs: 0,
    logLevel: 'silent',
    ...options,
  });
}

export async function startTestServer(
  docs: Record<string, unknown> = {},
  limits = { listCap: 100_000, maxPageSize: 100_000 },
): Promise<TestServer> {
  const store = await createTestStore();
  const storeDir = store.location;
  let server: RunningServer;
  try {
    await ingestInto(storeDir, docs);
    server = await startServerOn(storeDir, { limits, refreshIntervalMs: 50 });
  } catch (err) {
    await store.remove();
    throw err;
  }
  const url = server.url;
  return {
    url,
    storeDir,
    server,
    async get(path, headers = {}) {
      const res = await fetch(url + path, { headers });
      const text = await res.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      return { status: res.status, headers: res.headers, body, text };
    },
    async ingest(name, doc) {
      const [result] = await ingestInto(storeDir, { [name]: doc });
      await server.service.refresh();
      return result;
    },
    async close() {
      await server.close();
      await store.remove();
    },
  };
}

export const enc = encodeURIComponent;
