// Hostile HTTP inputs: seeded random requests over every route and its parameters (purls,
// digests, PageSize/Cursor, includeDependencies, sort), odd encodings, very long values and odd
// methods, sent over raw sockets. Each response is checked against the error contract.
import { Rng } from '../bench/lib/rng.js';
import { NoResponseError, problemViolation, request, type RawRequest, type RawResponse } from './http.js';

export interface FuzzProbes {
  /** Purls and partial purls the store holds (canonical). */
  purls: string[];
  /** Digests (`algorithm:hex`) the store holds. */
  digests: string[];
}

export interface FuzzOutcome {
  requests: number;
  byStatus: Record<string, number>;
  /** 5xx answers other than the documented 502/503/504. */
  serverErrors: string[];
  /** Documented 502/503/504 answers (overload, backend), counted apart. */
  documented5xx: number;
  /** Error answers from the API's own handlers (routes, 404, 405) that are not problem+json with Message. */
  badProblems: string[];
  /** Error answers produced below the routes (HTTP parser, URL/header limits) that are not problem+json. */
  badProtocolProblems: string[];
  /** Requests that got no response at all (connection closed or timed out). */
  noResponse: string[];
  /** Requests sent on a reused keep-alive connection, after a completed request. */
  reused: number;
  /** Of them, those the HTTP parser refused (answered below the routes: 400, 405, 414, 431). */
  reusedParserErrors: number;
}

const enc = encodeURIComponent;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'FOO', 'get'];
const ODD_TEXT = [
  '',
  ' ',
  '%',
  '%ZZ',
  '%00',
  '%C0%AF',
  '%FF%FE',
  '%252F',
  '..%2F..%2Fetc%2Fpasswd',
  '\u00e9\u4e2d\ud83d\ude00',
  '%E2%80%AE',
  '\'"<>`{}|\\^',
  'null',
  '[]',
  '{}',
  '-1',
  'NaN',
  '1e309',
  '0x10',
  '%0d%0aX-Injected:%201',
  '\\x00',
  '$(id)',
  '*',
  '?',
  '#',
];
const SPECIAL_PURLS = [
  'pkg:',
  'pkg:npm',
  'pkg:npm/',
  'pkg:/lodash',
  'pkg:npm/@',
  'pkg:npm/%40scope%2F',
  'pkg:npm/lodash@',
  'pkg:npm/lodash@%',
  'pkg:npm/lodash?a=b=c',
  'pkg:npm/lodash?=x',
  'pkg:npm/lodash#/../..',
  'pkg:maven/a/b/c/d/e/f@1',
  'pkg:NPM/LODASH@4.17.21',
  'pkg:pypi/Django_REST@1.0',
  'pkg:oci/x@sha256%3Aabc?repository_url=example.com/a',
  'pkg:golang/github.com/a/b@v1.0.0#sub/path',
  'pkg:deb/debian/openssl@1.0?arch=amd64&distro=debian-12',
  'npm/lodash',
  'http://example.com',
  'pkg:npm/lodash@1.0.0?'.padEnd(3000, 'x'),
];
const SPECIAL_DIGESTS = [
  'sha256:',
  ':',
  'sha256',
  'SHA256:' + 'A'.repeat(64),
  'sha-256:' + 'a'.repeat(64),
  'md5:zz',
  'sha512:' + 'f'.repeat(128),
  'a'.repeat(64),
  'sha256:' + 'g'.repeat(64),
  'sha256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
  'sha256:' + 'a'.repeat(10_000),
  'sha256:%00',
];
const PAGE_SIZES = [
  '0',
  '-1',
  '1',
  '2',
  '1.5',
  'abc',
  '',
  '100000',
  '100001',
  '99999999999999999999',
  '1e3',
  ' 5',
  '0x10',
];
const BOOLEANS = ['true', 'false', '1', '0', 'TRUE', 'yes', '', 'null', '2', 'true,false'];
const SORTS = ['frequency', 'scorecard', '', 'FREQUENCY', 'name', 'frequency,scorecard', '%00'];

/** A value of `length` characters, mixing plain and percent-encoded bytes. */
function longValue(rng: Rng, length: number): string {
  const unit = rng.pick(['a', '%41', '%E2%82%AC', '/', '%2F', '@']);
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

function mutate(rng: Rng, text: string): string {
  switch (rng.int(0, 7)) {
    case 0:
      return enc(text);
    case 1:
      return text; // unencoded: slashes, @, ?, # as they are
    case 2:
      return enc(text) + rng.pick(ODD_TEXT);
    case 3:
      return enc(enc(text));
    case 4: {
      const at = rng.int(0, text.length + 1);
      return enc(text.slice(0, at)) + rng.pick(ODD_TEXT) + enc(text.slice(at));
    }
    case 5:
      return enc(text).toUpperCase();
    default:
      return enc(text.slice(0, rng.int(0, text.length + 1)));
  }
}

function purlValue(rng: Rng, probes: FuzzProbes): string {
  const r = rng.next();
  if (r < 0.45 && probes.purls.length) return mutate(rng, rng.pick(probes.purls));
  if (r < 0.7) return mutate(rng, rng.pick(SPECIAL_PURLS));
  if (r < 0.85) return rng.pick(ODD_TEXT);
  return longValue(rng, rng.pick([300, 5_000, 20_000, 70_000]));
}

function digestValue(rng: Rng, probes: FuzzProbes): string {
  const r = rng.next();
  if (r < 0.4 && probes.digests.length) return mutate(rng, rng.pick(probes.digests));
  if (r < 0.75) return mutate(rng, rng.pick(SPECIAL_DIGESTS));
  if (r < 0.9) return rng.pick(ODD_TEXT);
  return longValue(rng, rng.pick([300, 5_000, 70_000]));
}

function queryString(rng: Rng, params: string[]): string {
  const parts: string[] = [];
  const n = rng.int(0, 4);
  for (let i = 0; i < n; i++) {
    const name = rng.pick([
      ...params,
      'PageSize',
      'Cursor',
      'paginationSpec[PageSize]',
      'paginationSpec[Cursor]',
      'paginationSpec[a][b][c][d][e]',
      'unknown',
      '',
      '__proto__',
      'constructor[prototype][x]',
    ]);
    let value: string;
    if (name.includes('PageSize')) value = rng.pick(PAGE_SIZES);
    else if (name.includes('Cursor'))
      value = rng.pick([
        '',
        'abc',
        '%%%',
        Buffer.from(rng.hex(40)).toString('base64url'),
        Buffer.from('{"v":1,"k":"x"}').toString('base64url'),
        longValue(rng, 9_000),
      ]);
    else if (name === 'includeDependencies') value = rng.pick(BOOLEANS);
    else if (name === 'sort') value = rng.pick(SORTS);
    else value = rng.pick(ODD_TEXT);
    parts.push(rng.chance(0.1) ? name : `${name}=${value}`);
  }
  if (rng.chance(0.05)) parts.push('&&&=&=');
  return parts.length ? `?${parts.join('&')}` : rng.pick(['', '', '?', '?&']);
}

function headerLines(rng: Rng): string[] {
  const lines: string[] = [];
  if (rng.chance(0.1)) lines.push(`If-None-Match: ${rng.pick(['*', '"x"', 'W/"1-2"', longValue(rng, 2000)])}`);
  if (rng.chance(0.1)) lines.push(`X-Request-Id: ${rng.pick(['abc', '../../x', 'a'.repeat(500), '%00', '\u00e9'])}`);
  if (rng.chance(0.05)) lines.push(`Accept: ${rng.pick(['application/xml', '*/*;q=x', ''])}`);
  if (rng.chance(0.03)) lines.push(`X-Big: ${'b'.repeat(rng.pick([20_000, 70_000]))}`);
  if (rng.chance(0.03)) for (let i = 0; i < 300; i++) lines.push(`X-Many-${i}: ${i}`);
  if (rng.chance(0.03)) lines.push('Content-Length: abc');
  if (rng.chance(0.02)) lines.push('Transfer-Encoding: chunked, identity');
  return lines;
}

/** A request Node's HTTP parser refuses before any route: oversize URL or headers, unknown method, bad line. */
function parserBreaker(rng: Rng): RawRequest {
  const base = { timeoutMs: 30_000, afterKeepAlive: true };
  switch (rng.int(0, 5)) {
    case 0:
      return { ...base, path: `/v0/package/${longValue(rng, rng.pick([20_000, 70_000]))}` };
    case 1:
      return { ...base, path: '/healthz', headers: [`X-Big: ${'b'.repeat(rng.pick([20_000, 70_000]))}`] };
    case 2:
      return { ...base, method: rng.pick(['FOO', 'PROPFIND', 'MKCOL', 'BREW']), path: '/healthz' };
    case 3:
      return { ...base, path: '/healthz HTTP/9.9x' }; // a space in the target: a malformed request line
    default:
      return { ...base, path: '/healthz', headers: [rng.pick(['No-Colon-Here', 'Bad Name: 1', 'X: a\u0000b'])] };
  }
}

/**
 * The next fuzzed request. One in five goes on a reused keep-alive connection (after a completed
 * request), half of those being requests the HTTP parser refuses: they must be answered there too.
 */
export function fuzzRequest(rng: Rng, probes: FuzzProbes): RawRequest {
  if (rng.chance(0.2)) {
    return rng.chance(0.5) ? parserBreaker(rng) : { ...fuzzRoutedRequest(rng, probes), afterKeepAlive: true };
  }
  return fuzzRoutedRequest(rng, probes);
}

function fuzzRoutedRequest(rng: Rng, probes: FuzzProbes): RawRequest {
  const method = rng.chance(0.7) ? rng.pick(['GET', 'GET', 'HEAD']) : rng.pick(METHODS);
  const route = rng.int(0, 10);
  let path: string;
  switch (route) {
    case 0:
      path = `/v0/package/${purlValue(rng, probes)}${queryString(rng, [])}`;
      break;
    case 1:
      path = `/v0/package/${purlValue(rng, probes)}/dependencies${queryString(rng, [])}`;
      break;
    case 2:
      path = `/v0/package/${purlValue(rng, probes)}/vulns${queryString(rng, ['includeDependencies'])}`;
      break;
    case 3:
      path = `/v0/artifact/${digestValue(rng, probes)}/dependencies${queryString(rng, [])}`;
      break;
    case 4:
      path = `/v0/artifact/${digestValue(rng, probes)}/vulns${queryString(rng, ['includeDependencies'])}`;
      break;
    case 5:
      path = `/analysis/dependencies${queryString(rng, ['sort', 'sort'])}`;
      break;
    case 6:
      path = rng.pick(['/healthz', '/readyz', '/openapi.json', '/docs', '/docs/json']) + queryString(rng, []);
      break;
    case 7:
      path = rng.pick([
        '/',
        '//v0//package//x',
        '/v0/package/',
        '/v0/package',
        '/v0/./package/x',
        '/v0/package/x/../../healthz',
        '/V0/PACKAGE/x',
        '*',
        'http://127.0.0.1/healthz',
        '/v0/package/x/dependencies/extra',
        '/%2e%2e/%2e%2e/',
        '/healthz%00',
      ]);
      break;
    default:
      path = `/v0/package/${purlValue(rng, probes)}/${rng.pick(['dependencies', 'vulns', 'x', ''])}${queryString(rng, ['includeDependencies', 'sort'])}`;
  }
  const body =
    method !== 'GET' && method !== 'HEAD' && rng.chance(0.5) ? rng.pick(['{}', 'x'.repeat(1000), '']) : undefined;
  return { method, path, headers: headerLines(rng), body, timeoutMs: 30_000 };
}

/** Errors the API's own handlers answer have a code in the body; the rest come from below the routes. */
function fromRoutes(res: RawResponse): boolean {
  return res.headers['x-request-id'] !== undefined;
}

function describe(req: RawRequest): string {
  const path = req.path.length > 100 ? `${req.path.slice(0, 100)}…(${req.path.length} chars)` : req.path;
  return `${req.method ?? 'GET'} ${JSON.stringify(path)}${req.afterKeepAlive ? ' (on a reused keep-alive connection)' : ''}`;
}

/** Sends `count` fuzzed requests (`concurrency` at a time) and checks every answer. */
export async function fuzz(
  port: number,
  probes: FuzzProbes,
  options: { seed: string; count: number; concurrency?: number; deadlineMs?: number },
): Promise<FuzzOutcome> {
  const rng = new Rng(`fuzz:${options.seed}`);
  const out: FuzzOutcome = {
    requests: 0,
    byStatus: {},
    serverErrors: [],
    documented5xx: 0,
    badProblems: [],
    badProtocolProblems: [],
    noResponse: [],
    reused: 0,
    reusedParserErrors: 0,
  };
  const deadline = performance.now() + (options.deadlineMs ?? 600_000);
  // Requests are drawn in order so that the sequence depends on the seed alone.
  const requests = Array.from({ length: options.count }, () => fuzzRequest(rng, probes));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < requests.length && performance.now() < deadline) {
      const req = requests[next++];
      out.requests++;
      if (req.afterKeepAlive) out.reused++;
      let res: RawResponse;
      try {
        res = await request(port, req);
      } catch (err) {
        const reason = err instanceof NoResponseError ? err.message : (err as Error).message;
        out.noResponse.push(`${describe(req)}: ${reason}`);
        out.byStatus['none'] = (out.byStatus['none'] ?? 0) + 1;
        continue;
      }
      out.byStatus[res.status] = (out.byStatus[res.status] ?? 0) + 1;
      if (req.afterKeepAlive && res.status >= 400 && !fromRoutes(res)) out.reusedParserErrors++;
      if (res.status >= 500) {
        if ([502, 503, 504].includes(res.status)) out.documented5xx++;
        else out.serverErrors.push(`${describe(req)} → ${res.status} ${res.body.subarray(0, 200).toString()}`);
      }
      const violation = problemViolation(res, req.method ?? 'GET');
      if (violation) {
        const line = `${describe(req)} → ${res.status}: ${violation}`;
        (fromRoutes(res) ? out.badProblems : out.badProtocolProblems).push(line);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  return out;
}
