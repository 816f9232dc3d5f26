// The HTTP ceiling: a bare node:http server that answers each recorded request URL with the
// bytes the real server gave for it (status, content type, ETag and paging headers, body).
// Whatever the benchmark measures against it is the cost of HTTP on this machine, nothing else.
// Usage: node bench/dist/run/ceiling.js RECORDINGS.bin PORT   (prints "ready <port>" when listening)
import { createServer } from 'node:http';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';

export interface Recording {
  path: string;
  status: number;
  headers: Record<string, string>;
}

// The recordings file: per response, [u32 length][JSON Recording][u32 length][body bytes].
// Streamed (answers can add up to more than one JavaScript string can hold).

export class RecordingWriter {
  private readonly fd: number;
  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }
  add(r: Recording, body: Buffer): void {
    const head = Buffer.from(JSON.stringify(r), 'utf8');
    const len = Buffer.alloc(4);
    len.writeUInt32BE(head.length);
    writeSync(this.fd, len);
    writeSync(this.fd, head);
    len.writeUInt32BE(body.length);
    writeSync(this.fd, len);
    writeSync(this.fd, body);
  }
  close(): void {
    closeSync(this.fd);
  }
}

export function readRecordings(path: string): { recording: Recording; body: Buffer }[] {
  const data = readFileSync(path);
  const out: { recording: Recording; body: Buffer }[] = [];
  for (let at = 0; at < data.length;) {
    const headLength = data.readUInt32BE(at);
    const recording = JSON.parse(data.subarray(at + 4, at + 4 + headLength).toString('utf8')) as Recording;
    at += 4 + headLength;
    const bodyLength = data.readUInt32BE(at);
    out.push({ recording, body: data.subarray(at + 4, at + 4 + bodyLength) });
    at += 4 + bodyLength;
  }
  return out;
}

function main(): void {
  const [file, portText] = process.argv.slice(2);
  const answers = new Map<string, { status: number; headers: Record<string, string | number>; body: Buffer }>();
  for (const { recording: r, body } of readRecordings(file)) {
    answers.set(r.path, { status: r.status, headers: { ...r.headers, 'content-length': body.length }, body });
  }
  const missing = Buffer.from('{"Message":"not recorded"}');
  const server = createServer((req, res) => {
    const a = answers.get(req.url ?? '');
    if (!a) {
      res.writeHead(404, { 'content-type': 'application/json', 'content-length': missing.length });
      res.end(missing);
      return;
    }
    res.writeHead(a.status, a.headers);
    res.end(a.body);
  });
  server.keepAliveTimeout = 72_000;
  server.listen(Number(portText), '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : portText}\n`);
  });
  const stop = (): void => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
