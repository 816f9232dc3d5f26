// Connection-level limits: how long a client may take, how many may be connected, how large a
// request head may be, and the problem+json answers for what Node's HTTP parser refuses before
// Fastify sees a request (oversize request line or headers, timeouts, unknown methods).
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { SETTINGS } from '../config.js';
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
  requestTimeoutMs: Number(SETTINGS.requestTimeout.defaultValue),
  headersTimeoutMs: Number(SETTINGS.headersTimeout.defaultValue),
  keepAliveTimeoutMs: Number(SETTINGS.keepAliveTimeout.defaultValue),
  maxConnections: Number(SETTINGS.maxConnections.defaultValue),
  maxHeaderSize: Number(SETTINGS.maxHeaderSize.defaultValue),
  queryBudgetMs: Number(SETTINGS.queryBudget.defaultValue),
  maxEventLoopDelayMs: Number(SETTINGS.maxEventLoopDelay.defaultValue),
  drainTimeoutMs: Number(SETTINGS.drainTimeout.defaultValue),
};

/** Limits applied to the Node server itself (Fastify's options cover only some of them). */
export function applyServerLimits(server: Server, limits: HttpLimits): void {
  server.requestTimeout = limits.requestTimeoutMs;
  // Node refuses a headers timeout longer than the request timeout.
  server.headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
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
  if (!socket.writable || socket.bytesWritten > 0) {
    // A response was already (partly) sent on this connection; nothing valid can follow.
    socket.destroy();
    return;
  }
  const { code, detail } = describeClientError(err);
  const answer = problem(code, detail, randomUUID());
  const body = JSON.stringify(answer);
  const status = answer.status;
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/problem+json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    ...(code === 'SG_METHOD_NOT_ALLOWED' ? ['Allow: GET, HEAD'] : []),
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}
