// `supplygraph init` on the backend under test: a new deployment starts empty — init, then a
// token, then the server (which takes the CI job's first upload) — and the commands that never
// create a store still refuse one that is not there.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, PG_ADMIN_URL, TEST_BACKEND, tempDir, type TestDatabase } from '../helpers/server.js';
import { cli, oneLine, serveProcess } from './run-cli.js';

const POSTGRES = TEST_BACKEND === 'postgres';

/** A place where no store is yet: a directory that does not exist, or a database without the schema. */
let location: string;
let work: string;
let database: TestDatabase | undefined;

beforeAll(async () => {
  work = tempDir('sg-cli-init-');
  if (POSTGRES) {
    database = await createTestDatabase({ migrate: false });
    location = database.url;
  } else location = join(work, 'new', 'store');
});
afterAll(async () => {
  await database?.drop();
  rmSync(work, { recursive: true, force: true });
});

describe('a new deployment starts empty: init, token create, serve, upload', () => {
  it('before init, token create refuses the store that is not there and creates nothing', async () => {
    const r = await cli(['token', 'create', '--store', location, '--name', 'ci', '--scope', 'ingest']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(oneLine(r.stderr)).toContain(`supplygraph init --store ${POSTGRES ? '<url>' : location}`);
    if (!POSTGRES) expect(existsSync(location)).toBe(false);
  });

  it('init creates an empty store and says what to do next', async () => {
    const r = await cli(['init', '--store', location]);
    expect(r.code, r.stderr).toBe(0);
    expect(oneLine(r.stderr)).toMatch(
      /^created an empty store at .+; next: supplygraph token create --store .+ --name ci --scope ingest$/,
    );
    if (!POSTGRES) expect(existsSync(join(location, 'supplygraph.sqlite'))).toBe(true);
    const stats = await cli(['stats', '--store', location, '--json']);
    expect(stats.code, stats.stderr).toBe(0);
    expect(JSON.parse(stats.stdout)).toMatchObject({ backend: TEST_BACKEND, documents: 0, nodes: 0 });
  });

  it('then a token is made, the server starts on the empty store and takes the first upload', async () => {
    const token = await cli(['token', 'create', '--store', location, '--name', 'ci', '--scope', 'ingest']);
    expect(token.code, token.stderr).toBe(0);
    const { url, stop } = await serveProcess(location);
    try {
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      const res = await fetch(`${url}/v0/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.stdout.trim()}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          '@context': 'https://openvex.dev/ns/v0.2.0',
          '@id': 'https://example.com/vex/init-test',
          author: 'test',
          timestamp: '2026-01-01T00:00:00Z',
          version: 1,
          statements: [
            {
              vulnerability: { name: 'CVE-2026-0001' },
              products: [{ '@id': 'pkg:npm/init-test@1.0.0' }],
              status: 'not_affected',
              justification: 'component_not_present',
            },
          ],
        }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
    } finally {
      await stop();
    }
  });

  it('init again changes nothing and says so (exit 0, so a deployment script may always run it)', async () => {
    const r = await cli(['init', '--store', location, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ backend: TEST_BACKEND, outcome: 'exists', documents: 1 });
    const text = await cli(['init', '--store', location]);
    expect(oneLine(text.stderr)).toMatch(/^a store is at .+ already \(1 document\); nothing to do$/);
    const tokens = await cli(['token', 'list', '--store', location, '--json']);
    expect(JSON.parse(tokens.stdout).tokens.map((t: { name: string }) => t.name)).toEqual(['ci']);
  });
});

describe('init keeps the protection against a mistyped --store', () => {
  it.skipIf(POSTGRES)('a path that is a file is refused, the file left as it was', async () => {
    const file = join(work, 'not-a-directory');
    writeFileSync(file, 'x');
    const r = await cli(['init', '--store', file]);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toBe(`supplygraph: --store ${file}: ${file} is not a directory`);
  });

  it.skipIf(!POSTGRES)('a database that does not exist is named, never created', async () => {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = '/sg_test_init_no_such_database';
    const r = await cli(['init', '--store', url.toString(), '--pg-startup-wait', '0']);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toMatch(/sg_test_init_no_such_database.*does not exist/);
  });
});
