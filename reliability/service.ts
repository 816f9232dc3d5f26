// The real service as a child process: `bin/supplygraph.js serve` on a given store, loopback
// only, on a free port; `ingest` and `stats` runs of the CLI. Every wait is bounded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, memoryOf, runToEnd, startChild, stopChild, waitFor, type Child } from '../bench/lib/proc.js';
import { request } from './http.js';

/** The repository root: this file runs as reliability/service.ts (vitest) or reliability/dist/reliability/service.js. */
export const ROOT = (() => {
  const here = dirname(fileURLToPath(import.meta.url));
  return basename(dirname(here)) === 'dist' ? resolve(here, '..', '..', '..') : resolve(here, '..');
})();
export const BIN = join(ROOT, 'bin', 'supplygraph.js');

export function workDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `sg-rel-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface Service {
  url: string;
  port: number;
  pid: number;
  child: Child;
  /** Milliseconds from spawn to /readyz answering 200. */
  readyMillis: number;
  alive(): boolean;
  rssMB(): number | undefined;
  /** SIGTERM (then SIGKILL after graceMs); the exit code. */
  stop(graceMs?: number): Promise<number>;
}

export interface ServiceOptions {
  store: string;
  logFile: string;
  extraArgs?: string[];
  readyTimeoutMs?: number;
}

export async function startService(options: ServiceOptions): Promise<Service> {
  const port = await freePort();
  const started = performance.now();
  const child = startChild(
    process.execPath,
    [
      BIN,
      'serve',
      '--store',
      options.store,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--log-level',
      'warn',
      // The scenarios' load is anonymous and far above the default per-address limit.
      '--rate-limit',
      '0',
      '--anonymous-rate-limit',
      '0',
      ...(options.extraArgs ?? []),
    ],
    options.logFile,
  );
  const url = `http://127.0.0.1:${port}`;
  const alive = (): boolean => child.proc.exitCode === null && child.proc.signalCode === null;
  try {
    await waitFor(
      async () => {
        if (!alive()) throw new Error('exited');
        return (await request(port, { path: '/readyz', timeoutMs: 2000 })).status === 200;
      },
      options.readyTimeoutMs ?? 120_000,
      50,
    );
  } catch (err) {
    child.proc.kill('SIGKILL');
    throw new Error(`serve did not become ready (${(err as Error).message}); see ${options.logFile}`, { cause: err });
  }
  if (!alive()) throw new Error(`serve exited at start; see ${options.logFile}`);
  return {
    url,
    port,
    pid: child.proc.pid!,
    child,
    readyMillis: performance.now() - started,
    alive,
    rssMB: () => memoryOf(child.proc.pid!)?.rss,
    stop: (graceMs = 30_000) => stopChild(child, graceMs),
  };
}

export interface IngestSummary {
  code: number;
  documents: number;
  stored: number;
  duplicate: number;
  failed: number;
  failures: { file: string; error: string }[];
  millis: number;
}

/** `supplygraph ingest --json`; a run that printed no summary (crash, timeout) has documents -1. */
export async function runIngest(
  store: string,
  paths: string[],
  logFile: string,
  timeoutMs = 600_000,
  extraArgs: string[] = [],
): Promise<IngestSummary> {
  const r = await runToEnd(
    process.execPath,
    [BIN, 'ingest', '--store', store, '--json', '--quiet', ...extraArgs, ...paths],
    logFile,
    timeoutMs,
  );
  try {
    const s = JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as Omit<IngestSummary, 'code' | 'millis'>;
    return { ...s, failures: s.failures ?? [], code: r.code, millis: r.millis };
  } catch {
    return { code: r.code, documents: -1, stored: 0, duplicate: 0, failed: 0, failures: [], millis: r.millis };
  }
}

/** What the store holds (its own stats, as `supplygraph stats` prints them), read in this process through the build. */
export async function storeStats(store: string): Promise<{ ok: boolean; text: string }> {
  const { openStore } = (await import(pathToFileURL(join(ROOT, 'dist', 'store', 'open.js')).href)) as {
    openStore: (location: string) => Promise<{ stats(): Promise<unknown>; close(): Promise<void> }>;
  };
  try {
    const opened = await openStore(store);
    try {
      return { ok: true, text: JSON.stringify(await opened.stats()) };
    } finally {
      await opened.close();
    }
  } catch (err) {
    return { ok: false, text: (err as Error).message };
  }
}
