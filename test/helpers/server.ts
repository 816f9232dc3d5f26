// Starts the real API over a real socket on a temporary embedded store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../src/http/server.js';
import { ingestDocument, type DocumentResult } from '../../src/ingest/pipeline.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';

export interface TestServer {
  url: string;
  storeDir: string;
  server: RunningServer;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any; text: string }>;
  ingest(name: string, doc: unknown): Promise<DocumentResult>;
  close(): Promise<void>;
}

export function tempDir(prefix = 'sg-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function ingestInto(storeDir: string, docs: Record<string, unknown>): Promise<DocumentResult[]> {
  const store = SqliteStore.open(storeDir);
  try {
    const results: DocumentResult[] = [];
    for (const [name, doc] of Object.entries(docs)) {
      const text = typeof doc === 'string' ? doc : JSON.stringify(doc);
      results.push(await ingestDocument({ name, read: async () => Buffer.from(text) }, { store, collector: 'test', maxDocumentBytes: 1 << 26 }));
    }
    return results;
  } finally {
    await store.close();
  }
}

export async function startTestServer(docs: Record<string, unknown> = {}, limits = { listCap: 100_000, maxPageSize: 100_000 }): Promise<TestServer> {
  const storeDir = tempDir();
  await ingestInto(storeDir, docs);
  const server = await startServer({ store: storeDir, host: '127.0.0.1', port: 0, limits, refreshIntervalMs: 50, logLevel: 'silent' });
  const url = server.url;
  return {
    url, storeDir, server,
    async get(path, headers = {}) {
      const res = await fetch(url + path, { headers });
      const text = await res.text();
      let body: unknown;
      try { body = text ? JSON.parse(text) : undefined; } catch { body = undefined; }
      return { status: res.status, headers: res.headers, body, text };
    },
    async ingest(name, doc) {
      const [result] = await ingestInto(storeDir, { [name]: doc });
      await server.service.refresh();
      return result;
    },
    async close() {
      await server.close();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

export const enc = encodeURIComponent;
