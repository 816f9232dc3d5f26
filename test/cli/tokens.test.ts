// `supplygraph token create|list|revoke` and `supplygraph audit`, run as child processes, and a
// running server that accepts the token made and refuses it once revoked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_CACHE_MS } from '../../src/http/plugins/app/token-verifier.js';
import { openStore } from '../../src/store/open.js';
import { createTestStore, startServerOn } from '../helpers/server.js';
import { cli, oneLine } from './run-cli.js';

let store: { location: string; remove: () => Promise<void> };
const run = (...args: string[]) => cli([...args, '--store', store.location]);

beforeAll(async () => {
  store = await createTestStore();
  await (await openStore(store.location)).close(); // an embedded store must exist before token commands
});
afterAll(async () => {
  await store?.remove();
});

describe('supplygraph token', () => {
  it('create prints the token alone on stdout, once, and a note on stderr', async () => {
    const r = await run('token', 'create', '--name', 'ci-upload', '--scope', 'ingest', '--expires', '90d');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^sgt_[A-Za-z0-9_-]{43}\n$/);
    expect(oneLine(r.stderr)).toMatch(
      /token "ci-upload" created \(scope ingest, expires \d{4}-.*\); it is shown this once only/,
    );
  });

  it('refuses a taken name, a bad scope, a bad or past expiry, a bad name: one line each, exit 1', async () => {
    const cases: [string[], RegExp][] = [
      [['--name', 'ci-upload', '--scope', 'read'], /a token named "ci-upload" exists/],
      [['--name', 'x', '--scope', 'owner'], /--scope must be one of read, ingest, admin, got "owner"/],
      [
        ['--name', 'x', '--scope', 'read', '--expires', '5y'],
        /--expires takes a duration \(90d, 12h, 30m\) or an ISO date/,
      ],
      [['--name', 'x', '--scope', 'read', '--expires', '2001-01-01'], /--expires must be in the future/],
      [['--name', 'has space', '--scope', 'read'], /--name takes 1–64 letters/],
    ];
    for (const [args, message] of cases) {
      const r = await run('token', 'create', ...args);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(oneLine(r.stderr)).toMatch(message);
    }
  });

  it('list shows name, scope, dates and the expired flag, never a hash or a token', async () => {
    await run('token', 'create', '--name', 'reader', '--scope', 'read', '--expires', '2h');
    const r = await run('token', 'list', '--json');
    expect(r.code).toBe(0);
    const { tokens } = JSON.parse(r.stdout);
    const reader = tokens.find((t: { name: string }) => t.name === 'reader');
    expect(Object.keys(reader).sort()).toEqual(['createdAt', 'expired', 'expiresAt', 'lastUsedAt', 'name', 'scope']);
    expect(reader).toMatchObject({ scope: 'read', expired: false, lastUsedAt: null });
    const hours = (Date.parse(reader.expiresAt) - Date.parse(reader.createdAt)) / 3_600_000;
    expect(hours).toBeCloseTo(2, 1);
    expect(r.stdout).not.toMatch(/[0-9a-f]{64}|sgt_/);
    const text = await run('token', 'list');
    expect(text.stdout.split('\n')[0]).toMatch(/^NAME\s+SCOPE\s+CREATED\s+EXPIRES\s+LAST USED$/);
    expect(text.stdout).toMatch(/^reader\s+read\s/m);
  });

  it('revoke removes the token (exit 0), an unknown name is exit 1; audit shows both changes with client "cli"', async () => {
    await run('token', 'create', '--name', 'short-lived', '--scope', 'read');
    expect((await run('token', 'revoke', 'short-lived')).code).toBe(0);
    const unknown = await run('token', 'revoke', 'short-lived');
    expect(unknown.code).toBe(1);
    expect(oneLine(unknown.stderr)).toMatch(/no token is named "short-lived"/);
    const audit = await run('audit', '--json', '--limit', '2');
    expect(audit.code).toBe(0);
    const { events, total } = JSON.parse(audit.stdout);
    expect(total).toBeGreaterThanOrEqual(4);
    expect(events).toEqual([
      expect.objectContaining({ token: 'short-lived', client: 'cli', action: 'token.revoke', result: 'revoked' }),
      expect.objectContaining({ token: 'short-lived', client: 'cli', action: 'token.create', result: 'created' }),
    ]);
    const text = await run('audit');
    expect(text.stdout.split('\n')[1]).toMatch(/short-lived\s+cli\s+token\.revoke\s+revoked/);
  });

  it('a running server accepts the token made, and refuses it soon after `token revoke`', async () => {
    const made = await run('token', 'create', '--name', 'live', '--scope', 'admin');
    const token = made.stdout.trim();
    const server = await startServerOn(store.location, { access: { readAccess: 'token' }, refreshIntervalMs: 50 });
    try {
      const ask = () => fetch(`${server.url}/v0/audit`, { headers: { authorization: `Bearer ${token}` } });
      expect((await ask()).status).toBe(200);
      expect((await run('token', 'revoke', 'live')).code).toBe(0);
      const revokedAt = Date.now();
      let status = 200;
      while (status !== 401 && Date.now() < revokedAt + TOKEN_CACHE_MS + 3_000) {
        status = (await ask()).status;
        if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(401);
    } finally {
      await server.close();
    }
  });
});
