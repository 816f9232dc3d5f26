// The CLI contract, run as a real child process, and a running server picking up its ingest.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn } from '../helpers/predicates.js';
import { enc, startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { BIN, cli } from './run-cli.js';

const run = promisify(execFile);

let work: string;
beforeAll(() => {
  work = tempDir('sg-cli-');
  mkdirSync(join(work, 'docs/nested'), { recursive: true });
  writeFileSync(
    join(work, 'docs/1-good.json'),
    JSON.stringify({ isDependency: [dependsOn('pkg:npm/a@1', 'pkg:npm/b@1')] }),
  );
  writeFileSync(join(work, 'docs/2-bad.json'), '{"isDependency": [{"pkg": 7}]}');
  writeFileSync(
    join(work, 'docs/nested/3-good.json'),
    JSON.stringify({ isDependency: [dependsOn('pkg:npm/b@1', 'pkg:npm/c@1')] }),
  );
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('supplygraph ingest', () => {
  it('ingests a directory recursively; a bad document fails the exit code, good ones still go in', async () => {
    const store = join(work, 'store-1');
    const r = await cli(['ingest', '--store', store, '--json', join(work, 'docs')]);
    expect(r.code).not.toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ documents: 3, stored: 2, failed: 1 });
    expect(summary.failures[0].file).toMatch(/2-bad\.json$/);
    expect(summary.failures[0].error).toMatch(/\/isDependency\/0\/pkg: must be an object/);
    const again = await cli([
      'ingest',
      '--store',
      store,
      join(work, 'docs/1-good.json'),
      join(work, 'docs/nested/3-good.json'),
    ]);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/0 stored, 2 already present, 0 failed/);
  });

  it('prints one line per failed document naming the file and the reason', async () => {
    const r = await cli([
      'ingest',
      '--store',
      join(work, 'store-2'),
      join(work, 'docs/2-bad.json'),
      join(work, 'missing.json'),
    ]);
    expect(r.code).not.toBe(0);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toContain(`${join(work, 'docs/2-bad.json')}: /isDependency/0/pkg: must be an object, found a number`);
    expect(lines).toContain(`${join(work, 'missing.json')}: no such file or directory`);
  });

  it('reads a document from stdin with "-"', async () => {
    const r = await cli(['ingest', '--store', join(work, 'store-3'), '--json', '-'], {
      input: JSON.stringify({ isDependency: [dependsOn('pkg:npm/s@1', 'pkg:npm/t@1')] }),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ stored: 1, dependencies: 1 });
  });

  it('takes the store from SUPPLYGRAPH_STORE', async () => {
    const store = join(work, 'store-env');
    const { stdout } = await run(process.execPath, [BIN, 'ingest', '--json', join(work, 'docs/1-good.json')], {
      env: { ...process.env, SUPPLYGRAPH_STORE: store },
    });
    expect(JSON.parse(stdout).stored).toBe(1);
    const stats = await run(process.execPath, [BIN, 'stats', '--json'], {
      env: { ...process.env, SUPPLYGRAPH_STORE: store },
    });
    expect(JSON.parse(stats.stdout)).toMatchObject({ backend: 'sqlite', documents: 1 });
  });

  it('rejects a bad flag value with a clear message', async () => {
    const r = await cli(['serve', '--store', join(work, 'store-4'), '--port', 'eighty']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--port must be an integer from 0 to 65535, got "eighty"/);
  });
});

describe('a running server and another process', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({});
  });
  afterAll(() => t.close());

  it('picks up documents ingested by the CLI while it runs', async () => {
    const before = await t.get(`/v0/package/${enc('pkg:npm/a@1')}/dependencies`);
    expect(before.status).toBe(404);
    const r = await cli([
      'ingest',
      '--store',
      t.storeDir,
      join(work, 'docs/1-good.json'),
      join(work, 'docs/nested/3-good.json'),
    ]);
    expect(r.code).toBe(0);
    let deps: string[] = [];
    for (let i = 0; i < 100 && deps.length < 2; i++) {
      const res = await t.get(`/v0/package/${enc('pkg:npm/a@1')}/dependencies`);
      deps = res.status === 200 ? res.body.dependencies : [];
      if (deps.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(deps).toEqual(['pkg:npm/b@1', 'pkg:npm/c@1']);
  });
});
