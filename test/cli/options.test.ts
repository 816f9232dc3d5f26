// Options checked before any work: version, stats output, a store that is not there, a bad
// port or log level, a port in use — each one line on stderr and a non-zero exit, before the
// index loads (the "index refreshed" log line never appears); and options that reach the server.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn } from '../helpers/predicates.js';
import { tempDir } from '../helpers/server.js';
import { BIN, cli, oneLine, serveOnly } from './run-cli.js';

const PACKAGE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

let work: string;
let store: string;
beforeAll(async () => {
  work = tempDir('sg-cli-options-');
  store = join(work, 'store');
  const doc = join(work, 'doc.json');
  writeFileSync(doc, JSON.stringify({ isDependency: [dependsOn('pkg:npm/a@1', 'pkg:npm/b@1')] }));
  const r = await cli(['ingest', '--store', store, '--quiet', doc]);
  expect(r.code).toBe(0);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('version and stats', () => {
  it('--version prints the version of package.json', async () => {
    const r = await cli(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(PACKAGE.version);
  });

  it('stats --json prints one JSON object; without it, one aligned line per figure', async () => {
    const json = await cli(['stats', '--store', store, '--json']);
    expect(json.code).toBe(0);
    expect(json.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(json.stdout)).toEqual({
      backend: 'sqlite',
      documents: 1,
      nodes: 2,
      facts: 0,
      dependencyEdges: 1,
    });
    const text = await cli(['stats', '--store', store]);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')).toContain('documents        1');
    expect(text.stdout.split('\n')).toContain('backend          sqlite');
  });
});

describe('a store that is not there', () => {
  it.each([['stats'], ['serve']])('%s names the location, exits non-zero and creates nothing', async (command) => {
    const missing = join(work, `missing-${command}`);
    const r = await cli([command, '--store', missing, ...serveOnly(command)]);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toBe(
      `supplygraph: no store at --store ${missing} (${missing} does not exist); "supplygraph init --store ${missing}" creates an empty one`,
    );
    expect(existsSync(missing)).toBe(false);
    expect(r.stdout).not.toMatch(/index refreshed/);
  });

  it('a directory without a store file is not a store either', async () => {
    const empty = tempDir('sg-cli-empty-');
    try {
      const r = await cli(['stats', '--store', empty]);
      expect(r.code).toBe(1);
      expect(oneLine(r.stderr)).toMatch(`(${empty} has no supplygraph.sqlite)`);
      expect(existsSync(join(empty, 'supplygraph.sqlite'))).toBe(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('serve options are checked before the index loads', () => {
  it.each([
    [['--port', 'abc'], 'supplygraph: --port must be an integer from 0 to 65535, got "abc"'],
    [['--port', '70000'], 'supplygraph: --port must be an integer from 0 to 65535, got "70000"'],
    [['--port', '-1'], 'supplygraph: --port must be an integer from 0 to 65535, got "-1"'],
    [
      ['--log-level', 'loud'],
      'supplygraph: --log-level must be one of trace, debug, info, warn, error, fatal, silent, got "loud"',
    ],
    [['--max-batch-inputs', '0'], 'supplygraph: --max-batch-inputs must be a positive integer, got "0"'],
    [
      ['--body-budget', '100000'],
      'supplygraph: --body-budget (100000) must be at least the largest body it counts, 1089536 bytes with --max-batch-inputs 1000',
    ],
    [
      ['--trust-proxy', '10.0.0.0/33'],
      'supplygraph: --trust-proxy: "10.0.0.0/33" is not an IP address, a CIDR range (10.0.0.0/8) or loopback, linklocal, uniquelocal',
    ],
    [
      ['--max-connections-per-address', '-1'],
      'supplygraph: --max-connections-per-address must be a non-negative integer, got "-1"',
    ],
    [
      ['--allowed-hosts', 'a.example,localhost:8080'],
      'supplygraph: --allowed-hosts takes host names or addresses without a port (or *), got "localhost:8080"',
    ],
  ])('%j is refused in one line', async (args, message) => {
    const r = await cli(['serve', '--store', store, ...args]);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toBe(message);
    expect(r.stdout).not.toMatch(/index refreshed/);
  });

  describe('a port in use', () => {
    let busy: Server;
    beforeAll(async () => {
      busy = createServer();
      await new Promise<void>((resolve) => busy.listen({ host: '127.0.0.1', port: 0 }, resolve));
    });
    afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

    it('is reported in one line, before the index loads', async () => {
      const { port } = busy.address() as AddressInfo;
      const r = await cli(['serve', '--store', store, '--host', '127.0.0.1', '--port', String(port)]);
      expect(r.code).toBe(1);
      expect(oneLine(r.stderr)).toBe(`supplygraph: --port ${port}: 127.0.0.1:${port} is already in use`);
      expect(r.stdout).not.toMatch(/index refreshed/);
    });
  });

  it('a free port serves (the check does not keep the port)', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--store', store, '--port', '0'], {
      env: { ...process.env, SUPPLYGRAPH_STORE: '' },
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d) => {
          out += d;
          const m = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(out);
          if (m) resolve(m[1]);
        });
        child.on('close', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
      });
      const res = await fetch(`${url}/v0/package/${encodeURIComponent('pkg:npm/a@1')}/dependencies`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { dependencies: string[] }).dependencies).toEqual(['pkg:npm/b@1']);
      // The log names the web UI's address, and the built page answers there.
      await expect.poll(() => out).toContain(`"msg":"web UI at ${url}/ui/"`);
      const page = await fetch(`${url}/ui/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="app">');
    } finally {
      const closed = new Promise((resolve) => child.on('close', resolve));
      child.kill('SIGTERM');
      await closed;
    }
  });

  it('SUPPLYGRAPH_MAX_BATCH_INPUTS (--max-batch-inputs) bounds the batch questions', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--store', store, '--port', '0'], {
      env: { ...process.env, SUPPLYGRAPH_STORE: '', SUPPLYGRAPH_MAX_BATCH_INPUTS: '2' },
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d) => {
          out += d;
          const m = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(out);
          if (m) resolve(m[1]);
        });
        child.on('close', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
      });
      const ask = (purls: string[]) =>
        fetch(`${url}/v0/query/dependencies`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ purls }),
        });
      const two = await ask(['pkg:npm/a@1', 'pkg:npm/b@1']);
      expect(two.status).toBe(200);
      const three = await ask(['pkg:npm/a@1', 'pkg:npm/b@1', 'pkg:npm/a@1']);
      expect(three.status).toBe(413);
      expect(((await three.json()) as { detail: string }).detail).toMatch(/at most 2 /);
    } finally {
      const closed = new Promise((resolve) => child.on('close', resolve));
      child.kill('SIGTERM');
      await closed;
    }
  });
});
