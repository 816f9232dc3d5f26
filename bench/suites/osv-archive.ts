// OSV archives as a feed (docs/benchmarks.md, "OSV archives"): a store (empty, or a copy of
// --base) gets a whole archive through `supplygraph feeds sync`, then the same archive again
// (re-read, every record unchanged), then its shifted twin (some records newer, some gone); the
// server's start-up and RSS at ready are measured before and after. Archives come from
// `npm run generate:osv-archive`.
//   npm run bench:osv-archive -- --archive all-500k.zip --shift all-500k-shift.zip [--base store]
import { cpSync, mkdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from '../lib/args.js';
import { BIN, OUT_DIR } from '../lib/paths.js';
import { machineFacts, RssSampler, runToEnd, stopChild } from '../lib/proc.js';
import { startService } from '../portfolio/server.js';

const HOUR = 3_600_000;

interface Run {
  seconds: number;
  peakRssMB: number;
}

async function cli(store: string, args: string[], log: string): Promise<Run> {
  let sampler: RssSampler | undefined;
  const run = await runToEnd(process.execPath, [BIN, ...args, '--store', store], log, HOUR, (pid) => {
    sampler = new RssSampler(pid, 200);
  });
  sampler?.stop();
  if (run.code !== 0) throw new Error(`${args.join(' ')} exited ${run.code}: see ${log}`);
  return { seconds: run.millis / 1000, peakRssMB: Math.round(sampler?.max ?? 0) };
}

async function startup(store: string, out: string): Promise<{ startupMs: number; rssAtReadyMB: number }> {
  const service = await startService(store, out);
  await stopChild(service.child);
  return { startupMs: service.startupMs, rssAtReadyMB: service.rssAtReadyMB };
}

/** The last line `feeds sync` wrote for the feed (its changes). */
function syncLine(log: string): string {
  const lines = readFileSync(log, 'utf8').trim().split('\n');
  return lines.filter((l) => l.startsWith('osv:')).pop() ?? '';
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!args.archive) throw new Error('--archive <all.zip> is required (npm run generate:osv-archive)');
  const out = join(OUT_DIR, 'osv-archive');
  const store = join(out, 'store');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const log = join(out, 'cli.log');
  if (args.base) cpSync(resolve(args.base), store, { recursive: true });
  else await cli(store, ['init'], log);
  const before = await startup(store, out);
  await cli(store, ['feeds', 'add', 'osv', '--kind', 'osv-archive', '--source', resolve(args.archive)], log);
  const first = { ...(await cli(store, ['feeds', 'sync', 'osv'], log)), line: syncLine(log) };
  const after = await startup(store, out);
  utimesSync(resolve(args.archive), new Date(), new Date()); // the same bytes, read again
  const again = { ...(await cli(store, ['feeds', 'sync', 'osv'], log)), line: syncLine(log) };
  let shifted: (Run & { line: string }) | undefined;
  if (args.shift) {
    await cli(store, ['feeds', 'add', 'osv', '--kind', 'osv-archive', '--source', resolve(args.shift)], log);
    shifted = { ...(await cli(store, ['feeds', 'sync', 'osv'], log)), line: syncLine(log) };
  }
  const report = {
    machine: machineFacts(),
    archive: args.archive,
    base: args.base ?? null,
    before,
    first,
    after,
    again,
    shifted,
  };
  console.log(JSON.stringify(report, null, 2));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
