// Runs the real CLI (bin/supplygraph.js over the compiled dist/) as a child process.
import { expect } from 'vitest';
import { spawn, type StdioOptions } from 'node:child_process';

export const BIN = new URL('../../bin/supplygraph.js', import.meta.url).pathname;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Written to the child's stdin, then closed (ignored when stdio says otherwise). */
  input?: string | Buffer;
  env?: Record<string, string>;
  cwd?: string;
  /** stdin of the child: a file descriptor to hand over instead of a pipe. */
  stdinFd?: number;
}

/** Runs `command args` and collects its output. */
export function runCommand(command: string, args: string[], options: RunOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const stdio: StdioOptions = [options.stdinFd ?? 'pipe', 'pipe', 'pipe'];
    const child = spawn(command, args, {
      env: { ...process.env, SUPPLYGRAPH_STORE: '', ...options.env },
      cwd: options.cwd,
      stdio,
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => {
      stdout += d;
    });
    child.stderr!.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    if (child.stdin) {
      child.stdin.on('error', () => undefined); // the child may stop reading early (that is the point)
      child.stdin.end(options.input ?? '');
    }
  });
}

/** Runs `supplygraph args`. */
export function cli(args: string[], options: RunOptions = {}): Promise<CliResult> {
  return runCommand(process.execPath, [BIN, ...args], options);
}

/** stderr as lines, and a check that it is exactly one. */
export function oneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0];
}

/** Flags only serve takes: any port, and no retrying while the database is absent. */
export function serveOnly(command: string): string[] {
  return command === 'serve' ? ['--port', '0', '--pg-startup-wait', '0'] : [];
}

export interface ServeProcess {
  url: string;
  /** Settles when the log (stdout and stderr) has a line matching `pattern`, read from the start. */
  logged: (pattern: RegExp) => Promise<string>;
  stop: () => Promise<void>;
}

/** `serve --port 0 [args]` on `store`, once its address is logged. */
export async function serveProcess(store: string, args: string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--store', store, ...serveOnly('serve'), ...args], {
    env: { ...process.env, SUPPLYGRAPH_STORE: '' },
  });
  let out = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const settle = (): void => {
    for (const w of [...waiters]) {
      const line = out.split('\n').find((l) => w.pattern.test(l));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  };
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const logged = (pattern: RegExp): Promise<string> =>
    new Promise((resolve, reject) => {
      waiters.push({ pattern, resolve });
      settle();
      void closed.then((code) => reject(new Error(`serve exited with ${code} before logging ${pattern}: ${out}`)));
    });
  const read = (d: Buffer): void => {
    out += String(d);
    settle();
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await closed;
  };
  const listening = await logged(/"msg":"Server listening at http:\/\/127\.0\.0\.1:\d+"/);
  return { url: /(http:\/\/127\.0\.0\.1:\d+)/.exec(listening)![1], logged, stop };
}
