// Uploads when things go wrong on the server's machine (part-kill.ts): the server killed while
// bodies are arriving, then started again, must leave no upload leftovers in its temporary
// directory; and a full disk (a small tmpfs under the store, or under the temporary directory)
// must be 507 problem+json with the store as it was, not a generic 500.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { runToEnd, waitFor } from '../bench/lib/proc.js';
import { ingestExamples } from './base.js';
import { cyclonedx } from './documents.js';
import { problemViolation, request } from './http.js';
import { firstFew, round, type PartRecorder } from './report.js';
import { BIN, startService, type Service, type ServiceOptions } from './service.js';

/** The server's upload directories (docs/reliability.md, "Upload leftovers"). */
const uploadsRoot = (tmp: string): string => join(tmp, 'supplygraph-uploads');

/** Bytes under `dir`, recursively. */
function bytesUnder(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** `serve` with TMPDIR set for it alone (the child takes the environment as it is at spawn). */
async function serveWithTmpdir(tmp: string, options: ServiceOptions): Promise<Service> {
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    return await startService(options);
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}

async function ingestToken(store: string, logFile: string): Promise<string> {
  const r = await runToEnd(
    process.execPath,
    [BIN, 'token', 'create', '--store', store, '--name', 'faults', '--scope', 'ingest'],
    logFile,
    60_000,
  );
  if (r.code !== 0) throw new Error(`token create exited ${r.code}; see ${logFile}`);
  return r.stdout.trim();
}

/** An upload that announces `announced` bytes and sends `sent` of them, then waits (held open). */
function unfinishedUpload(port: number, token: string, announced: number, sent: number): Socket {
  const socket = connect({ host: '127.0.0.1', port });
  socket.on('error', () => undefined); // the server is killed under it
  socket.on('connect', () => {
    socket.write(
      `POST /v0/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${announced}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(sent, 0x20)); // JSON whitespace: the file grows, nothing is parsed yet
  });
  return socket;
}

/**
 * `kills` times: a server with its own temporary directory receives `uploads` unfinished bodies
 * and is killed (SIGKILL) once their files have grown; the next server starts on the same
 * directory and must have removed what the killed one left (each start sweeps).
 */
export async function uploadLeftoversCheck(r: PartRecorder, dir: string, kills: number, uploads = 4): Promise<void> {
  const store = join(dir, 'leftovers-store');
  const tmp = join(dir, 'leftovers-tmp');
  mkdirSync(tmp, { recursive: true });
  await ingestExamples(store, join(dir, 'leftovers-ingest.log'));
  const token = await ingestToken(store, join(dir, 'leftovers-token.log'));
  const chunk = 4 << 20;
  const left: number[] = []; // MB each kill left
  const notSwept: string[] = [];
  for (let k = 0; k <= kills; k++) {
    const service = await serveWithTmpdir(tmp, { store, logFile: join(dir, `leftovers-serve-${k}.log`) });
    // Started: what the killed server left must be gone (this one has made nothing yet).
    const found = existsSync(uploadsRoot(tmp)) ? readdirSync(uploadsRoot(tmp)) : [];
    if (found.length) notSwept.push(`start ${k}: ${found.join(', ')}`);
    if (k === kills) {
      await service.stop();
      break;
    }
    const sockets = Array.from({ length: uploads }, () => unfinishedUpload(service.port, token, 64 << 20, chunk));
    // Killed once every body has a file of its own holding what was sent so far.
    await waitFor(() => Promise.resolve(bytesUnder(uploadsRoot(tmp)) >= uploads * chunk), 30_000, 50).catch(
      () => undefined,
    );
    service.child.proc.kill('SIGKILL');
    await service.child.exited;
    for (const s of sockets) s.destroy();
    left.push(round(bytesUnder(uploadsRoot(tmp)) / 2 ** 20, 1));
  }
  r.figure('upload leftovers of each killed server (MB)', left.join(', '));
  r.hard(
    'a server started after one was killed mid-upload removes its leftovers',
    left.every((mb) => mb > 0) && notSwept.length === 0,
    `${kills} kills with ${uploads} unfinished uploads each (left ${left.join(', ')} MB); ` +
      `${notSwept.length} starts found leftovers`,
    left.some((mb) => mb === 0) ? 'a kill left nothing to remove: the check did not run' : firstFew(notSwept),
  );
}

/** Mounts a tmpfs of `size` on `dir` (root only); false when that is not possible here. */
function mountTmpfs(dir: string, size: string): boolean {
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function unmount(dir: string): void {
  try {
    execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
  } catch {
    // not mounted
  }
}

const sbom = (name: string, components: number): Buffer =>
  Buffer.from(
    JSON.stringify(
      cyclonedx(
        name,
        Array.from({ length: components }, (_, i) => ({
          type: 'library',
          'bom-ref': `c${i}`,
          name: `${name}-${i}`,
          version: '1.0.0',
          purl: `pkg:npm/${name}-${i}@1.0.0`,
        })),
        [{ ref: 'croot', dependsOn: Array.from({ length: components }, (_, i) => `c${i}`) }],
      ),
    ),
  );

interface Answer {
  status: number | 'none';
  code?: string;
  violation?: string;
}

async function upload(port: number, token: string, name: string, body: Buffer): Promise<Answer> {
  try {
    const res = await request(port, {
      method: 'POST',
      path: `/v0/documents?name=${name}`,
      headers: [`Authorization: Bearer ${token}`, 'Content-Type: application/json'],
      body,
      timeoutMs: 60_000,
    });
    const code = res.status >= 400 ? (JSON.parse(res.body.toString('utf8')) as { code?: string }).code : undefined;
    return { status: res.status, code, violation: problemViolation(res, 'POST') };
  } catch {
    return { status: 'none' };
  }
}

async function documentCount(port: number): Promise<number> {
  const res = await request(port, { path: '/v0/documents?PageSize=1', timeoutMs: 30_000 });
  return (JSON.parse(res.body.toString('utf8')) as { PaginationInfo: { TotalCount: number } }).PaginationInfo
    .TotalCount;
}

/**
 * The disk full under the SQLite store (uploads until the store's tmpfs is full), then under the
 * temporary directory (a body larger than its tmpfs): 507 problem+json each time, the server up,
 * the documents stored before still whole.
 */
export async function diskFullCheck(r: PartRecorder, dir: string, maxUploads = 400): Promise<void> {
  const storeMount = join(dir, 'full-store');
  const tmpMount = join(dir, 'full-tmp');
  if (!mountTmpfs(storeMount, '12m') || !mountTmpfs(tmpMount, '1m')) {
    unmount(storeMount);
    r.figure('disk full', 'not checked: mounting a tmpfs needs root');
    return;
  }
  try {
    const store = join(storeMount, 'store');
    await ingestExamples(store, join(dir, 'full-ingest.log'));
    const token = await ingestToken(store, join(dir, 'full-token.log'));
    const service = await serveWithTmpdir(tmpMount, { store, logFile: join(dir, 'full-serve.log') });
    try {
      const answers: Answer[] = [];
      let stored = 0;
      let countBefore = -1;
      let countAfter = -1;
      for (let i = 0; i < maxUploads; i++) {
        const before = await documentCount(service.port);
        const a = await upload(service.port, token, `full-${i}`, sbom(`full-${i}`, 400));
        answers.push(a);
        if (a.status === 201) stored++;
        if (a.status !== 201) {
          countBefore = before;
          countAfter = await documentCount(service.port);
          break;
        }
      }
      // A body larger than the temporary directory's tmpfs: ENOSPC while it is received.
      const big = await upload(service.port, token, 'full-big', sbom('full-big', 20_000));
      answers.push(big);
      const last = answers[answers.length - 2];
      const firstWhole = await request(service.port, {
        path: `/v0/package/${encodeURIComponent('pkg:npm/full-0-root@1.0.0')}/dependencies`,
        timeoutMs: 30_000,
      });
      const whole =
        firstWhole.status === 200 &&
        (JSON.parse(firstWhole.body.toString('utf8')) as { dependencies: string[] }).dependencies.length === 400;
      const described = (a: Answer): string =>
        `${a.status}${a.code ? ` ${a.code}` : ''}${a.violation ? ` (${a.violation})` : ''}`;
      r.figure('disk full: uploads stored before the store was full', stored);
      r.hard(
        'disk full: 507 problem+json (store and temporary directory), nothing stored, the server up and whole',
        service.alive() &&
          last.status === 507 &&
          !last.violation &&
          big.status === 507 &&
          !big.violation &&
          countBefore === countAfter &&
          whole,
        `store full after ${stored} uploads: ${described(last)}, documents ${countBefore} → ${countAfter}; ` +
          `temporary directory full: ${described(big)}; earlier uploads whole: ${whole}; ${service.alive() ? 'alive' : 'the process died'}`,
      );
    } finally {
      await service.stop();
    }
  } finally {
    unmount(storeMount);
    unmount(tmpMount);
  }
}
