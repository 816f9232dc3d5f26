// What one build's index costs in memory against another's, on the same store:
//   node bench/dist/suites/index-memory.js --store DIR --builds name=path/to/bin/supplygraph.js,... [--rounds 2] [--settle 10]
// Each round starts every build's `supplygraph serve` in turn (one at a time, so they never share
// the machine), waits for /readyz, reads VmRSS from /proc at ready and again after `settle` idle
// seconds, and stops it. Alternating the builds round by round spreads any drift of the machine
// over both. Used to measure what the reverse CSRs (dependencyIn, sbomIn, slsaIn) added.
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { parseArgs } from '../lib/args.js';
import { freePort, get, memoryOf, sleep, startChild, stopChild, waitFor } from '../lib/proc.js';

interface Sample {
  build: string;
  round: number;
  readyMillis: number;
  rssAtReadyMB: number;
  rssSettledMB: number;
  hwmMB: number;
}

async function measure(
  name: string,
  bin: string,
  store: string,
  settleSeconds: number,
  round: number,
): Promise<Sample> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = startChild(
    process.execPath,
    [bin, 'serve', '--store', store, '--host', '127.0.0.1', '--port', String(port), '--log-level', 'warn'],
    join(tmpdir(), `index-memory-${name}.log`),
  );
  try {
    await waitFor(async () => (await get(base, '/readyz', 5000)).status === 200, 900_000, 25);
    const readyMillis = Math.round(performance.now() - t0);
    const atReady = memoryOf(child.proc.pid!);
    await sleep(settleSeconds * 1000);
    const settled = memoryOf(child.proc.pid!);
    return {
      build: name,
      round,
      readyMillis,
      rssAtReadyMB: Math.round(atReady?.rss ?? NaN),
      rssSettledMB: Math.round(settled?.rss ?? NaN),
      hwmMB: Math.round(settled?.hwm ?? NaN),
    };
  } finally {
    await stopChild(child, 60_000);
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!args.store || !args.builds) throw new Error('usage: --store DIR --builds name=bin.js,name=bin.js');
  const builds = args.builds.split(',').map((b) => {
    const eq = b.indexOf('=');
    return { name: b.slice(0, eq), bin: b.slice(eq + 1) };
  });
  const rounds = Number(args.rounds ?? 2);
  const settle = Number(args.settle ?? 10);
  const samples: Sample[] = [];
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 ? builds : [...builds].reverse();
    for (const b of order) {
      const s = await measure(b.name, b.bin, args.store, settle, round);
      samples.push(s);
      process.stderr.write(`index-memory: ${JSON.stringify(s)}\n`);
    }
  }
  process.stdout.write(`${JSON.stringify(samples, null, 2)}\n`);
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
});
