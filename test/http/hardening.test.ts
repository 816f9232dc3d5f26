// Server limits and the error shape of everything refused before a route runs, over real
// sockets: unfinished bodies, slow requests, connection cap, oversize URL and headers, bad
// percent-encoding, any other method, PageSize strictness, unencoded purls, request ids.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/server.js';
import { dependsOn } from '../helpers/predicates.js';
import { createTestStore, enc, ingestInto, startServerOn } from '../helpers/server.js';
import { exchangeUntilClosed, openRaw, parseResponse, sleep } from './raw-http.js';

let server: RunningServer;
let removeStore: () => Promise<void>;

beforeAll(async () => {
  const store = await createTestStore();
  removeStore = store.remove;
  await ingestInto(store.location, {
    'a.json': { isDependency: [dependsOn('pkg:npm/app@1.0.0', 'pkg:npm/lib@2.0.0')] },
  });
  server = await startServerOn(store.location, {
    limits: { listCap: 1000, maxPageSize: 500 },
    http: { requestTimeoutMs: 2_000, headersTimeoutMs: 1_000, maxConnections: 20, maxEventLoopDelayMs: 0 },
  });
});
afterAll(async () => {
  await server?.close();
  await removeStore?.();
});

/** A raw connection from another loopback address (any of 127.0.0.0/8 reaches this machine). */
function openRawFrom(url: string, localAddress: string): Promise<{ socket: Socket; closed: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(url).port), localAddress });
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    const closed = new Promise<string>((done) => socket.once('close', () => done(data)));
    socket.once('error', () => undefined);
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(server.url + path, { headers });
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
};

function expectProblem(
  r: { status: number; headers: Record<string, string>; body: string },
  status: number,
  code: string,
) {
  expect(r.status).toBe(status);
  expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = JSON.parse(r.body);
  expect(body).toMatchObject({ status, code });
  expect(typeof body.Message).toBe('string');
  expect(body.Message.length).toBeGreaterThan(0);
  return body;
}

describe('request bodies are never read', () => {
  it('an unfinished 1 MB POST body is answered 405 at once and the connection closed', async () => {
    const raw = await openRaw(server.url);
    raw.socket.write('POST /v0/package/x HTTP/1.1\r\nHost: t\r\nContent-Length: 1000000\r\n\r\nabc');
    const r = parseResponse(await raw.closed);
    expectProblem(r, 405, 'SG_METHOD_NOT_ALLOWED');
    expect(r.headers.allow).toBe('GET, HEAD');
    expect(r.headers.connection).toBe('close');
  });

  it('many unfinished bodies at once hold no connection open', async () => {
    const conns = await Promise.all(Array.from({ length: 15 }, () => openRaw(server.url)));
    for (const c of conns) c.socket.write('POST /v0/package/x HTTP/1.1\r\nHost: t\r\nContent-Length: 1000000\r\n\r\n');
    const answers = await Promise.all(conns.map((c) => c.closed));
    expect(answers.map((a) => parseResponse(a).status)).toEqual(Array(15).fill(405));
    const open = await new Promise<number>((resolve) => server.app.server.getConnections((_e, n) => resolve(n)));
    expect(open).toBe(0);
  });

  it('a body trickling in at one byte at a time is cut off, not waited for', async () => {
    const raw = await openRaw(server.url);
    raw.socket.write('PUT /v0/package/x HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n');
    const trickle = setInterval(() => raw.socket.writable && raw.socket.write('1\r\na\r\n'), 200);
    try {
      const r = parseResponse(await raw.closed);
      expectProblem(r, 405, 'SG_METHOD_NOT_ALLOWED');
    } finally {
      clearInterval(trickle);
    }
  });

  it('a GET announcing a body is 413 (every route takes none) and closes', async () => {
    const r = parseResponse(
      await exchangeUntilClosed(server.url, 'GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\n'),
    );
    expectProblem(r, 413, 'SG_PAYLOAD_TOO_LARGE');
  });
});

describe('slow clients and connection cap', () => {
  it('headers sent at a byte at a time are cut off with 408 by the headers timeout', async () => {
    const raw = await openRaw(server.url);
    raw.socket.write('GET /healthz HTTP/1.1\r\nHost: t\r\nX-Slow: ');
    const trickle = setInterval(() => raw.socket.writable && raw.socket.write('a'), 200);
    try {
      const r = parseResponse(await raw.closed);
      expectProblem(r, 408, 'SG_REQUEST_TIMEOUT');
    } finally {
      clearInterval(trickle);
    }
  });

  it('connections past --max-connections are refused; below it they are served', async () => {
    // One address may fill all but the reserve kept for newcomers (1 of 20): the 20th is 503.
    const held = await Promise.all(Array.from({ length: 19 }, () => openRaw(server.url)));
    await sleep(200);
    const refused = await openRaw(server.url);
    refused.socket.write('GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n');
    expectProblem(parseResponse(await refused.closed), 503, 'SG_OVERLOADED');
    // The reserve goes to an address that holds none; past the cap itself Node drops connections unanswered.
    const last = await openRawFrom(server.url, '127.0.0.2');
    await sleep(200);
    const extra = await openRawFrom(server.url, '127.0.0.3');
    extra.socket.write('GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n');
    expect(await extra.closed).toBe(''); // dropped without an answer
    last.socket.destroy();
    for (const c of held) c.socket.destroy();
    await sleep(200);
    expect((await get('/healthz')).status).toBe(200);
  });
});

describe('everything refused before a route answers problem+json', () => {
  it('invalid percent-encoding is 400 with Message', async () => {
    const r = await get('/v0/package/%ZZ');
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(r.body).toMatchObject({ code: 'SG_INVALID_PARAMETER' });
    expect(r.body.Message).toMatch(/percent-encoded/);
  });

  it('a URL longer than the head limit is 414', async () => {
    const r = parseResponse(
      await exchangeUntilClosed(server.url, `GET /v0/package/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: t\r\n\r\n`),
    );
    expectProblem(r, 414, 'SG_URI_TOO_LONG');
  });

  it('headers larger than the head limit are 431', async () => {
    const r = parseResponse(
      await exchangeUntilClosed(server.url, `GET /healthz HTTP/1.1\r\nHost: t\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`),
    );
    expectProblem(r, 431, 'SG_HEADERS_TOO_LARGE');
  });

  it.each(['TRACE', 'PROPFIND', 'MKCOL', 'OPTIONS', 'FOO'])('%s is 405 with Allow: GET, HEAD', async (method) => {
    const raw = await openRaw(server.url);
    raw.socket.write(`${method} /v0/package/${enc('pkg:npm/lib')} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n`);
    const r = parseResponse(await raw.closed);
    expectProblem(r, 405, 'SG_METHOD_NOT_ALLOWED');
    expect(r.headers.allow).toBe('GET, HEAD');
  });

  it('an unknown path with another method is 405 too', async () => {
    const res = await fetch(`${server.url}/nothing/here`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('PageSize is plain decimal digits from 1 to the maximum', () => {
  const path = `/v0/package/${enc('pkg:npm/lib')}`;
  it.each(['0', '-1', 'abc', '0x10', '1e2', '%201', '%2B1', '01', '1.0', '501', ''])(
    'PageSize=%s is refused',
    async (v) => {
      for (const name of ['PageSize', 'paginationSpec[PageSize]']) {
        const r = await get(`${path}?${name}=${v}`);
        expect(r.status, `${name}=${v}`).toBe(400);
        expect(r.body.code).toBe('SG_INVALID_PAGE_SIZE');
        expect(r.body.Message).toContain(name);
      }
    },
  );

  it('PageSize given twice is refused', async () => {
    const r = await get(`${path}?PageSize=1&PageSize=2`);
    expect(r.body.code).toBe('SG_INVALID_PAGE_SIZE');
  });

  it.each(['/healthz', '/readyz', '/openapi.json'])(
    'a route that does not page refuses PageSize as a parameter it does not take: %s',
    async (route) => {
      const r = await get(`${route}?PageSize=1e3&paginationSpec[PageSize]=-1`);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('SG_INVALID_PARAMETER');
      expect(r.body.Message).toContain('"PageSize", "paginationSpec[PageSize]"');
    },
  );

  it('the docs page and its assets take any query', async () => {
    expect((await get('/docs/json?PageSize=1e3&paginationSpec[PageSize]=-1')).status).toBe(200);
  });

  it.each(['1', '10', '500'])('PageSize=%s is accepted', async (v) => {
    const r = await get(`${path}?PageSize=${v}`);
    expect(r.status).toBe(200);
    expect(r.body.PurlList).toEqual(['pkg:npm/lib@2.0.0']);
  });
});

describe('purls whose slashes are not encoded', () => {
  it('reach the dependencies of a known package', async () => {
    const r = await get('/v0/package/pkg:npm/app@1.0.0/dependencies');
    expect(r.status).toBe(200);
    expect(r.body.dependencies).toEqual(['pkg:npm/lib@2.0.0']);
  });

  it.each(['dependencies', 'vulns'])('an unknown package on /%s is 404, not a package list', async (resource) => {
    const r = await get(`/v0/package/pkg:npm/doesnotexist/${resource}`);
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('SG_PACKAGE_NOT_FOUND');
  });

  it('a purl longer than 4,096 characters reaches its route, encoded or not', async () => {
    const long = `pkg:npm/${'a'.repeat(5_000)}@1`;
    for (const path of [`/v0/package/${enc(long)}/dependencies`, `/v0/package/${long}/dependencies`]) {
      const r = await get(path);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('SG_PACKAGE_NOT_FOUND');
    }
  });
});

describe('X-Request-Id', () => {
  it('is taken from the client when it is a plain token', async () => {
    const id = 'run-42.a_b';
    const r = await get('/healthz', { 'x-request-id': id });
    expect(r.headers.get('x-request-id')).toBe(id);
  });

  it.each(['has space', 'a/b', 'x'.repeat(129), 'quote"d', 'new\u00e9'])('is replaced when it is %j', async (id) => {
    const raw = await openRaw(server.url);
    raw.socket.write(`GET /healthz HTTP/1.1\r\nHost: t\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n`);
    const r = parseResponse(await raw.closed);
    expect(r.status).toBe(200);
    expect(r.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});
