// Child processes for the PostgreSQL tests: the real CLI (bin/supplygraph.js, the compiled
// build that `npm test` makes first) running serve, ingest and migrate.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const BIN = new URL('../../../bin/supplygraph.js', import.meta.url).pathname;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, SUPPLYGRAPH_STORE: '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end();
  });
}

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** A TCP port nothing listens on right now (serve takes no --port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Starts `supplygraph serve` on a free port and resolves once it listens (from its JSON log). */
export async function serve(store: string, extra: string[] = []): Promise<ServeProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--store', store, '--port', String(port), '--log-level', 'info', ...extra],
    { env: { ...process.env, SUPPLYGRAPH_STORE: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`serve did not start:\n${out}`));
    }, 30_000);
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], child, output: () => out, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}:\n${out}`));
    });
  });
}

/** Polls `check` every 25 ms until it returns true or `ms` pass; returns the time it took. */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`condition not met within ${ms} ms`);
}

/** The dependencies a serve process answers for `purl` (none while it does not know the package). */
export async function dependenciesOn(server: ServeProcess, purl: string): Promise<string[]> {
  const res = await fetch(`${server.url}/v0/package/${encodeURIComponent(purl)}/dependencies`);
  return res.status === 200 ? ((await res.json()) as { dependencies: string[] }).dependencies : [];
}
