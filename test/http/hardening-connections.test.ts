// Connection-level hardening over real sockets (issue 29): parser errors on a reused keep-alive
// connection are answered, one client address cannot take every connection, requests without Host
// and CONNECT get problem documents, the Host of open loopback reads is checked (DNS rebinding),
// and every answer carries nosniff.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionGate, connectionReserve } from '../../src/http/limits.js';
import { hostAllowList, hostName } from '../../src/http/plugins/app/host-check.js';
import type { RunningServer } from '../../src/http/server.js';
import { dependsOn } from '../helpers/predicates.js';
import { createTestStore, enc, ingestInto, startServerOn } from '../helpers/server.js';
import { parseResponse } from './raw-http.js';

interface Connection {
  socket: Socket;
  received(): string;
  /** Resolves with everything received once the server closed the connection. */
  closed: Promise<string>;
}

/** A raw connection to the server from `localAddress` (any 127.0.0.0/8 address is this machine). */
function connectFrom(url: string, localAddress = '127.0.0.1'): Promise<Connection> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
    const closed = new Promise<string>((done) => socket.once('close', () => done(data)));
    socket.once('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

/** Resolves when `text()` holds one whole response (head and Content-Length bytes of body). */
async function wholeResponse(c: Connection): Promise<string> {
  for (;;) {
    const text = c.received();
    const end = text.indexOf('\r\n\r\n');
    if (end >= 0) {
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
      if (text.length >= end + 4 + length) return text;
    }
    if (c.socket.destroyed) return text;
    await new Promise((resolve) => c.socket.once('data', resolve).once('close', resolve));
  }
}

function expectProblem(
  r: { status: number; headers: Record<string, string>; body: string },
  status: number,
  code: string,
): { Message: string } {
  expect(r.status).toBe(status);
  expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(r.headers['x-content-type-options']).toBe('nosniff');
  const body = JSON.parse(r.body) as { status: number; code: string; Message: string };
  expect(body).toMatchObject({ status, code });
  expect(body.Message.length).toBeGreaterThan(0);
  return body;
}

const PURL_PATH = `/v0/package/${enc('pkg:npm/lib')}`;

let server: RunningServer;
let removeStore: () => Promise<void>;

beforeAll(async () => {
  const store = await createTestStore();
  removeStore = store.remove;
  await ingestInto(store.location, {
    'a.json': { isDependency: [dependsOn('pkg:npm/app@1.0.0', 'pkg:npm/lib@2.0.0')] },
  });
  // Reads are open (loopback), so the Host check is on; api.internal is allowed besides loopback.
  server = await startServerOn(store.location, {
    http: { maxConnections: 20, maxConnectionsPerAddress: 5, maxEventLoopDelayMs: 0 },
    allowedHosts: ['api.internal'],
  });
});
afterAll(async () => {
  await server?.close();
  await removeStore?.();
});

describe('a parser error on a reused keep-alive connection is answered', () => {
  const cases: [string, string, number, string][] = [
    [
      'a URL past the head limit',
      `GET /v0/package/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: t\r\n\r\n`,
      414,
      'SG_URI_TOO_LONG',
    ],
    [
      'headers past the head limit',
      `GET /healthz HTTP/1.1\r\nHost: t\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      431,
      'SG_HEADERS_TOO_LARGE',
    ],
    ['an unknown method', 'FOO /healthz HTTP/1.1\r\nHost: t\r\n\r\n', 405, 'SG_METHOD_NOT_ALLOWED'],
    ['a malformed request line', 'GET /healthz HTTP/9.9x\r\nHost: t\r\n\r\n', 400, 'SG_MALFORMED_REQUEST'],
  ];
  it.each(cases)('%s, after a completed request', async (_name, second, status, code) => {
    const c = await connectFrom(server.url);
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const first = await wholeResponse(c);
    expect(parseResponse(first).status).toBe(200);
    c.socket.write(second);
    const all = await c.closed;
    const r = expectProblem(parseResponse(all.slice(first.length)), status, code);
    expect(r.Message).not.toBe('');
  });
});

describe('connections per client address', () => {
  it('past --max-connections-per-address: 503 with Retry-After, closed; another address is served', async () => {
    const held = await Promise.all(Array.from({ length: 5 }, () => connectFrom(server.url, '127.0.0.1')));
    try {
      const extra = await connectFrom(server.url, '127.0.0.1');
      extra.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      const r = parseResponse(await extra.closed);
      const body = expectProblem(r, 503, 'SG_OVERLOADED');
      expect(r.headers['retry-after']).toBe('10');
      expect(body.Message).toContain('--max-connections-per-address');
      const other = await connectFrom(server.url, '127.0.0.2');
      other.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      expect(parseResponse(await other.closed).status).toBe(200);
    } finally {
      for (const c of held) c.socket.destroy();
    }
  });

  it('near --max-connections, the reserve admits only addresses that hold none', async () => {
    // 20 connections, reserve 1: 19 are held by four addresses, then the fourth asks for one more.
    const held: Connection[] = [];
    try {
      for (const [address, n] of [
        ['127.0.0.11', 5],
        ['127.0.0.12', 5],
        ['127.0.0.13', 5],
        ['127.0.0.14', 4],
      ] as const) {
        held.push(...(await Promise.all(Array.from({ length: n }, () => connectFrom(server.url, address)))));
      }
      await new Promise((resolve) => setTimeout(resolve, 100)); // let the server count them
      const greedy = await connectFrom(server.url, '127.0.0.14');
      const refused = parseResponse(await greedy.closed);
      expect(expectProblem(refused, 503, 'SG_OVERLOADED').Message).toContain('--max-connections');
      const newcomer = await connectFrom(server.url, '127.0.0.15');
      newcomer.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      expect(parseResponse(await newcomer.closed).status).toBe(200);
    } finally {
      for (const c of held) c.socket.destroy();
    }
  });

  it('the gate counts per address and frees a slot when a connection closes', () => {
    const gate = new ConnectionGate(100, 2);
    expect(gate.admit('a')).toBeUndefined();
    expect(gate.admit('a')).toBeUndefined();
    expect(gate.admit('a')).toMatch(/already holds 2 connections/);
    expect(gate.admit('b')).toBeUndefined();
    gate.release('a');
    expect(gate.admit('a')).toBeUndefined();
    expect(gate.size).toBe(3);
  });

  it('keeps a reserve of 1/16 of the cap, between 1 and 64', () => {
    expect([1, 20, 160, 4096, 100_000].map(connectionReserve)).toEqual([1, 1, 10, 64, 64]);
    const gate = new ConnectionGate(4096, 0); // no per-address cap: one address fills all but the reserve
    for (let i = 0; i < 4096 - 64; i++) expect(gate.admit('flood')).toBeUndefined();
    expect(gate.admit('flood')).toMatch(/near its connection cap/);
    expect(gate.admit('health-check')).toBeUndefined();
  });
});

describe('requests Node would answer bare, or not at all', () => {
  it('HTTP/1.1 without Host is 400 problem+json', async () => {
    const c = await connectFrom(server.url);
    c.socket.write('GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n');
    const body = expectProblem(parseResponse(await c.closed), 400, 'SG_MALFORMED_REQUEST');
    expect(body.Message).toMatch(/Host/);
  });

  it('HTTP/1.0 without Host is served', async () => {
    const c = await connectFrom(server.url);
    c.socket.write('GET /healthz HTTP/1.0\r\n\r\n');
    expect(parseResponse(await c.closed).status).toBe(200);
  });

  it('CONNECT is 405 problem+json with Allow', async () => {
    const c = await connectFrom(server.url);
    c.socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    const r = parseResponse(await c.closed);
    expectProblem(r, 405, 'SG_METHOD_NOT_ALLOWED');
    expect(r.headers.allow).toBe('GET, HEAD');
  });
});

describe('the Host of open loopback reads (DNS rebinding)', () => {
  const read = (host: string, path = PURL_PATH) =>
    fetchRaw(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  async function fetchRaw(request: string) {
    const c = await connectFrom(server.url);
    c.socket.write(request);
    return parseResponse(await c.closed);
  }

  it.each(['evil.example', 'evil.example:8080', 'localhost.evil.example', '127.0.0.1.nip.io', '10.0.0.1'])(
    'a read with Host %s is 421',
    async (host) => {
      const body = expectProblem(await read(host), 421, 'SG_MISDIRECTED_REQUEST');
      expect(body.Message).toContain('--allowed-hosts');
    },
  );

  it.each([
    'localhost',
    'localhost:8080',
    'LOCALHOST.',
    '127.0.0.1',
    '127.1.2.3:9',
    '[::1]:8080',
    'api.internal',
    'api.internal:443',
  ])('a read with Host %s is served', async (host) => {
    expect((await read(host)).status).toBe(200);
  });

  it('liveness and readiness answer any Host', async () => {
    expect((await read('evil.example', '/healthz')).status).toBe(200);
    expect((await read('evil.example', '/readyz')).status).toBe(200);
  });

  it('applies only while reads are open on loopback', () => {
    expect(hostAllowList('127.0.0.1', 'open')).toEqual(['127.0.0.1']);
    expect(hostAllowList('::1', 'open', ['a.example'])).toEqual(['[::1]', 'a.example']);
    expect(hostAllowList('127.0.0.1', 'token')).toBeUndefined();
    expect(hostAllowList('0.0.0.0', 'open')).toBeUndefined();
    expect(hostAllowList('127.0.0.1', 'open', ['*'])).toBeUndefined();
    expect(['[::1]:80', 'Example.COM:1', 'a.', '[::1'].map(hostName)).toEqual(['[::1]', 'example.com', 'a', undefined]);
  });
});

describe('security headers', () => {
  it.each([
    ['a data answer', PURL_PATH, 200],
    ['an unknown path', '/nowhere', 404],
    ['bad percent-encoding', '/v0/package/%ZZ', 400],
    ['a route error', `/v0/package/${enc('pkg:npm/missing')}/dependencies`, 404],
    ['the docs page', '/docs', 200],
  ])('%s carries X-Content-Type-Options: nosniff', async (_name, path, status) => {
    const res = await fetch(server.url + path);
    expect(res.status).toBe(status);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the docs page has a CSP that allows only its own assets, and every asset it names loads', async () => {
    const page = await fetch(`${server.url}/docs/`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('upgrade-insecure-requests'); // would break the page over plain http
    const html = await page.text();
    // No inline script: every <script> has a src, so script-src 'self' runs them all.
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/src="/);
      expect(content.trim()).toBe('');
    }
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => new URL(m[1], `${server.url}/docs/`));
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset.origin).toBe(server.url); // same origin: allowed by 'self'
      const res = await fetch(asset);
      expect(res.status, asset.pathname).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe(csp);
    }
    expect((await fetch(`${server.url}/docs/json`)).status).toBe(200); // what the page fetches (connect-src 'self')
  });
});
