// Starts the API on a temporary store: over a real socket (startTestServer), or answering
// through Fastify's `inject` without a socket (startTestApp), with the same client. The backend comes from
// SUPPLYGRAPH_TEST_BACKEND: "sqlite" (default: a temporary directory) or "postgres" (a database
// sg_test_<random> of its own on the server test/setup/postgres.ts chose, dropped on close), so
// the same endpoint suites run against both stores (see vitest.config.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HTTPMethods } from 'fastify';
import { inject } from 'vitest';
import {
  openServer,
  startServer,
  type OpenServer,
  type RunningServer,
  type ServeOptions,
} from '../../src/http/server.js';
import { ingestDocument, type DocumentResult } from '../../src/ingest/pipeline.js';
import { openStore } from '../../src/store/open.js';
import { createPool, DEFAULT_POSTGRES_OPTIONS, type Db } from '../../src/store/postgres/connection.js';
import { sql as template, statement } from '../../src/store/postgres/driver.js';
import { PostgresStore } from '../../src/store/postgres/pg-store.js';

export type TestBackend = 'sqlite' | 'postgres';
export const TEST_BACKEND: TestBackend = process.env.SUPPLYGRAPH_TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite';
/** A database on the server the postgres tests use, to create and drop test databases from. */
export const PG_ADMIN_URL =
  (TEST_BACKEND === 'postgres' ? inject('pgAdminUrl') : undefined) ??
  process.env.SUPPLYGRAPH_TEST_PG_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestResponse {
  status: number;
  headers: Headers;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  body: any;
  text: string;
}

/** A client of the API on a temporary store, whichever way requests reach it. */
export interface TestClient {
  /** The store location: a directory (sqlite) or a postgres:// URL. */
  storeDir: string;
  server: OpenServer;
  get(path: string, headers?: Record<string, string>): Promise<TestResponse>;
  /** Any method (HEAD, POST, ...), with a body when given. */
  request(
    method: HTTPMethods,
    path: string,
    headers?: Record<string, string>,
    body?: Buffer | string,
  ): Promise<TestResponse>;
  ingest(name: string, doc: unknown): Promise<DocumentResult>;
  close(): Promise<void>;
}

/** The API over a real socket. */
export interface TestServer extends TestClient {
  url: string;
  server: RunningServer;
}

export function tempDir(prefix = 'sg-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

type Rows = readonly Record<string, any>[];

/**
 * A test's handle on a database: a template tag (values become parameters) and `unsafe` (text
 * as it is) that resolve to the rows, and `db`, the store's own pool type, for store functions.
 */
export interface TestSql {
  <T extends Rows = Record<string, any>[]>(strings: TemplateStringsArray, ...values: unknown[]): Promise<T>;
  unsafe<T extends Rows = Record<string, any>[]>(text: string, params?: unknown[]): Promise<T>;
  db: Db;
}

function testSql(db: Db): TestSql {
  const tag = <T extends Rows>(strings: TemplateStringsArray, ...values: unknown[]) =>
    db.rows(template(strings, ...values)) as Promise<unknown> as Promise<T>;
  const unsafe = <T extends Rows>(text: string, params: unknown[] = []) =>
    db.rows(statement(text, params)) as Promise<unknown> as Promise<T>;
  return Object.assign(tag, { unsafe, db });
}

/**
 * Runs `fn` with a one-connection pool on the database at `url`, closed afterwards. Its
 * statements run on that one session, so a test may hold a transaction (BEGIN … COMMIT) across them.
 */
export async function withDatabase<T>(url: string, fn: (sql: TestSql) => Promise<T>): Promise<T> {
  const db = createPool(url, { ...DEFAULT_POSTGRES_OPTIONS, poolSize: 1, statementTimeoutMs: 0 }, 'sg-test');
  try {
    return await fn(testSql(db));
  } finally {
    await db.end(5_000);
  }
}

/** Runs `fn` with a one-connection pool on the admin database. */
export function withAdmin<T>(fn: (sql: TestSql) => Promise<T>): Promise<T> {
  return withDatabase(PG_ADMIN_URL, fn);
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

const TEST_SERVE_OPTIONS = {
  host: '127.0.0.1',
  port: 0,
  limits: { listCap: 1000, maxPageSize: 1000 },
  refreshIntervalMs: 0,
  logLevel: 'silent',
} as const;

/**
 * A test server shares its event loop with the test runner (and, isolate: false, with other
 * files' servers): load shedding stays off unless a test asks for it.
 */
function testOptions(options: Partial<ServeOptions>): Omit<ServeOptions, 'store'> {
  return { ...TEST_SERVE_OPTIONS, ...options, http: { maxEventLoopDelayMs: 0, ...options.http } };
}

/** A quiet server on `store` (a directory or postgres:// URL) on a free loopback port; `options` override the test defaults. */
export function startServerOn(store: string, options: Partial<ServeOptions> = {}): Promise<RunningServer> {
  return startServer({ store, ...testOptions(options) });
}

type PageLimitsOption = ServeOptions['limits'];
const TEST_PAGE_LIMITS: PageLimitsOption = { listCap: 100_000, maxPageSize: 100_000 };

function parsedBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** A store with `docs` ingested, and the server `open` starts on it; the store goes if the start fails. */
async function openOnStore<S extends OpenServer>(
  docs: Record<string, unknown>,
  open: (location: string) => Promise<S>,
): Promise<{ server: S; storeDir: string; remove: () => Promise<void> }> {
  const store = await createTestStore();
  try {
    await ingestInto(store.location, docs);
    return { server: await open(store.location), storeDir: store.location, remove: store.remove };
  } catch (err) {
    await store.remove();
    throw err;
  }
}

/** The client parts that do not depend on how requests travel. */
function clientParts(server: OpenServer, storeDir: string, remove: () => Promise<void>) {
  return {
    storeDir,
    async ingest(name: string, doc: unknown): Promise<DocumentResult> {
      const [result] = await ingestInto(storeDir, { [name]: doc });
      await server.service.refresh();
      return result;
    },
    async close(): Promise<void> {
      await server.close();
      await remove();
    },
  };
}

/** The API over a real socket: for what concerns connections, limits, drain and the wire format. */
export async function startTestServer(
  docs: Record<string, unknown> = {},
  limits: PageLimitsOption = TEST_PAGE_LIMITS,
  options: Partial<ServeOptions> = {},
): Promise<TestServer> {
  const { server, storeDir, remove } = await openOnStore(docs, (store) =>
    startServerOn(store, { limits, refreshIntervalMs: 50, ...options }),
  );
  const url = server.url;
  const request: TestClient['request'] = async (method, path, headers = {}, body) => {
    // A copy in a plain Uint8Array: the DOM typing of fetch (the browser tests' tsconfig) takes no Buffer.
    const payload = body === undefined || typeof body === 'string' ? body : new Uint8Array(body);
    const res = await fetch(url + path, { method, headers, body: payload });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: parsedBody(text), text };
  };
  return {
    url,
    server,
    get: (path, headers) => request('GET', path, headers),
    request,
    ...clientParts(server, storeDir, remove),
  };
}

/** Response headers of `inject` as a fetch `Headers` (repeated headers joined as fetch joins them). */
function headersOf(injected: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(injected)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  return headers;
}

/**
 * The API answering through Fastify's `inject`, without a socket: the same app, hooks and
 * serializers, for tests about answers rather than connections.
 */
export async function startTestApp(
  docs: Record<string, unknown> = {},
  limits: PageLimitsOption = TEST_PAGE_LIMITS,
  options: Partial<ServeOptions> = {},
): Promise<TestClient> {
  const { server, storeDir, remove } = await openOnStore(docs, (store) =>
    openServer({ store, ...testOptions({ limits, refreshIntervalMs: 50, ...options }) }),
  );
  const request: TestClient['request'] = async (method, path, headers = {}, body) => {
    const res = await server.app.inject({ method, url: path, headers, ...(body === undefined ? {} : { body }) });
    return { status: res.statusCode, headers: headersOf(res.headers), body: parsedBody(res.body), text: res.body };
  };
  return {
    server,
    get: (path, headers) => request('GET', path, headers),
    request,
    ...clientParts(server, storeDir, remove),
  };
}

export const enc = encodeURIComponent;
