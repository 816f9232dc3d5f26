// `supplygraph openapi` writes the document the server serves at /openapi.json, without a store of
// the user's (the web UI's API types are generated from it at build time).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, tempDir, type TestClient } from '../helpers/server.js';
import { cli } from './run-cli.js';

let t: TestClient;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('supplygraph openapi', () => {
  it('prints the same paths and operations as /openapi.json, and needs no store', async () => {
    const r = await cli(['openapi'], { env: { SUPPLYGRAPH_STORE: join(tempDir(), 'never-created') } });
    expect(r.code, r.stderr).toBe(0);
    const printed = JSON.parse(r.stdout) as { openapi: string; paths: Record<string, unknown> };
    const served = (await t.get('/openapi.json')).body as { paths: Record<string, unknown> };
    expect(printed.openapi).toMatch(/^3\./);
    expect(Object.keys(printed.paths).sort()).toEqual(Object.keys(served.paths).sort());
    expect(printed.paths).toEqual(served.paths);
  });

  it('--out writes the file, creating its directory', async () => {
    const out = join(tempDir(), 'nested', 'dir', 'openapi.json');
    const r = await cli(['openapi', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    const written = JSON.parse(readFileSync(out, 'utf8')) as { paths: Record<string, unknown> };
    expect(Object.keys(written.paths)).toContain('/v0/search');
  });
});
