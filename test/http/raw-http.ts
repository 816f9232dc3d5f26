// Raw TCP exchanges with the server, for what fetch cannot send (unknown methods, slow or
// unfinished requests) or cannot observe (whether the server closed the connection).
import { connect, type Socket } from 'node:net';

export interface RawExchange {
  socket: Socket;
  /** Everything received so far. */
  received(): string;
  /** Resolves when the server has closed the connection, with everything received. */
  closed: Promise<string>;
}

export function openRaw(url: string): Promise<RawExchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
    const closed = new Promise<string>((done) => socket.once('close', () => done(data)));
    socket.once('error', () => undefined); // a reset counts as closed
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

/** Status line, headers (lower-cased names) and body of the first response in `text`. */
export function parseResponse(text: string): { status: number; headers: Record<string, string>; body: string } {
  const end = text.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? text.length);
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4, end + 4 + length) };
}

/** Sends `request` on a fresh connection and waits until the server closes it. */
export async function exchangeUntilClosed(url: string, request: string): Promise<string> {
  const raw = await openRaw(url);
  raw.socket.write(request);
  return raw.closed;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Sends `request` (bytes exactly as a client writes them) on a fresh connection and resolves with
 * the first response once its Content-Length has arrived (or the server closed), then closes.
 */
export async function exchangeOne(url: string, request: Buffer): Promise<ReturnType<typeof parseResponse>> {
  const raw = await openRaw(url);
  const complete = (): boolean => {
    const text = raw.received();
    const end = text.indexOf('\r\n\r\n');
    if (end < 0) return false;
    const length = Number(parseResponse(text).headers['content-length']);
    return Number.isFinite(length) && text.length >= end + 4 + length;
  };
  return new Promise((resolve) => {
    const check = (): void => {
      if (!complete() && !raw.socket.destroyed) return;
      raw.socket.off('data', check);
      raw.socket.destroy();
      resolve(parseResponse(raw.received()));
    };
    raw.socket.on('data', check);
    void raw.closed.then(check);
    raw.socket.write(request);
  });
}
