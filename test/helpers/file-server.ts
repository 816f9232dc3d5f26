// A real local HTTP server for feed sources: serves files set by path with an ETag and a
// Last-Modified, answers conditional requests with 304, and can be told to fail (status), hang
// (never answer) or cut a body short. It counts requests and keeps their headers.
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour = 'serve' | 'hang' | { status: number } | { truncateTo: number };

export interface FileServer {
  url(path: string): string;
  /** Sets what a path serves (bytes), and how. */
  set(path: string, body: Buffer | string, behaviour?: Behaviour): void;
  behave(path: string, behaviour: Behaviour): void;
  requests: { path: string; headers: IncomingHttpHeaders; status: number }[];
  close(): Promise<void>;
}

interface Served {
  body: Buffer;
  etag: string;
  lastModified: string;
  behaviour: Behaviour;
}

export async function startFileServer(): Promise<FileServer> {
  const files = new Map<string, Served>();
  const requests: FileServer['requests'] = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    const file = files.get(path);
    const answer = (status: number, body?: Buffer | string): void => {
      requests.push({ path, headers: req.headers, status });
      res.statusCode = status;
      res.end(body);
    };
    if (!file) return answer(404, 'not found');
    const b = file.behaviour;
    if (b === 'hang') {
      requests.push({ path, headers: req.headers, status: 0 });
      hanging.add(res);
      return;
    }
    if (typeof b === 'object' && 'status' in b) return answer(b.status, 'failing on purpose');
    res.setHeader('etag', file.etag);
    res.setHeader('last-modified', file.lastModified);
    if (req.headers['if-none-match'] === file.etag) return answer(304);
    if (typeof b === 'object' && 'truncateTo' in b) {
      requests.push({ path, headers: req.headers, status: 200 });
      res.setHeader('content-length', file.body.length);
      res.write(file.body.subarray(0, b.truncateTo));
      res.socket?.destroy();
      return;
    }
    answer(200, file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    set(path, body, behaviour = 'serve') {
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      const etag = `"${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}"`;
      files.set(path, { body: bytes, etag, lastModified: new Date(0).toUTCString(), behaviour });
    },
    behave(path, behaviour) {
      const file = files.get(path);
      if (file) file.behaviour = behaviour;
    },
    requests,
    async close() {
      for (const res of hanging) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
