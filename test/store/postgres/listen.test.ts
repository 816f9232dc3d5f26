// Commits are announced with NOTIFY and heard on a LISTEN connection of the store's own: the
// listener is told after each LISTEN (the first, and each after a reconnect, since commits may
// have been missed meanwhile) and on each commit of any process; the LISTEN connection comes
// back by itself after its backend dies, and is gone once unsubscribed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestDocument } from '../../../src/ingest/pipeline.js';
import { PostgresStore } from '../../../src/store/postgres/pg-store.js';
import { dependsOn } from '../../helpers/predicates.js';
import { createTestDatabase, withAdmin, type TestDatabase } from '../../helpers/server.js';
import { within } from './processes.js';

let db: TestDatabase;
let listening: PostgresStore;
let writing: PostgresStore;

beforeAll(async () => {
  db = await createTestDatabase();
  listening = await PostgresStore.open(db.url, { poolSize: 1 });
  writing = await PostgresStore.open(db.url, { poolSize: 1 });
});
afterAll(async () => {
  await listening?.close();
  await writing?.close();
  await db?.drop();
});

function upload(n: number): Promise<unknown> {
  const text = JSON.stringify({ isDependency: [dependsOn(`pkg:npm/app@${n}`, 'pkg:npm/lib@1')] });
  return ingestDocument(
    { name: `${n}.json`, read: () => Promise.resolve(Buffer.from(text)) },
    { store: writing, collector: 'test', maxDocumentBytes: 1 << 20 },
  );
}

/** Backends of the test database that are LISTENing. */
const listeners = (): Promise<{ pid: number }[]> =>
  withAdmin(
    (sql) => sql<{ pid: number }[]>`SELECT pid FROM pg_stat_activity
    WHERE datname = ${db.name} AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
  );

describe('subscribe', () => {
  it('hears commits, reconnects after its backend dies and says so, and stops when unsubscribed', async () => {
    let calls = 0;
    const unsubscribe = await listening.subscribe(() => calls++);
    expect(calls).toBe(1); // after the first LISTEN
    await upload(1);
    await within(5_000, () => Promise.resolve(calls === 2));

    const [listener] = await listeners();
    await withAdmin((sql) => sql`SELECT pg_terminate_backend(${listener.pid})`);
    // The reconnect's LISTEN tells the listener once (commits may have been missed)…
    await within(10_000, () => Promise.resolve(calls === 3));
    expect((await listeners()).map((l) => l.pid)).not.toContain(listener.pid);
    // …and the new connection hears commits again.
    await upload(2);
    await within(5_000, () => Promise.resolve(calls === 4));

    await unsubscribe();
    await within(5_000, async () => (await listeners()).length === 0);
    await upload(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toBe(4);
  });
});
