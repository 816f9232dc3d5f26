// A delete on one PostgreSQL database reaches every serve process on it through NOTIFY (polling
// is off in these servers): each rebuilds its index, answers without the document's facts and
// moves its version on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../../src/store/postgres/pg-store.js';
import { dependsOn, sbomFor } from '../../helpers/predicates.js';
import { createTestDatabase, ingestInto, type TestDatabase } from '../../helpers/server.js';
import { dependenciesOn as deps, serve, within, type ServeProcess } from './processes.js';

let db: TestDatabase;
let servers: ServeProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  await ingestInto(db.url, {
    'base.json': {
      hasSBOM: [sbomFor({ pkg: 'pkg:npm/app@1' })],
      isDependency: [dependsOn('pkg:npm/app@1', 'pkg:npm/lib@1')],
    },
    'more.json': {
      isDependency: [dependsOn('pkg:npm/app@1', 'pkg:npm/extra@1'), dependsOn('pkg:npm/app@1', 'pkg:npm/lib@1')],
    },
  });
  servers = await Promise.all([serve(db.url, ['--refresh-interval', '0']), serve(db.url, ['--refresh-interval', '0'])]);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await db?.drop();
});

const version = async (server: ServeProcess): Promise<number> =>
  ((await (await fetch(`${server.url}/readyz`)).json()) as { version: number }).version;

describe('a delete with two serve processes on one database', () => {
  it('reaches both through NOTIFY: the edge only the deleted document stated goes, the shared one stays', async () => {
    for (const s of servers) {
      expect(await deps(s, 'pkg:npm/app@1')).toEqual(['pkg:npm/extra@1', 'pkg:npm/lib@1']);
      expect(await version(s)).toBe(2);
    }
    const store = await PostgresStore.open(db.url);
    try {
      const more = (await store.listDocuments({ limit: 10 })).documents.find((d) => d.name === 'more.json')!;
      expect(await store.deleteDocument(more.digest)).toBe(true);
    } finally {
      await store.close();
    }
    await Promise.all(
      servers.map((s) => within(30_000, async () => !(await deps(s, 'pkg:npm/app@1')).includes('pkg:npm/extra@1'))),
    );
    for (const s of servers) {
      expect(await deps(s, 'pkg:npm/app@1')).toEqual(['pkg:npm/lib@1']);
      // One document loaded (id 1) plus one deleted, and never back to an earlier version.
      expect(await version(s)).toBe(3);
      expect(s.output()).toContain('documents were deleted');
    }
  });
});
