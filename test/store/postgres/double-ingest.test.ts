// Two ingest processes loading the same and overlapping documents at the same time: every
// document is stored once, every node once, and the result equals one ingest on the embedded store.
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/store/open.js';
import { FIXTURES } from '../../helpers/corpus.js';
import { dependsOn, sbomFor } from '../../helpers/predicates.js';
import { createTestDatabase, tempDir, type TestDatabase } from '../../helpers/server.js';
import { writeFileSync } from 'node:fs';
import { cli } from './processes.js';

let db: TestDatabase;
let work: string;
beforeAll(async () => {
  db = await createTestDatabase();
  work = tempDir('sg-pg-double-');
  mkdirSync(join(work, 'docs'));
  // Many documents sharing most of their packages, plus real SBOMs.
  for (let d = 0; d < 30; d++) {
    const deps = Array.from({ length: 50 }, (_, i) =>
      dependsOn(`pkg:npm/app${d}@1`, `pkg:npm/common${(i + d) % 80}@1`),
    );
    writeFileSync(
      join(work, 'docs', `gen-${String(d).padStart(2, '0')}.json`),
      JSON.stringify({ hasSBOM: [sbomFor({ pkg: `pkg:npm/app${d}@1` })], isDependency: deps }),
    );
  }
  for (const f of FIXTURES.filesOfKind('cyclonedx').slice(0, 4)) cpSync(FIXTURES.path(f), join(work, 'docs', f));
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await db?.drop();
});

describe('concurrent ingest of the same documents', () => {
  it('stores each document once, and the graph equals a single ingest on the embedded store', async () => {
    const docs = join(work, 'docs');
    const count = readdirSync(docs).length;
    const [a, b] = await Promise.all([
      cli(['ingest', '--store', db.url, '--json', docs]),
      cli(['ingest', '--store', db.url, '--json', docs]),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const ra = JSON.parse(a.stdout);
    const rb = JSON.parse(b.stdout);
    expect(ra.stored + rb.stored).toBe(count);
    expect(ra.duplicate + rb.duplicate).toBe(count);

    const sqliteDir = join(work, 'sqlite');
    const single = await cli(['ingest', '--store', sqliteDir, '--json', docs]);
    expect(single.code).toBe(0);
    const pg = await openStore(db.url);
    const lite = await openStore(sqliteDir);
    try {
      expect(await pg.stats()).toEqual(await lite.stats());
    } finally {
      await Promise.all([pg.close(), lite.close()]);
    }
  });
});
