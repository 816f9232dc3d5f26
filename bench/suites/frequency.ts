// The frequency ranking's compute time, on the index the server builds from a real store.
//   npm run bench:frequency -- --size S|M|L [--seed 42]     the benchmark graph (bench/generate/)
//   npm run bench:frequency -- --fan 100000 [--shape random|dag]
//       one CycloneDX SBOM: a root depending on 1,000 of N components, each depending on two
//       others (random: any two, so most of the graph is one cycle; dag: two later ones)
// Options: --runs 3 (full recomputes timed), --serve (also time a server: start to ranking
// served, /healthz latency meanwhile, and how long SIGTERM takes to exit during a recompute).
// Documents go to bench/out/ and are ingested through the CLI into a store there (reused).
// Prints wall and CPU times and a digest of the ranking, so two builds can be compared for equality.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generate } from '../generate/generate.js';
import { isSize } from '../generate/sizes.js';
import { parseArgs } from '../lib/args.js';
import { BIN, builtModule, OUT_DIR as OUT } from '../lib/paths.js';
import { freePort, get, runToEnd, sleep, startChild, waitFor } from '../lib/proc.js';
import { Rng } from '../lib/rng.js';
import { percentile } from '../lib/stats.js';

interface RankedName {
  name: string;
  dependentCount: number;
}
interface Ranking {
  entries: RankedName[];
  recounted: number;
  millis: number;
}
interface Index {
  finishLoad(): void;
  apply(batch: Batch): void;
  nodeCount: number;
}
interface Batch {
  node(id: number, kind: number, key: string, attr: string | null): void;
  dependencyEdge(a: number, b: number, ranked: boolean): void;
}
interface Store {
  load(cursor: unknown, sink: Index): Promise<unknown>;
  close(): Promise<void>;
}

// The service's own code, from the build (`npm run build`), as the server runs it.
const { GraphIndex } = (await builtModule('index/graph-index.js')) as { GraphIndex: new () => Index };
const { LoadBatch } = (await builtModule('index/load-batch.js')) as { LoadBatch: new () => Batch };
const { computeFrequencyRanking } = (await builtModule('index/frequency.js')) as {
  computeFrequencyRanking: (index: Index, isStale: () => boolean, previous?: Ranking) => Promise<Ranking>;
};
const { openStore } = (await builtModule('store/open.js')) as { openStore: (location: string) => Promise<Store> };
const { EMPTY_CURSOR } = (await builtModule('store/types.js')) as { EMPTY_CURSOR: unknown };
const { NodeKind } = (await builtModule('model/kinds.js')) as { NodeKind: Record<string, number> };

const args = parseArgs(process.argv.slice(2));
const runs = Number(args.runs ?? 3);
const log = (line: string): void => void process.stderr.write(`${line}\n`);

/** The fan document: root → 1,000 components; every component → two others. */
function writeFanDocument(path: string, components: number, shape: string): void {
  const rng = new Rng(`frequency-fan-${components}-${shape}`);
  const ref = (i: number): string => `pkg:npm/fan-${i}@1.0.0`;
  const parts: string[] = [];
  parts.push(
    '{"bomFormat":"CycloneDX","specVersion":"1.5","serialNumber":"urn:uuid:6b1e3c1a-0000-4000-8000-',
    String(components).padStart(12, '0'),
    '","version":1,"metadata":{"component":{"type":"application","name":"fan-root","version":"1.0.0",',
    '"bom-ref":"pkg:npm/fan-root@1.0.0","purl":"pkg:npm/fan-root@1.0.0"}},"components":[',
  );
  for (let i = 0; i < components; i++) {
    parts.push(
      `${i ? ',' : ''}{"type":"library","name":"fan-${i}","version":"1.0.0","bom-ref":"${ref(i)}","purl":"${ref(i)}"}`,
    );
  }
  parts.push('],"dependencies":[{"ref":"pkg:npm/fan-root@1.0.0","dependsOn":[');
  const direct = new Set<number>();
  while (direct.size < Math.min(1000, components)) direct.add(rng.int(0, components));
  parts.push([...direct].map((i) => `"${ref(i)}"`).join(','), ']}');
  for (let i = 0; i < components; i++) {
    const deps = new Set<number>();
    for (let tries = 0; deps.size < 2 && tries < 10; tries++) {
      const j = shape === 'dag' ? rng.int(i + 1, Math.min(components, i + 1 + 1000)) : rng.int(0, components);
      if (j !== i && j < components) deps.add(j);
    }
    parts.push(`,{"ref":"${ref(i)}","dependsOn":[${[...deps].map((j) => `"${ref(j)}"`).join(',')}]}`);
  }
  parts.push(']}\n');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, parts.join(''));
}

/** The documents to ingest and a label for the store. */
function inputs(): { label: string; files: string[] } {
  if (args.fan) {
    const components = Number(args.fan);
    const shape = args.shape ?? 'random';
    const label = `frequency-fan-${components}-${shape}`;
    const file = join(OUT, label, 'sbom.json');
    if (!existsSync(file)) writeFanDocument(file, components, shape);
    return { label, files: [file] };
  }
  const size = args.size ?? 'S';
  if (!isSize(size)) throw new Error('--size must be tiny, S, M or L');
  const seed = args.seed ?? '42';
  const dir = join(OUT, `${size}-${seed}`);
  if (!existsSync(join(dir, 'manifest.json'))) generate({ size, seed, out: dir, log: (l) => log(`generate: ${l}`) });
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { ingest: string[] };
  return { label: `frequency-${size}-${seed}`, files: manifest.ingest.map((d) => join(dir, d)) };
}

async function ensureStore(label: string, files: string[]): Promise<string> {
  const store = join(OUT, `${label}-store`);
  if (existsSync(join(store, 'ingested'))) return store;
  const run = await runToEnd(
    process.execPath,
    [BIN, 'ingest', '--store', store, '--quiet', ...files],
    '/dev/null',
    3_600_000,
  );
  if (run.code !== 0) throw new Error(`ingest exited ${run.code}`);
  writeFileSync(join(store, 'ingested'), '');
  log(`ingest: ${files.length} documents in ${(run.millis / 1000).toFixed(1)} s`);
  return store;
}

const digest = (entries: RankedName[]): string =>
  createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 16);

async function measureCompute(storeDir: string): Promise<void> {
  const store = await openStore(storeDir);
  const index = new GraphIndex();
  let started = performance.now();
  await store.load(EMPTY_CURSOR, index);
  index.finishLoad();
  await store.close();
  log(`index load: ${Math.round(performance.now() - started)} ms, ${index.nodeCount - 1} nodes`);
  let ranking: Ranking | undefined;
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let r = 0; r < runs; r++) {
    started = performance.now();
    const cpu = process.cpuUsage();
    ranking = await computeFrequencyRanking(index, () => false);
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  // A small ingest afterwards: one new version depending on a package, then the recount.
  const batch = new LoadBatch();
  const id = index.nodeCount;
  batch.node(id, NodeKind.Package, 'pkg:npm/frequency-bench-newcomer@1.0.0', null);
  batch.dependencyEdge(id, Math.max(1, Math.floor((id - 1) / 2)), true);
  index.apply(batch);
  started = performance.now();
  const after = await computeFrequencyRanking(index, () => false, ranking);
  const incremental = performance.now() - started;
  const result = {
    names: ranking!.entries.length,
    fullMillis: times.map(Math.round),
    fullMedianMillis: Math.round([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]),
    // CPU time of this process: the fairer figure on a shared machine.
    fullCpuMillis: cpuTimes.map(Math.round),
    digest: digest(ranking!.entries),
    top: ranking!.entries.slice(0, 3),
    incremental: { millis: Math.round(incremental), recounted: after.recounted, digest: digest(after.entries) },
  };
  console.log(JSON.stringify(result, null, 2));
}

/** Starts the server on the store; times the first ranking, /healthz meanwhile, and SIGTERM during a recompute. */
async function measureServer(storeDir: string): Promise<void> {
  const start = async (): Promise<{ child: ReturnType<typeof startChild>; base: string; up: number }> => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = performance.now();
    const child = startChild(
      process.execPath,
      [
        BIN,
        'serve',
        '--store',
        storeDir,
        '--port',
        String(port),
        '--log-level',
        'warn',
        // Its clients are anonymous and far above the default per-address limit.
        '--rate-limit',
        '0',
        '--anonymous-rate-limit',
        '0',
      ],
      '/dev/null',
    );
    await waitFor(async () => (await get(base, '/healthz', 1000)).status === 200, 600_000, 10);
    return { child, base, up: performance.now() - started };
  };
  // 1. Time from listening to the ranking being served; /healthz every 20 ms meanwhile.
  const first = await start();
  const latencies: number[] = [];
  let served = false;
  const sampling = (async () => {
    while (!served) {
      latencies.push((await get(first.base, '/healthz')).ms);
      await sleep(20);
    }
  })();
  const t0 = performance.now();
  const res = await get(first.base, '/analysis/dependencies?sort=frequency', 900_000);
  const rankingMillis = performance.now() - t0;
  served = true;
  await sampling;
  first.child.proc.kill('SIGTERM');
  await first.child.exited;
  latencies.sort((a, b) => a - b);
  // 2. SIGTERM as soon as it listens (the first ranking is computing): time to exit.
  const second = await start();
  await sleep(50);
  const t1 = performance.now();
  second.child.proc.kill('SIGTERM');
  const code = await second.child.exited;
  console.log(
    JSON.stringify(
      {
        listeningAfterMillis: Math.round(first.up),
        rankingServedAfterMillis: Math.round(rankingMillis),
        rankingStatus: res.status,
        healthzDuringRanking: {
          samples: latencies.length,
          p50: +percentile(latencies, 0.5).toFixed(1),
          p99: +percentile(latencies, 0.99).toFixed(1),
          max: +latencies[latencies.length - 1].toFixed(1),
        },
        sigtermDuringRanking: { exitMillis: Math.round(performance.now() - t1), code },
      },
      null,
      2,
    ),
  );
}

const { label, files } = inputs();
const storeDir = await ensureStore(label, files);
await measureCompute(storeDir);
if (args.serve) await measureServer(storeDir);
