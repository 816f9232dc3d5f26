// Process and HTTP helpers for the benchmark: child processes with bounded waits, RSS from
// /proc, free loopback ports, a keep-alive GET with precise timing, machine facts.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism, release, totalmem } from 'node:os';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** VmRSS and VmHWM of a process, in MB (undefined once it is gone). */
export function memoryOf(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; keeps the maximum. */
export class RssSampler {
  max = 0;
  last = 0;
  private timer: NodeJS.Timeout;
  constructor(
    private readonly pid: number,
    everyMs = 250,
  ) {
    this.timer = setInterval(() => this.sample(), everyMs);
    this.timer.unref();
    this.sample();
  }
  sample(): void {
    const m = memoryOf(this.pid);
    if (!m) return;
    this.last = m.rss;
    this.max = Math.max(this.max, m.rss);
  }
  /** Starts a new maximum (per phase). */
  resetMax(): void {
    this.max = 0;
    this.sample();
  }
  stop(): void {
    clearInterval(this.timer);
  }
}

export interface Child {
  proc: ChildProcess;
  exited: Promise<number>;
}

/** Starts a child; stdout/stderr go to `logFile` (stdout is also passed to `onStdout`). */
export function startChild(command: string, args: string[], logFile: string, onStdout?: (text: string) => void): Child {
  const proc = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } });
  const log = createWriteStream(logFile, { flags: 'a' });
  proc.stdout.on('data', (d: Buffer) => {
    log.write(d);
    onStdout?.(d.toString());
  });
  proc.stderr.on('data', (d: Buffer) => log.write(d));
  const exited = new Promise<number>((resolve) =>
    proc.on('exit', (code, signal) => {
      log.end();
      resolve(code ?? (signal ? 128 : 1));
    }),
  );
  return { proc, exited };
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code. */
export async function stopChild(child: Child, graceMs = 30_000): Promise<number> {
  if (child.proc.exitCode !== null) return child.proc.exitCode;
  child.proc.kill('SIGTERM');
  const timer = setTimeout(() => child.proc.kill('SIGKILL'), graceMs);
  const code = await child.exited;
  clearTimeout(timer);
  return code;
}

/** Runs a command to completion (bounded), collecting stdout. */
export async function runToEnd(
  command: string,
  args: string[],
  logFile: string,
  timeoutMs: number,
  onPid?: (pid: number) => void,
): Promise<{ code: number; stdout: string; millis: number }> {
  let stdout = '';
  const started = performance.now();
  const child = startChild(command, args, logFile, (t) => {
    stdout += t;
  });
  onPid?.(child.proc.pid!);
  const timer = setTimeout(() => child.proc.kill('SIGKILL'), timeoutMs);
  const code = await child.exited;
  clearTimeout(timer);
  return { code, stdout, millis: performance.now() - started };
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

export interface Response {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Wall time from sending the request to the last body byte, in ms (high resolution). */
  ms: number;
}

export function get(base: string, path: string, timeoutMs = 120_000): Promise<Response> {
  return send(base, path, 'GET', undefined, timeoutMs);
}

/** A POST of a JSON body (the batch questions), timed like `get`. */
export function postJson(base: string, path: string, body: string, timeoutMs = 120_000): Promise<Response> {
  return send(base, path, 'POST', body, timeoutMs);
}

function send(
  base: string,
  path: string,
  method: string,
  body: string | undefined,
  timeoutMs: number,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const started = process.hrtime.bigint();
    const headers =
      body === undefined
        ? undefined
        : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
    const req = request(
      { host: url.hostname, port: url.port, path, method, headers, agent, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers[k] = v;
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks), ms });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Polls `check` every `everyMs` until it returns true, at most `timeoutMs`; returns the elapsed ms. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, everyMs = 25): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      if (await check()) return performance.now() - started;
    } catch {
      // not up yet
    }
    await sleep(everyMs);
  }
  throw new Error(`gave up after ${Math.round(timeoutMs / 1000)} s`);
}

export interface MachineFacts {
  cpus: number;
  cpuModel: string;
  memoryGB: number;
  node: string;
  kernel: string;
  date: string;
}

export function machineFacts(): MachineFacts {
  let cpuModel = 'unknown';
  try {
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpuModel;
  } catch {
    // not Linux
  }
  return {
    cpus: availableParallelism(),
    cpuModel,
    memoryGB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    kernel: release(),
    date: new Date().toISOString(),
  };
}
