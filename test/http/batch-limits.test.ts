// What bounds a batch question's memory (issue 29): bodies still arriving (batch bodies by their
// length, uploads by what they may hold while streaming) count against the server's body budget
// (past it 503 before a byte is read, the connection closed), a body announcing more than the
// route takes is refused at once, the answer is bounded by --list-cap items, and the request
// counts by its distinct inputs against the rate limit. Over a real socket.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STREAMED_BODY_BYTES } from '../../src/http/body-budget.js';
import { dependsOn, vuln } from '../helpers/predicates.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';
import { exchangeUntilClosed, openRaw, parseResponse, type RawExchange } from './raw-http.js';

const APP = 'pkg:npm/app@1.0.0';
const LIB = 'pkg:npm/lib@2.0.0';
const UTIL = 'pkg:npm/util@3.0.0';
const DOCS = {
  'graph.json': {
    isDependency: [dependsOn(APP, LIB), dependsOn(LIB, UTIL)],
    certifyVuln: [vuln(LIB, 'cve', 'CVE-2024-0001'), vuln(UTIL, 'ghsa', 'GHSA-aaaa-bbbb-cccc')],
  },
};
const JSON_TYPE = { 'content-type': 'application/json' };
/** --max-batch-inputs 5: the body limit is 5 × 1 KiB + 64 KiB. */
const MAX_INPUTS = 5;
const BODY_LIMIT = MAX_INPUTS * 1024 + 64 * 1024;
/** Room for one upload in progress and four batch bodies of 70,000 bytes, not five. */
const BUDGET = 600_000;

/** The head of a POST announcing `length` bytes of body (or a chunked body). */
function head(path: string, length: number | 'chunked', headers = ''): string {
  const framing = length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`;
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers}${framing}\r\n\r\n`;
}

describe('batch bodies and answers are bounded', () => {
  let t: TestServer;
  const post = (body: object, path = '/v0/query/vulns') => t.request('POST', path, JSON_TYPE, JSON.stringify(body));
  const held = (): number => t.server.app.bodyBudget.heldBytes;

  beforeAll(async () => {
    t = await startTestServer(
      DOCS,
      { listCap: 3, maxPageSize: 3 },
      {
        batch: { maxInputs: MAX_INPUTS, bodyBudgetBytes: BUDGET },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('bodies still arriving hold the budget: past it 503 with Retry-After, closed; freed when they go', async () => {
    const ingest = await createTestToken(t.storeDir, 'ingest');
    const upload = await openRaw(t.url);
    upload.socket.write(head('/v0/documents', 1_000_000, `Authorization: Bearer ${ingest.token}\r\n`) + '{"a": "');
    const open: RawExchange[] = [upload];
    for (const path of ['/v0/query/vulns', '/v0/query/dependencies', '/v0/query/vulns', '/v0/query/dependencies']) {
      const raw = await openRaw(t.url);
      raw.socket.write(head(path, 70_000) + '{"purls": ["pkg:npm/');
      open.push(raw);
    }
    await vi.waitFor(() => expect(held()).toBe(STREAMED_BODY_BYTES + 4 * 70_000));
    // A fifth batch body does not fit: refused on its head, and the connection closes without its body.
    const refused = parseResponse(await exchangeUntilClosed(t.url, head('/v0/query/vulns', 70_000)));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers.connection).toBe('close');
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'SG_OVERLOADED' });
    expect(JSON.parse(refused.body).detail).toMatch(/--body-budget/);
    // Clients that go away mid-body give their share back.
    for (const raw of open) raw.socket.destroy();
    await vi.waitFor(() => expect(held()).toBe(0));
    expect((await post({ purls: [LIB] })).status).toBe(200);
    expect(held()).toBe(0);
  });

  it('a chunked body reserves the whole body limit while it arrives', async () => {
    const raw = await openRaw(t.url);
    raw.socket.write(head('/v0/query/vulns', 'chunked') + '5\r\n{"pur\r\n');
    await vi.waitFor(() => expect(held()).toBe(BODY_LIMIT));
    raw.socket.destroy();
    await vi.waitFor(() => expect(held()).toBe(0));
  });

  it('a body announcing more than the route takes is 413 at once, and the rest is not waited for', async () => {
    const answer = parseResponse(await exchangeUntilClosed(t.url, head('/v0/query/dependencies', BODY_LIMIT + 1)));
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    const problem = JSON.parse(answer.body) as { code: string; detail: string };
    expect(problem.code).toBe('SG_PAYLOAD_TOO_LARGE');
    expect(problem.detail).toContain(`at most ${BODY_LIMIT}`);
    expect(held()).toBe(0);
  });

  it('413 SG_ANSWER_TOO_LARGE past --list-cap items in all; repeats are folded before they count', async () => {
    // APP with its dependencies: LIB's and UTIL's findings (2 items); LIB with its own: 2 more.
    const over = await post({ purls: [APP, LIB], includeDependencies: true });
    expect(over.status).toBe(413);
    expect(over.body.code).toBe('SG_ANSWER_TOO_LARGE');
    expect(over.body.detail).toMatch(/first 2 distinct inputs .*more than 3 items \(--list-cap\)/);
    const deps = await post({ purls: [APP, LIB, UTIL], digests: [] }, '/v0/query/dependencies');
    expect(deps.status).toBe(200); // 2 + 1 + 0 dependencies
    const repeated = await post({ purls: [APP, APP, APP, APP, APP], includeDependencies: true });
    expect(repeated.status).toBe(200);
    expect(repeated.body.results).toHaveLength(1);
    expect(repeated.body.results[0].vulnerabilities).toHaveLength(2);
  });
});

describe('batch questions count by their inputs against the rate limit', () => {
  let t: TestServer;
  const post = (body: object, path = '/v0/query/vulns') => t.request('POST', path, JSON_TYPE, JSON.stringify(body));

  beforeAll(async () => {
    t = await startTestServer(DOCS, undefined, {
      access: { readAccess: 'open', rateLimitPerMinute: 0, anonymousRateLimitPerMinute: 15 },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('one request per 20 distinct inputs (closures weigh 5); a batch that does not fit is 429', async () => {
    // Repeats of one input are one input: one request.
    const repeats = await post({ purls: Array.from({ length: 400 }, () => LIB) });
    expect(repeats.status).toBe(200);
    expect(repeats.headers.get('x-ratelimit-remaining')).toBe('14');
    // 200 distinct purls: 10 requests.
    const distinct = await post({ purls: Array.from({ length: 200 }, (_, i) => `pkg:npm/p${i}@1`) });
    expect(distinct.status).toBe(200);
    expect(distinct.headers.get('x-ratelimit-remaining')).toBe('4');
    // 40 dependency walks: 40 × 5 / 20 = 10 requests, more than the 4 left.
    const walks = await post(
      { purls: Array.from({ length: 40 }, (_, i) => `pkg:npm/p${i}@1`) },
      '/v0/query/dependencies',
    );
    expect(walks.status).toBe(429);
    expect(walks.body.code).toBe('SG_RATE_LIMITED');
    expect(walks.body.detail).toMatch(/counts as 10/);
    expect(Number(walks.headers.get('retry-after'))).toBeGreaterThan(0);
    // The refused batch counted only its first request: 3 are left for plain reads.
    const read = await t.get('/v0/stats');
    expect(read.status).toBe(200);
    expect(read.headers.get('x-ratelimit-remaining')).toBe('2');
  });
});
