// What `supplygraph serve` logs about access: the read access in force at start-up (a warning
// when reads are open on a non-loopback address), and never a token, even at trace level.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../cli/run-cli.js';
import { createTestStore } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';

interface Served {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote so far. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `supplygraph serve` on a free port and waits until it listens and has said its read access. */
function serve(store: string, args: string[]): Promise<Served> {
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--store', store, '--port', '0', '--pg-startup-wait', '0', ...args],
    {
      env: { ...process.env, SUPPLYGRAPH_STORE: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('close', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const listening = /Server listening at (http:\/\/[^"\s]+)/.exec(output);
      // The start-up line on read access follows the listening one.
      if (listening && output.includes('read access:')) {
        clearTimeout(timer);
        resolve({ child, url: listening[1], output: () => output, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}:\n${output}`));
    });
  });
}

let store: { location: string; remove: () => Promise<void> };
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(async () => {
  await store?.remove();
});

describe('serve logs', () => {
  it('never writes a token, valid, refused or expired, even at trace level', async () => {
    const good = await createTestToken(store.location, 'admin');
    const expired = await createTestToken(store.location, 'read', { expiresAt: '2020-01-01T00:00:00.000Z' });
    const unknown = 'sgt_never-issued-but-secret-all-the-same';
    const s = await serve(store.location, ['--log-level', 'trace', '--read-access', 'token']);
    try {
      expect((await fetch(`${s.url}/v0/audit`, { headers: good.headers })).status).toBe(200);
      expect((await fetch(`${s.url}/v0/audit`, { headers: expired.headers })).status).toBe(401);
      expect((await fetch(`${s.url}/v0/audit`, { headers: { authorization: `Bearer ${unknown}` } })).status).toBe(401);
      expect((await fetch(`${s.url}/nowhere`, { headers: good.headers })).status).toBe(404);
      // Tokens are read from the Authorization header only; one put in the query string is still
      // kept out of the logged URL.
      const inQuery = `/v0/audit?access_token=${good.token}&PageSize=5&x=${encodeURIComponent(expired.token)}`;
      expect((await fetch(`${s.url}${inQuery}`)).status).toBe(401);
    } finally {
      await s.stop();
    }
    const log = s.output();
    expect(log).toMatch(/incoming request/); // the requests were logged, at trace level
    for (const secret of [good.token, expired.token, unknown]) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/Bearer/);
    expect(log).toContain('/v0/audit?access_token=[redacted]&PageSize=5&x=[redacted]');
  });

  it('says which read access is in force, and warns when reads are open on a non-loopback address', async () => {
    const local = await serve(store.location, ['--host', '127.0.0.1']);
    await local.stop();
    const line = local
      .output()
      .split('\n')
      .find((l) => l.includes('read access:'));
    expect(JSON.parse(line!)).toMatchObject({ level: 30, readAccess: 'open' });

    const exposed = await serve(store.location, ['--host', '0.0.0.0', '--read-access', 'open']);
    await exposed.stop();
    const warning = exposed
      .output()
      .split('\n')
      .find((l) => l.includes('read access:'));
    expect(JSON.parse(warning!)).toMatchObject({ level: 40, readAccess: 'open', host: '0.0.0.0' });

    const defaulted = await serve(store.location, ['--host', '0.0.0.0']);
    await defaulted.stop();
    const closed = defaulted
      .output()
      .split('\n')
      .find((l) => l.includes('read access:'));
    expect(JSON.parse(closed!)).toMatchObject({ level: 30, readAccess: 'token' });
  });
});
