// One huge CycloneDX JSON SBOM through `supplygraph ingest`: generates a deterministic document
// of about --mb megabytes (default 200) shaped like a syft/cdxgen BOM — components with purls,
// two hashes, a licence, vcs and website references, a description and syft properties — and a
// dependency graph (a few edges per component, biased towards popular components), ingests it
// into a fresh embedded store with the CLI and prints the peak RSS of the ingest process and
// its time. `--rounds N` repeats the ingest (fresh store each time) and prints the median.
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from '../lib/args.js';
import { BIN as BUILT_BIN, OUT_DIR } from '../lib/paths.js';
import { machineFacts, RssSampler, runToEnd } from '../lib/proc.js';
import { Rng } from '../lib/rng.js';

const BIN = process.env.SUPPLYGRAPH_BIN ?? BUILT_BIN;
const MB = 1024 * 1024;
/** Bytes of JSON per component, its dependency entry included (measured on the output). */
const BYTES_PER_COMPONENT = 1_185;

const ECOSYSTEMS = ['npm', 'maven', 'pypi', 'golang'] as const;
const LICENCES = ['MIT', 'Apache-2.0', 'BSD-3-Clause', 'ISC', 'GPL-2.0-only', 'MPL-2.0', 'LGPL-2.1-or-later'];
const WORDS = ['fast', 'json', 'http', 'stream', 'parse', 'core', 'utils', 'client', 'config', 'cache', 'async'];

interface Component {
  purl: string;
  name: string;
  group?: string;
  version: string;
  eco: (typeof ECOSYSTEMS)[number];
}

function componentOf(rng: Rng, i: number): Component {
  const eco = rng.pick(ECOSYSTEMS);
  const base = `${rng.pick(WORDS)}-${rng.pick(WORDS)}-${i.toString(36)}`;
  const version = `${rng.int(0, 20)}.${rng.int(0, 40)}.${rng.int(0, 30)}`;
  switch (eco) {
    case 'npm':
      return rng.chance(0.3)
        ? {
            eco,
            group: `@${rng.pick(WORDS)}`,
            name: base,
            version,
            purl: `pkg:npm/%40${rng.pick(WORDS)}/${base}@${version}`,
          }
        : { eco, name: base, version, purl: `pkg:npm/${base}@${version}` };
    case 'maven': {
      const group = `org.${rng.pick(WORDS)}.${rng.pick(WORDS)}`;
      return { eco, group, name: base, version, purl: `pkg:maven/${group}/${base}@${version}` };
    }
    case 'pypi':
      return { eco, name: base, version, purl: `pkg:pypi/${base}@${version}` };
    case 'golang': {
      const group = `github.com/${rng.pick(WORDS)}`;
      return { eco, group, name: base, version: `v${version}`, purl: `pkg:golang/${group}/${base}@v${version}` };
    }
  }
}

/** Writes the SBOM; returns its size and counts. */
async function writeSbom(
  path: string,
  targetBytes: number,
  seed: string,
): Promise<{ bytes: number; components: number; edges: number }> {
  const rng = new Rng(seed);
  const count = Math.max(10, Math.round(targetBytes / BYTES_PER_COMPONENT));
  const components = Array.from({ length: count }, (_, i) => componentOf(rng, i));
  const out = createWriteStream(path);
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const q = JSON.stringify;
  await write(
    `{"$schema":"http://cyclonedx.org/schema/bom-1.5.schema.json","bomFormat":"CycloneDX","specVersion":"1.5",` +
      `"serialNumber":"urn:uuid:${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-8${rng.hex(3)}-${rng.hex(12)}","version":1,` +
      `"metadata":{"timestamp":"2026-01-01T00:00:00Z","tools":{"components":[{"type":"application","author":"supplygraph","name":"large-document-bench","version":"1"}]},` +
      `"component":{"type":"application","bom-ref":"pkg:npm/huge-app@1.0.0","name":"huge-app","version":"1.0.0","purl":"pkg:npm/huge-app@1.0.0"}},"components":[`,
  );
  for (let i = 0; i < count; i++) {
    const c = components[i];
    const repo = `https://github.com/${rng.pick(WORDS)}/${c.name}`;
    let s = `${i ? ',' : ''}{"type":"library","bom-ref":${q(c.purl)},`;
    if (c.group) s += `"group":${q(c.group)},`;
    s += `"name":${q(c.name)},"version":${q(c.version)},`;
    s += `"description":${q(`The ${c.name} package: ${rng.pick(WORDS)} ${rng.pick(WORDS)} helpers for ${rng.pick(WORDS)} applications, maintained by the ${rng.pick(WORDS)} team.`)},`;
    s += `"hashes":[{"alg":"SHA-256","content":"${rng.hex(64)}"},{"alg":"SHA-1","content":"${rng.hex(40)}"}],`;
    s += rng.chance(0.1)
      ? `"licenses":[{"expression":"${rng.pick(LICENCES)} OR ${rng.pick(LICENCES)}"}],`
      : `"licenses":[{"license":{"id":"${rng.pick(LICENCES)}"}}],`;
    s += `"purl":${q(c.purl)},`;
    s += `"externalReferences":[{"type":"vcs","url":"${repo}"},{"type":"website","url":"${repo}#readme"}],`;
    s += `"properties":[{"name":"syft:package:foundBy","value":"${c.eco}-cataloger"},{"name":"syft:package:language","value":"${c.eco}"},{"name":"syft:location:0:path","value":"/app/${c.eco}/${c.name}/${c.version}/manifest"}]}`;
    await write(s);
  }
  await write('],"dependencies":[');
  // The application depends on the first 30 components; each component on 0–10 others, mostly
  // popular ones (low indexes), a few anywhere.
  const root = 'pkg:npm/huge-app@1.0.0';
  await write(
    `{"ref":${q(root)},"dependsOn":[${components
      .slice(0, 30)
      .map((c) => q(c.purl))
      .join(',')}]}`,
  );
  let edges = Math.min(30, count);
  for (let i = 0; i < count; i++) {
    const targets = new Set<number>();
    const n = rng.int(0, 11);
    for (let k = 0; k < n; k++) {
      const j = rng.chance(0.7) ? Math.floor(count * rng.next() ** 3) : rng.int(0, count);
      if (j !== i) targets.add(j);
    }
    edges += targets.size;
    await write(
      `,{"ref":${q(components[i].purl)},"dependsOn":[${[...targets].map((j) => q(components[j].purl)).join(',')}]}`,
    );
  }
  await write(']}\n');
  out.end();
  await once(out, 'finish');
  return { bytes: statSync(path).size, components: count, edges };
}

interface Run {
  code: number;
  seconds: number;
  peakMB: number;
  summary: string;
}

async function ingestOnce(file: string, store: string, log: string, extraArgs: string[]): Promise<Run> {
  rmSync(store, { recursive: true, force: true });
  let sampler: RssSampler | undefined;
  const run = await runToEnd(
    process.execPath,
    [BIN, 'ingest', '--store', store, '--json', '--max-document-size', String(1024 * MB), ...extraArgs, file],
    log,
    1_800_000,
    (pid) => (sampler = new RssSampler(pid, 20)),
  );
  sampler?.stop();
  let summary = run.stdout.trim();
  try {
    const s = JSON.parse(summary) as Record<string, unknown>;
    summary = `stored ${String(s.stored)}, failed ${String(s.failed)}, ${String(s.packages)} packages, ${String(s.dependencies)} dependencies, ${String(s.skipped)} skipped`;
  } catch {
    // printed as it is
  }
  return { code: run.code, seconds: run.millis / 1000, peakMB: sampler?.max ?? NaN, summary };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const targetMB = Number(args.mb ?? 200);
  const seed = args.seed ?? 'supplygraph-large-document';
  const rounds = Number(args.rounds ?? 1);
  const work = resolve(args.out ?? join(OUT_DIR, 'large-document'));
  mkdirSync(work, { recursive: true });
  const file = join(work, `sbom-${targetMB}mb.cdx.json`);
  const m = machineFacts();
  console.log(`machine: ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGB} GB, Node ${m.node}`);
  if (!existsSync(file) || 'regenerate' in args) {
    const started = performance.now();
    const made = await writeSbom(file, targetMB * MB, seed);
    console.log(
      `generated ${file}: ${(made.bytes / MB).toFixed(1)} MB, ${made.components} components, ${made.edges} dependsOn entries (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  } else console.log(`reusing ${file} (${(statSync(file).size / MB).toFixed(1)} MB; --regenerate to rebuild)`);
  const size = statSync(file).size / MB;
  // Extra CLI arguments, e.g. --cli-args "--stream-threshold 0" (split on spaces).
  const extra = (args['cli-args'] ?? '').split(' ').filter(Boolean);
  const runs: Run[] = [];
  for (let r = 0; r < rounds; r++) {
    const run = await ingestOnce(file, join(work, 'store'), join(work, 'ingest.log'), extra);
    runs.push(run);
    console.log(
      `round ${r + 1}: exit ${run.code}, ${run.seconds.toFixed(1)} s, peak RSS ${run.peakMB.toFixed(0)} MB ` +
        `(${(run.peakMB / size).toFixed(2)}× the file); ${run.summary}`,
    );
  }
  const peak = median(runs.map((r) => r.peakMB));
  console.log(
    `median of ${rounds}: ingest ${median(runs.map((r) => r.seconds)).toFixed(1)} s, peak RSS ${peak.toFixed(0)} MB ` +
      `for a ${size.toFixed(0)} MB document (${(peak / size).toFixed(2)}×; target ≤ 2×)`,
  );
  rmSync(join(work, 'store'), { recursive: true, force: true });
}

await main();
