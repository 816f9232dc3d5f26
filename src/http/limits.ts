// Connection-level limits: how long a client may take, how many may be connected (in all and per
// client address), how large a request head may be, and the problem+json answers for what Node's
// HTTP parser refuses before Fastify sees a request (oversize request line or headers, timeouts,
// unknown methods, CONNECT). See docs/api.md, "Limits".
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { DEFAULTS } from '../config/settings.js';
import type { ErrorCode } from './error-catalogue.js';
import { problem } from './errors.js';

export interface HttpLimits {
  /** ms to receive a whole request. */
  requestTimeoutMs: number;
  /** ms to receive the request line and headers (capped at requestTimeoutMs). */
  headersTimeoutMs: number;
  /** ms an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** Connections open at once. */
  maxConnections: number;
  /** Connections one client address may hold at once; 0: no cap but the global one. */
  maxConnectionsPerAddress: number;
  /** Bytes of request line plus headers. */
  maxHeaderSize: number;
  /** ms a request waits for a background computation (the frequency ranking) before 504. */
  queryBudgetMs: number;
  /** Mean event-loop delay (ms) past which requests are shed with 503; 0 disables. */
  maxEventLoopDelayMs: number;
  /** ms responses under way get to finish on shutdown. */
  drainTimeoutMs: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: DEFAULTS.requestTimeout,
  headersTimeoutMs: DEFAULTS.headersTimeout,
  keepAliveTimeoutMs: DEFAULTS.keepAliveTimeout,
  maxConnections: DEFAULTS.maxConnections,
  maxConnectionsPerAddress: DEFAULTS.maxConnectionsPerAddress,
  maxHeaderSize: DEFAULTS.maxHeaderSize,
  queryBudgetMs: DEFAULTS.queryBudget,
  maxEventLoopDelayMs: DEFAULTS.maxEventLoopDelay,
  drainTimeoutMs: DEFAULTS.drainTimeout,
};

/** Seconds a client refused for holding too many connections is told to wait (Retry-After). */
export const CONNECTION_RETRY_AFTER_SECONDS = 10;

/**
 * Connections kept for client addresses that hold none, so that a health check (or any newcomer)
 * still gets in when one client fills the server: 1/16 of the cap, between 1 and 64.
 */
export function connectionReserve(maxConnections: number): number {
  return Math.max(1, Math.min(64, Math.floor(maxConnections / 16)));
}

/** The address a connection counts against: IPv4 clients seen through an IPv6 socket count as IPv4. */
function clientAddress(socket: Socket): string | undefined {
  const address = socket.remoteAddress;
  return address?.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * Who may open another connection: no address more than `perAddress` at once, and once the
 * open connections reach the cap less its reserve, only addresses that hold none yet.
 */
export class ConnectionGate {
  private readonly held = new Map<string, number>();
  private open = 0;
  readonly reserve: number;

  constructor(
    private readonly maxConnections: number,
    private readonly perAddress: number,
  ) {
    this.reserve = connectionReserve(maxConnections);
  }

  /** Counts a new connection and returns undefined, or says why it is refused (and counts nothing). */
  admit(address: string): string | undefined {
    const held = this.held.get(address) ?? 0;
    if (this.perAddress > 0 && held >= this.perAddress) {
      return `this client address already holds ${held} connections, the most one address may (--max-connections-per-address); reuse or close them`;
    }
    if (held > 0 && this.open >= this.maxConnections - this.reserve) {
      return 'the server is near its connection cap (--max-connections); the rest is kept for clients that hold no connection';
    }
    this.held.set(address, held + 1);
    this.open++;
    return undefined;
  }

  release(address: string): void {
    const held = this.held.get(address) ?? 0;
    if (held <= 1) this.held.delete(address);
    else this.held.set(address, held - 1);
    this.open--;
  }

  /** Connections admitted and still open. */
  get size(): number {
    return this.open;
  }
}

/** Limits applied to the Node server itself (Fastify's options cover only some of them). */
export function applyServerLimits(server: Server, limits: HttpLimits): ConnectionGate {
  server.requestTimeout = limits.requestTimeoutMs;
  // Node refuses a headers timeout longer than the request timeout.
  server.headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // Node's own cap stays as the hard one: past it connections are dropped before any code runs.
  server.maxConnections = limits.maxConnections;
  trackResponses(server);
  server.on('connect', answerConnect);
  return gateConnections(server, new ConnectionGate(limits.maxConnections, limits.maxConnectionsPerAddress));
}

/**
 * Puts the gate in front of the HTTP server's own connection listener: a refused connection gets
 * a 503 problem document with Retry-After and is closed without reaching the HTTP parser, so
 * it never costs a request.
 */
function gateConnections(server: Server, gate: ConnectionGate): ConnectionGate {
  const handlers = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const address = clientAddress(socket);
    if (address !== undefined) {
      const refusal = gate.admit(address);
      if (refusal !== undefined) return refuseConnection(socket, refusal);
      socket.once('close', () => gate.release(address));
    }
    for (const handler of handlers) handler.call(server, socket);
  });
  return gate;
}

/** Answers a connection that is not admitted, then closes it. */
function refuseConnection(socket: Socket, detail: string): void {
  socket.on('error', () => socket.destroy());
  // What the client sends is read and dropped: closing with unread data would reset the
  // connection, and the client might lose the answer.
  socket.resume();
  socket.once('end', () => socket.destroy());
  socket.setTimeout(2_000, () => socket.destroy());
  writeRawProblem(socket, 'SG_OVERLOADED', detail, [`Retry-After: ${CONNECTION_RETRY_AFTER_SECONDS}`]);
}

/**
 * Responses begun and not yet closed on each socket, and the bytes the socket had written when
 * the first of them began: what tells a connection between requests (a parser error on it can be
 * answered) from one with an answer partly sent (nothing valid can follow).
 */
const responsesUnderWay = new WeakMap<Socket, { count: number; bytesBefore: number }>();

function trackResponses(server: Server): void {
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const state = responsesUnderWay.get(socket) ?? { count: 0, bytesBefore: 0 };
    if (state.count === 0) state.bytesBefore = socket.bytesWritten;
    state.count++;
    responsesUnderWay.set(socket, state);
    // 'close' follows 'finish', and also comes when the response is cut off.
    response.once('close', () => {
      state.count--;
    });
  });
}

/** True when bytes of a response were already written on the socket (or no response is possible). */
function answerPartlySent(socket: Socket): boolean {
  const state = responsesUnderWay.get(socket);
  return state !== undefined && state.count > 0 && socket.bytesWritten > state.bytesBefore;
}

interface ClientError extends Error {
  code?: string;
  /** What the parser had received (a Buffer at run time). */
  rawPacket?: unknown;
}

/** True when the request line is longer than the headers received with it. */
function urlDominates(packet: unknown): boolean {
  if (!Buffer.isBuffer(packet)) return false;
  const lineEnd = packet.indexOf('\r\n');
  const lineLength = lineEnd < 0 ? packet.length : lineEnd;
  return lineLength > packet.length - lineLength;
}

/** What the parser refused, as a catalogue code and a message. */
function describeClientError(err: ClientError): { code: ErrorCode; detail: string } {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      // One limit covers the request line and the headers: a head that is mostly its URL is 414.
      return urlDominates(err.rawPacket)
        ? { code: 'SG_URI_TOO_LONG', detail: 'the request URL is longer than the server accepts' }
        : { code: 'SG_HEADERS_TOO_LARGE', detail: 'the request headers are larger than the server accepts' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { code: 'SG_REQUEST_TIMEOUT', detail: 'the request was not received in time' };
    case 'HPE_INVALID_METHOD':
      return {
        code: 'SG_METHOD_NOT_ALLOWED',
        detail: 'this method is not allowed; the API answers GET, HEAD, POST and DELETE',
      };
    default:
      return { code: 'SG_MALFORMED_REQUEST', detail: 'the request is not well-formed HTTP/1.1' };
  }
}

/**
 * Node's 'clientError': the parser refused the request, so there is no Fastify request to answer
 * through. A problem document is written on the socket by hand, then the connection closes.
 */
export function answerClientError(err: ClientError, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // A keep-alive connection between requests (its earlier answers complete) is answered like a
  // new one; only an answer partly sent leaves nothing valid to write.
  if (!socket.writable || answerPartlySent(socket)) {
    socket.destroy();
    return;
  }
  const { code, detail } = describeClientError(err);
  const allow = code === 'SG_METHOD_NOT_ALLOWED' ? ['Allow: GET, HEAD'] : [];
  writeRawProblem(socket, code, detail, allow, () => socket.destroy());
}

/**
 * CONNECT (a tunnel request): Node hands it to 'connect' listeners instead of the app, and closes
 * the connection unanswered when there is none. The API tunnels nothing: 405.
 */
function answerConnect(_request: IncomingMessage, socket: Socket): void {
  socket.on('error', () => socket.destroy());
  socket.resume();
  const detail = 'CONNECT is not allowed; the API answers GET, HEAD, POST and DELETE';
  writeRawProblem(socket, 'SG_METHOD_NOT_ALLOWED', detail, ['Allow: GET, HEAD'], () => socket.destroy());
}

/** Writes a whole problem+json response on the socket by hand, and ends the connection. */
function writeRawProblem(
  socket: Socket,
  code: ErrorCode,
  detail: string,
  extraHeaders: readonly string[],
  onWritten?: () => void,
): void {
  const answer = problem(code, detail, randomUUID());
  const body = JSON.stringify(answer);
  const status = answer.status;
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/problem+json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    ...extraHeaders,
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, onWritten);
}
