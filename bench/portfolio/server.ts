// The server under measurement: a separate process on the filled store, timed from its start to
// a ready /readyz, its memory read from /proc.
import { join } from 'node:path';
import { BIN } from '../lib/paths.js';
import { freePort, get, memoryOf, runToEnd, startChild, waitFor, type Child } from '../lib/proc.js';

export interface RunningService {
  child: Child;
  base: string;
  token: string;
  /** ms from spawning the process to the first 200 of /readyz. */
  startupMs: number;
  rssAtReadyMB: number;
}

/** An admin token for the uploads and the delete (tokens live in the store: made before the server starts). */
async function adminToken(store: string, logFile: string): Promise<string> {
  const name = `bench-${Date.now()}`;
  const run = await runToEnd(
    process.execPath,
    [BIN, 'token', 'create', '--store', store, '--name', name, '--scope', 'admin'],
    logFile,
    60_000,
  );
  if (run.code !== 0) throw new Error(`token create failed: see ${logFile}`);
  return run.stdout.trim();
}

export async function startService(store: string, outDir: string, profileDir?: string): Promise<RunningService> {
  const logFile = join(outDir, 'server.log');
  const token = await adminToken(store, logFile);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = startChild(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []),
      BIN,
      ...['serve', '--store', store, '--port', String(port), '--log-level', 'warn', '--query-budget', '600000'],
    ],
    logFile,
  );
  await waitFor(async () => (await get(base, '/readyz', 5_000)).status === 200, 3_600_000, 50);
  const startupMs = Math.round(performance.now() - started);
  const rssAtReadyMB = Math.round(memoryOf(child.proc.pid!)?.rss ?? 0);
  return { child, base, token, startupMs, rssAtReadyMB };
}
