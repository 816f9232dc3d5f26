// HTTP over a raw loopback socket: the suite must send what ordinary clients refuse to (odd
// methods, unencoded bytes, lying lengths) and see exactly what comes back, including no answer.
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface RawRequest {
  method?: string;
  /** The request target, sent as is. */
  path: string;
  /** Extra header lines, sent as is ("Name: value"). */
  headers?: string[];
  body?: Buffer | string;
  timeoutMs?: number;
  /**
   * Sent on a reused keep-alive connection: a `GET /healthz` is answered on it first, so the
   * request meets the server between requests rather than on a fresh connection.
   */
  afterKeepAlive?: boolean;
  /** The client's own address (any of 127.0.0.0/8 reaches a loopback server): the server counts connections per address. */
  localAddress?: string;
}

/** The request a reused connection carries before the one under test. */
const WARM_UP = Buffer.from('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 'latin1');

/** Bytes of the first response in `data` when it is whole (it has Content-Length), else undefined. */
function firstResponseLength(data: Buffer): number | undefined {
  const headEnd = data.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(data.subarray(0, headEnd).toString('latin1'))?.[1];
  if (length === undefined) return undefined;
  const whole = headEnd + 4 + Number(length);
  return data.length >= whole ? whole : undefined;
}

export class NoResponseError extends Error {
  constructor(
    message: string,
    /** Bytes of a response that did arrive (a truncated answer when above 0). */
    readonly received = 0,
  ) {
    super(message);
  }
}

/** Parses one HTTP/1.1 response (the connection was closed after it); undefined when incomplete. */
export function parseResponse(data: Buffer, head: boolean): RawResponse | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const lines = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0])?.[1]);
  if (!status) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let rest = data.subarray(end + 4);
  if (head || status === 204 || status === 304) return { status, headers, body: Buffer.alloc(0) };
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const chunks: Buffer[] = [];
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      if (lineEnd < 0) return undefined;
      const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
      if (Number.isNaN(size)) return undefined;
      if (size === 0) break;
      if (rest.length < lineEnd + 2 + size) return undefined;
      chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 4 + size);
    }
    return { status, headers, body: Buffer.concat(chunks) };
  }
  const length = headers['content-length'] === undefined ? rest.length : Number(headers['content-length']);
  if (rest.length < length) return undefined;
  return { status, headers, body: rest.subarray(0, length) };
}

/** One request on its own connection (`Connection: close`); rejects with NoResponseError when none came. */
export function request(port: number, req: RawRequest): Promise<RawResponse> {
  const method = req.method ?? 'GET';
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  const lines = [`${method} ${req.path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...(req.headers ?? [])];
  if (body && !(req.headers ?? []).some((h) => /^(content-length|transfer-encoding):/i.test(h)))
    lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: req.localAddress });
    let chunks: Buffer[] = [];
    let warmingUp = req.afterKeepAlive === true;
    let settled = false;
    const finish = (err?: Error): void => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (warmingUp)
        return reject(new NoResponseError('the connection closed before the keep-alive warm-up was answered'));
      const parsed = parseResponse(Buffer.concat(chunks), method === 'HEAD');
      const received = chunks.reduce((n, c) => n + c.length, 0);
      if (parsed) resolve(parsed);
      else if (err instanceof NoResponseError) reject(new NoResponseError(err.message, received));
      else reject(new NoResponseError(err?.message ?? 'the connection closed without a complete response', received));
    };
    socket.setTimeout(req.timeoutMs ?? 30_000, () => finish(new NoResponseError('no response before the timeout')));
    const send = (): void => {
      socket.write(head);
      if (body) socket.write(body);
    };
    socket.on('connect', () => (warmingUp ? socket.write(WARM_UP) : send()));
    let total = 0;
    let expected: number | undefined; // whole response length, once the head says it
    socket.on('data', (chunk: Buffer) => {
      let d = chunk;
      chunks.push(d);
      total += d.length;
      if (warmingUp) {
        // The warm-up's answer is dropped once whole; the request under test follows on the same connection.
        const all = Buffer.concat(chunks);
        const warmUpLength = firstResponseLength(all);
        if (warmUpLength === undefined) return;
        warmingUp = false;
        chunks = [all.subarray(warmUpLength)];
        total = chunks[0].length;
        send();
        if (total === 0) return;
        d = chunks[0];
      }
      // The server may keep the connection open (a 4xx it answers itself); stop at a whole response.
      if (expected === undefined) {
        const all = Buffer.concat(chunks);
        const headEnd = all.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(all.subarray(0, headEnd).toString('latin1'))?.[1];
        const bodyless = method === 'HEAD' || / (204|304) /.test(all.subarray(0, 16).toString('latin1'));
        expected = bodyless ? headEnd + 4 : length !== undefined ? headEnd + 4 + Number(length) : Infinity;
      }
      const chunkedEnd = expected === Infinity && d.subarray(-5).toString('latin1') === '0\r\n\r\n';
      if (total >= expected || chunkedEnd) setImmediate(() => finish());
    });
    socket.on('error', (err) => finish(err));
    socket.on('end', () => finish());
    socket.on('close', () => finish());
  });
}

/** GET with a parsed JSON body (throws on a non-JSON body). */
export async function getJson(port: number, path: string, timeoutMs = 120_000): Promise<{ status: number; json: any }> {
  const res = await request(port, { path, timeoutMs });
  return { status: res.status, json: JSON.parse(res.body.toString('utf8')) };
}

/**
 * Why an error response breaks the contract (RFC 9457 problem+json with GUAC's Message), or
 * undefined when it keeps it. Responses under 400 are not errors.
 */
export function problemViolation(res: RawResponse, method: string): string | undefined {
  if (res.status < 400) return undefined;
  const type = res.headers['content-type'] ?? '';
  if (!type.startsWith('application/problem+json')) return `content-type "${type || '(none)'}"`;
  if (method === 'HEAD') return undefined;
  let body: { Message?: unknown; status?: unknown };
  try {
    body = JSON.parse(res.body.toString('utf8')) as typeof body;
  } catch {
    return `body is not JSON: ${JSON.stringify(res.body.subarray(0, 80).toString('latin1'))}`;
  }
  if (typeof body.Message !== 'string' || !body.Message) return 'no Message';
  if (body.status !== res.status) return `status field ${String(body.status)}`;
  return undefined;
}
