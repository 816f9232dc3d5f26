// Several API processes on one database: an ingest through the CLI shows up in every server,
// incrementally. Polling is off in these servers, so what they see NOTIFY alone brought them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn, sbomFor } from '../../helpers/predicates.js';
import { createTestDatabase, ingestInto, tempDir, type TestDatabase } from '../../helpers/server.js';
import { cli, dependenciesOn as deps, serve, within, type ServeProcess } from './processes.js';

let db: TestDatabase;
let servers: ServeProcess[] = [];
let work: string;

beforeAll(async () => {
  db = await createTestDatabase();
  await ingestInto(db.url, {
    'base.json': {
      hasSBOM: [sbomFor({ pkg: 'pkg:npm/app@1' })],
      isDependency: [dependsOn('pkg:npm/app@1', 'pkg:npm/lib@1')],
    },
  });
  work = tempDir('sg-pg-mp-');
  // A poll far slower than 2 s: what makes the deadline is the NOTIFY push.
  servers = await Promise.all([serve(db.url, ['--refresh-interval', '0']), serve(db.url, ['--refresh-interval', '0'])]);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await db?.drop();
});

describe('two serve processes on one database', () => {
  it('both answer from the database they share', async () => {
    for (const s of servers) {
      expect(await deps(s, 'pkg:npm/app@1')).toEqual(['pkg:npm/lib@1']);
      const ready = await (await fetch(`${s.url}/readyz`)).json();
      expect(ready).toMatchObject({ status: 'ready', backend: 'postgres', version: 1 });
    }
  });

  it('a CLI ingest reaches both through NOTIFY, with polling off', async () => {
    const file = join(work, 'more.json');
    writeFileSync(file, JSON.stringify({ isDependency: [dependsOn('pkg:npm/lib@1', 'pkg:npm/leaf@1')] }));
    const r = await cli(['ingest', '--store', db.url, '--json', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ stored: 1 });
    await Promise.all(
      servers.map((s) => within(30_000, async () => (await deps(s, 'pkg:npm/app@1')).includes('pkg:npm/leaf@1'))),
    );
    for (const s of servers) {
      expect(await deps(s, 'pkg:npm/app@1')).toEqual(['pkg:npm/leaf@1', 'pkg:npm/lib@1']);
      expect(((await (await fetch(`${s.url}/readyz`)).json()) as { version: number }).version).toBe(2);
      const refreshes = s
        .output()
        .split('\n')
        .filter((l) => l.includes('"index refreshed"'))
        .map((l) => JSON.parse(l));
      expect(refreshes.map((l) => l.version)).toEqual([1, 2]);
    }
  });
});
