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
