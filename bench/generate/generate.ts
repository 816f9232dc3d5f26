// A realistic synthetic supply-chain graph, written as documents the ingest accepts:
//   sboms/apps/    CycloneDX 1.5 JSON SBOMs of applications (subject: the application's purl)
//   sboms/images/  CycloneDX 1.5 JSON SBOMs of container images (subject: an oci purl whose version
//                  is the image digest, with its hash: the SBOM is the image artifact's)
//   scans/         osv-scanner JSON reports: vulnerable package versions with full OSV records
//                  (explicit `versions` lists) — the format the store turns into CertifyVuln today
//   scorecards/    OpenSSF Scorecard JSON results for a share of the source repositories
//   extra/         one more application SBOM, held back (the benchmark ingests it while serving)
//   manifest.json  the parameters, the graph's measured shape and query inputs for the benchmark
//
// One "universe" graph (universe.ts), then documents that show parts of it (documents.ts):
// - the dependency edges of a version are the same in every SBOM that includes it (as in
//   reality), so the union of the documents is exactly the universe graph.
// - every version is in at least one SBOM (coverage.ts).
// Deterministic: the same seed and size give the same bytes. Files are streamed out one by one.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Rng } from '../lib/rng.js';
import { round2 } from '../lib/stats.js';
import { Closure } from './closure.js';
import type { DocumentContext } from './context.js';
import { writeDocuments, type WrittenDocuments } from './documents.js';
import { sampleClosures, type ClosureSample } from './graph-shape.js';
import { GENERATOR_REVISION, QUERIES_REVISION, type Manifest } from './manifest.js';
import { closureInputs, distinctTypicalInputs, nameInputs, typicalSample } from './query-inputs.js';
import { reverseQueries } from './reverse-queries.js';
import { EXTRA_SBOM } from './sbom-documents.js';
import { SIZES, type GenerateOptions } from './sizes.js';
import { generateStats } from './stats.js';
import { buildUniverse } from './universe.js';
import { purlOf } from './versions.js';

const DIRECTORIES = ['sboms/apps', 'sboms/images', 'scans', 'scorecards', 'extra'];

export function generate(options: GenerateOptions): Manifest {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const params = SIZES[options.size];
  const root = new Rng(`supplygraph-bench:${options.seed}:${options.size}`);
  const u = buildUniverse(params, root.fork('universe'));
  log(
    `universe: ${u.names.length} names, ${u.versionCount} versions, ${u.out.length} edges (${u.backEdges} back edges)`,
  );
  rmSync(options.out, { recursive: true, force: true });
  for (const d of DIRECTORIES) mkdirSync(join(options.out, d), { recursive: true });

  const ctx: DocumentContext = { u, closure: new Closure(u), rng: root.fork('documents'), out: options.out, log };
  const closures = sampleClosures(u, ctx.closure, ctx.rng);
  const written = writeDocuments(ctx, params);
  const queries = queryInputs(ctx, options, closures, written);
  const manifest: Manifest = {
    generator: GENERATOR_REVISION,
    queriesRevision: QUERIES_REVISION,
    size: options.size,
    seed: options.seed,
    params,
    stats: generateStats(u, closures, written, round2((performance.now() - started) / 1000)),
    ingest: ['sboms', 'scans', 'scorecards'],
    extra: EXTRA_SBOM,
    queries,
  };
  writeFileSync(join(options.out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  const { documents, bytes, seconds } = manifest.stats;
  log(`wrote ${documents.total + 1} documents, ${(bytes / 1e6).toFixed(1)} MB in ${seconds} s`);
  return manifest;
}

function queryInputs(
  { u, closure }: DocumentContext,
  options: GenerateOptions,
  closures: ClosureSample,
  written: WrittenDocuments,
): Manifest['queries'] {
  return {
    ...closureInputs(u, closures.sample),
    ...nameInputs(u, closure, written.monorepo),
    images: written.manifestImages,
    apps: written.manifestApps,
    vulnerable: written.vulnerableIds.slice(0, 400).map((v) => purlOf(u, v)),
    typicalMany: distinctTypicalInputs(u, closure, options),
    reverse: reverseQueries(
      u,
      options,
      typicalSample(closures.sample).map((s) => s.v),
      written.images.map((im) => ({ digest: `sha256:${im.digest}`, starts: im.app.direct })),
      written.advisories.list,
    ),
  };
}
