// Renders benchmark results as Markdown and keeps one section per size in docs/benchmarks.md
// (a run at size S does not overwrite the size L figures).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { BenchResults } from './run.js';

const fmt = (x: number | undefined, digits = 1): string =>
  x === undefined || Number.isNaN(x)
    ? '–'
    : x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
const mb = (bytes: number): string => (bytes < 1e6 ? `${fmt(bytes / 1e3, 1)} kB` : `${fmt(bytes / 1e6, 1)} MB`);

type LoadRun = BenchResults['scenarios'][number]['runs'][number];

/** The CPU-time ratio beside the req/s one, when measured: "; by CPU time 0.41×". */
const cpuText = (run: LoadRun): string => (run.cpuRatio ? `; by CPU time ${fmt(run.cpuRatio, 2)}×` : '');

/** A side's req/s spread over the rounds, " (min–max)". */
const spread = (side: LoadRun['server']): string => ` (${fmt(side.rpsMin, 0)}–${fmt(side.rpsMax, 0)})`;

/**
 * Why a load run's ratio is no measurement, if it is not: the service cannot beat a server
 * replaying its own bytes, so a ratio above 1 means the client (or noise) was the bound; and
 * non-2xx answers (load shedding) are cheap answers counted as throughput.
 */
function invalidRatio(run: LoadRun): string | undefined {
  if (run.server.non2xx || run.server.errors) return 'non-2xx answers counted';
  if (run.ratio > 1) return 'above the ceiling: client-bound or noise';
  return undefined;
}

/** Service and ceiling CPU µs per request and their ratio ("84 (31) 0.37×"), or "–". */
function cpuColumn(run: LoadRun): string {
  const s = run.server.cpuMicrosPerRequest;
  const c = run.ceiling.cpuMicrosPerRequest;
  return s && c ? `${fmt(s, 0)} (${fmt(c, 0)}) ${fmt(run.cpuRatio, 2)}×` : '–';
}

/**
 * A run's ratio as the report shows it: the figure, or why there is none. A failed measurement
 * prints no ratio at all: a number above 1.0× would read as a result.
 */
function ratioText(run: LoadRun): string {
  const invalid = invalidRatio(run);
  return invalid ? `failed measurement (${invalid})` : `${fmt(run.ratio, 2)}×`;
}

/** A ratio target's measured text and verdict (none when the run is no measurement). */
function ratioTarget(run: LoadRun, floor: number, extra = ''): { measured: string; met: boolean | undefined } {
  return {
    measured: `${ratioText(run)} (${fmt(run.server.rps, 0)} vs ${fmt(run.ceiling.rps, 0)} req/s${cpuText(run)})${extra}`,
    met: invalidRatio(run) ? undefined : run.ratio >= floor,
  };
}

interface Target {
  target: string;
  measured: string;
  met: boolean | undefined;
}

export function targets(r: BenchResults): Target[] {
  const out: Target[] = [];
  // Issue 16: computed answers (distinct inputs, no response cache hits) and repeated ones.
  const ratioTargets = [
    { name: 'deps-distinct', what: 'package dependencies', floor: 0.6, repeated: false },
    { name: 'deps-typical', what: 'package dependencies', floor: 0.85, repeated: true },
    { name: 'vulns-distinct', what: 'vulnerabilities with `includeDependencies`', floor: 0.5, repeated: false },
  ];
  for (const { name, what, floor, repeated } of ratioTargets) {
    const scenario = r.scenarios.find((s) => s.name === name);
    const run = scenario?.runs.find((x) => x.connections === 10);
    if (!scenario || !run) continue;
    const inputs = repeated
      ? `${fmt(scenario.inputs, 0)} inputs, repeated`
      : `${fmt(scenario.inputs, 0)} distinct inputs in turn`;
    out.push({ target: `${what} ≥ ${floor} × ceiling req/s, 10 connections (${inputs})`, ...ratioTarget(run, floor) });
    if (name === 'vulns-distinct') continue;
    out.push({
      target: `${what} p99 ≤ 5 ms, 10 connections (${inputs})`,
      measured: `${fmt(run.server.p99, 1)} ms`,
      met: run.server.p99 <= 5,
    });
  }
  out.push(...reverseTargets(r));
  out.push(...searchTargets(r));
  if (r.closure10k)
    out.push({
      target: '10,000-purl closure p50 ≤ 30 ms',
      measured: `${fmt(r.closure10k.p50, 1)} ms (${fmt(r.closure10k.size, 0)} purls)`,
      met: r.closure10k.p50 <= 30,
    });
  const batch = r.batch?.runs.find((run) => !run.includeDependencies);
  if (r.batch && batch) {
    const deps = r.batch.runs.find((run) => run.includeDependencies);
    out.push({
      target: `${fmt(r.batch.inputs, 0)}-purl vulnerability batch (\`POST /v0/query/vulns\`) ≤ 1 s`,
      measured:
        `p50 ${fmt(batch.p50, 0)} ms, p99 ${fmt(batch.p99, 0)} ms` +
        (deps ? `; with includeDependencies p50 ${fmt(deps.p50, 0)} ms, p99 ${fmt(deps.p99, 0)} ms` : ''),
      met: r.batch.inputs >= 1000 ? batch.p99 <= 1000 : undefined,
    });
  }
  const ranking = r.scenarios.find((s) => s.name === 'ranking-top100');
  if (ranking)
    out.push({
      target: '`/analysis/dependencies` served ≤ 2 ms (top 100, repeated)',
      measured: `single client p50 ${fmt(ranking.single.p50, 2)} ms; p99 @10 conns ${fmt(ranking.runs[0]?.server.p99, 0)} ms`,
      met: ranking.single.p50 <= 2,
    });
  const pages = r.scenarios.find((s) => s.name === 'ranking-pages');
  if (pages)
    out.push({
      target: '`/analysis/dependencies` served ≤ 2 ms (distinct pages, computed)',
      measured: `first request p50 ${fmt(pages.single.coldP50, 2)} ms, p99 ${fmt(pages.single.coldP99, 2)} ms; p99 @10 conns ${fmt(pages.runs[0]?.server.p99, 0)} ms`,
      met: pages.single.coldP50 <= 2,
    });
  if (r.ranking) {
    out.push({
      target: 'ranking recomputed ≤ 5 s after an ingest',
      measured: `${fmt(r.ranking.recomputeAfterCommitMillis / 1000, 2)} s after commit (${fmt(r.ranking.recomputeAfterIngestStartMillis / 1000, 2)} s after the CLI started)`,
      met: r.ranking.recomputeAfterCommitMillis <= 5000,
    });
    const worst = Math.max(...r.ranking.during.map((d) => d.max));
    out.push({
      target: '… without blocking other requests (max latency during the ingest + ranking recompute ≤ 50 ms)',
      measured: `max ${fmt(worst, 1)} ms`,
      met: worst <= 50,
    });
  }
  out.push({
    target: 'start-up to serving ≤ 6 s',
    measured: `${fmt(r.startup.readyMillis / 1000, 1)} s`,
    met: r.startup.readyMillis <= 6_000,
  });
  out.push({
    target: 'RSS at ready ≤ 350 MB',
    measured: `${fmt(r.startup.rssAtReadyMB, 0)} MB`,
    met: r.startup.rssAtReadyMB <= 350,
  });
  out.push({
    target: 'peak RSS while serving (load at up to 50 connections) ≤ 450 MB',
    measured: `${fmt(r.rss.maxServingMB, 0)} MB`,
    met: r.rss.maxServingMB <= 450,
  });
  if (r.ingest)
    out.push({
      target: 'embedded ingest ≥ 200,000 dependency facts/s',
      measured: `${fmt(r.ingest.dependencyFactsPerSecond, 0)} facts/s`,
      met: r.ingest.dependencyFactsPerSecond >= 200_000,
    });
  return out;
}

/**
 * Issue 13's targets. Latency targets are about computing the answer, so they are judged on each
 * input's first request at this store version (no response cache can have it); the repeated
 * figure (single client, the same URLs again: the response cache, where the route has one) is given beside it.
 */
function reverseTargets(r: BenchResults): Target[] {
  const out: Target[] = [];
  const scenario = (name: string) => r.scenarios.find((s) => s.name === name);
  const latency = (name: string, target: string, limitMs: number): void => {
    const s = scenario(name);
    if (!s) return;
    if (s.unavailable) {
      out.push({ target, measured: `not measured: ${s.unavailable}`, met: undefined });
      return;
    }
    out.push({
      target,
      measured:
        `computed (first request) p50 ${fmt(s.single.coldP50, 2)} ms, p99 ${fmt(s.single.coldP99, 2)} ms over ${fmt(s.inputs, 0)} inputs ` +
        `(avg ${fmt(s.avgItems, 0)} items); the same URLs again (response cache, where the route has one) p50 ${fmt(s.single.p50, 2)} ms` +
        (s.single.non2xx ? ` (${s.single.non2xx} of ${s.single.n} answers not 2xx, left out)` : ''),
      met: s.single.coldP50 <= limitMs,
    });
  };
  latency('dependents-popular', 'dependents of a popular package p50 ≤ 30 ms (whole answer)', 30);
  latency('dependents-popular-page', 'dependents of a popular package p50 ≤ 30 ms (first page of 100)', 30);
  for (const name of ['dependents-typical', 'dependents-distinct']) {
    const s = scenario(name);
    if (!s) continue;
    const what =
      name === 'dependents-typical'
        ? `${fmt(s.inputs, 0)} inputs, repeated`
        : `${fmt(s.inputs, 0)} distinct inputs in turn`;
    const target = `typical dependents ≥ 0.5 × ceiling req/s, 10 connections (${what})`;
    const run = s.runs.find((x) => x.connections === 10);
    if (s.unavailable || !run) {
      out.push({ target, measured: `not measured: ${s.unavailable ?? 'no run'}`, met: undefined });
      continue;
    }
    out.push({
      target,
      ...ratioTarget(run, 0.5, `; computed (first request) p50 ${fmt(s.single.coldP50, 2)} ms`),
    });
  }
  latency(
    'blast-radius-artifacts',
    'blast radius (`/v0/vuln/{id}/artifacts` with paths), popular package, p50 ≤ 100 ms',
    100,
  );
  latency('path', 'path queries p50 ≤ 5 ms', 5);
  return out;
}

/** Issue 14's search targets: a 3-character prefix's first request, and a mix of queries' throughput. */
function searchTargets(r: BenchResults): Target[] {
  const out: Target[] = [];
  const prefix = r.scenarios.find((s) => s.name === 'search-prefix3');
  if (prefix) {
    const target = 'search for a 3-character prefix p50 ≤ 5 ms (first request, page of 20)';
    out.push(
      prefix.unavailable
        ? { target, measured: `not measured: ${prefix.unavailable}`, met: undefined }
        : {
            target,
            measured: `first request p50 ${fmt(prefix.single.coldP50, 2)} ms, p99 ${fmt(prefix.single.coldP99, 2)} ms over ${fmt(prefix.inputs, 0)} prefixes (avg ${fmt(prefix.avgItems, 0)} matches); repeated p50 ${fmt(prefix.single.p50, 2)} ms`,
            met: prefix.single.coldP50 <= 5,
          },
    );
  }
  const mix = r.scenarios.find((s) => s.name === 'search-mix');
  if (mix) {
    const target = 'search, a mix of queries ≥ 0.5 × ceiling req/s, 10 connections';
    const run = mix.runs.find((x) => x.connections === 10);
    out.push(
      mix.unavailable || !run
        ? { target, measured: `not measured: ${mix.unavailable ?? 'no run'}`, met: undefined }
        : {
            target,
            ...ratioTarget(run, 0.5, `; first request p50 ${fmt(mix.single.coldP50, 2)} ms`),
          },
    );
  }
  return out;
}

export function renderMarkdown(r: BenchResults): string {
  const g = r.graph;
  const lines: string[] = [];
  lines.push(`## Size ${r.size} (seed ${r.seed})`, '');
  lines.push(
    `Measured ${r.machine.date.slice(0, 16).replace('T', ' ')} UTC with \`${r.command}\` on ${r.machine.cpus} CPUs (${r.machine.cpuModel}), ` +
      `${r.machine.memoryGB} GB memory, Node.js ${r.machine.node}, Linux ${r.machine.kernel}; code at ${r.revision}. ` +
      `wrk (${r.threads} thread${r.threads === 1 ? '' : 's'}) runs last ${r.durationSeconds} s each, after a 1 s warm-up; service and ceiling alternated ${r.rounds} times per endpoint and connection count.`,
    '',
  );
  lines.push('### Graph', '');
  lines.push(
    '| package names | package versions | distinct dependency edges | … with SBOM subjects | cycles (back edges) | documents | dependency facts in documents | data |',
  );
  lines.push('|---:|---:|---:|---:|---:|---:|---:|---:|');
  lines.push(
    `| ${fmt(g.packageNames, 0)} | ${fmt(g.packageVersions, 0)} | ${fmt(g.dependencyEdges, 0)} | ${fmt(g.distinctEdgesWithSubjects, 0)} | ${fmt(g.cycleBackEdges, 0)} | ` +
      `${fmt(g.documents.total, 0)} (${g.documents.apps} application SBOMs, ${g.documents.images} image SBOMs, ${g.documents.scans} osv-scanner reports, ${g.documents.scorecards} scorecards) | ${fmt(g.dependencyFacts, 0)} | ${mb(g.bytes)} |`,
  );
  lines.push(
    '',
    `Out-degree: mean ${g.outDegree.mean} (${g.outDegree.meanNonLeaf} over versions with dependencies, max ${g.outDegree.max}); ${fmt(g.leafVersions, 0)} versions without dependencies. ` +
      `Transitive closure of a version (sample of ${g.closure.sample}): p50 ${g.closure.p50}, p90 ${g.closure.p90}, p99 ${g.closure.p99}, max ${g.closure.max} ` +
      `(versions with dependencies: p50 ${g.closure.p50NonLeaf}, mean ${g.closure.meanNonLeaf}). ${fmt(g.vulnerableVersions, 0)} vulnerable versions (${g.advisories} advisories); ` +
      `${fmt(g.sourcesWithScorecard, 0)} source repositories with a scorecard. Generated in ${r.generateSeconds === 'reused' ? '(reused)' : `${r.generateSeconds} s`}.`,
    '',
  );
  if (r.ingest) {
    const i = r.ingest;
    lines.push('### Ingest (embedded SQLite store, `supplygraph ingest`)', '');
    lines.push(
      '| documents | dependency facts | time | documents/s | dependency facts/s | store on disk | peak RSS |',
      '|---:|---:|---:|---:|---:|---:|---:|',
    );
    lines.push(
      `| ${fmt(i.documents, 0)} (${i.failed} failed) | ${fmt(i.dependencies, 0)} | ${fmt(i.seconds, 1)} s | ${fmt(i.documentsPerSecond, 1)} | ${fmt(i.dependencyFactsPerSecond, 0)} | ${mb(i.storeBytes)} | ${fmt(i.peakRssMB, 0)} MB |`,
      '',
    );
  }
  if (r.postgresIngest) {
    lines.push(
      'PostgreSQL ingest: ' +
        ('error' in r.postgresIngest
          ? `not measured (${r.postgresIngest.error})`
          : `${fmt(r.postgresIngest.documentsPerSecond, 1)} documents/s, ${fmt(r.postgresIngest.dependencyFactsPerSecond, 0)} dependency facts/s`),
      '',
    );
  }
  lines.push('### Start-up and memory', '');
  lines.push(
    `Start-up to ready (\`/readyz\` 200): **${fmt(r.startup.readyMillis / 1000, 2)} s**; the first frequency ranking was served ${fmt(r.startup.firstRankingMillis / 1000, 2)} s later. ` +
      `RSS: ${fmt(r.startup.rssAtReadyMB, 0)} MB at ready, ${fmt(r.rss.afterLoadMB, 0)} MB after the load tests, ${fmt(r.rss.maxServingMB, 0)} MB max while serving (peak VmHWM ${fmt(r.rss.hwmMB, 0)} MB).`,
    '',
  );
  lines.push('### Endpoints against the HTTP ceiling', '');
  lines.push(
    'The ceiling is a bare `node:http` server (bench/ceiling.ts, its own process) replaying the exact response bytes the service gave for the same request URLs. ' +
      'Requests take the inputs in turn (bench/wrk/urls.lua), so N inputs are N distinct URLs. ' +
      "req/s is the median over the rounds with the spread (min–max) beside it; the ratio is median over median; p50/p99 are medians over the rounds of wrk's percentiles. " +
      "CPU µs / request is each server process's CPU time (user + system, /proc/<pid>/stat) per answered request, median over the rounds; its ratio (ceiling's over the service's) hardly moves when other work shares the cores, unlike req/s. " +
      'The single-client column is one sequential keep-alive client timed with `process.hrtime`; ' +
      '"first request" times each input\'s first request at this store version (before any response cache has it).',
    '',
  );
  lines.push(
    '| endpoint | inputs | avg items / body | conns | req/s (min–max) | p50 ms | p99 ms | ceiling req/s (min–max) | ceiling p99 ms | ratio | CPU µs / request (ceiling) | single client p50 / p99 ms (ceiling p50) | first request p50 / p99 ms | max RSS |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const s of r.scenarios) {
    if (s.unavailable) {
      lines.push(
        `| ${s.name}: ${s.description} (statuses ${JSON.stringify(s.statuses)}) | ${s.inputs} | – | – | not measured: ${s.unavailable} | | | | | | | – | – | – |`,
      );
      continue;
    }
    s.runs.forEach((run, k) => {
      const head =
        k === 0
          ? `${s.name}: ${s.description}${Object.keys(s.statuses).some((x) => x !== '200') ? ` (statuses ${JSON.stringify(s.statuses)})` : ''} | ${s.inputs} | ${fmt(s.avgItems, 0)} / ${fmt(s.avgBytes / 1000, 1)} kB`
          : ' | | ';
      const single =
        k === 0
          ? `${fmt(s.single.p50, 2)} / ${fmt(s.single.p99, 2)} (${fmt(s.single.ceilingP50, 2)})${s.single.non2xx ? ` (${s.single.non2xx} of ${s.single.n} non-2xx left out)` : ''} | ${fmt(s.single.coldP50, 2)} / ${fmt(s.single.coldP99, 2)} | ${s.maxRssMB === undefined ? '–' : `${fmt(s.maxRssMB, 0)} MB`}`
          : ' | | ';
      const errs =
        run.server.non2xx || run.server.errors ? ` (${run.server.non2xx} non-2xx, ${run.server.errors} errors)` : '';
      lines.push(
        `| ${head} | ${run.connections} | ${fmt(run.server.rps, 0)}${spread(run.server)}${errs} | ${fmt(run.server.p50, 2)} | ${fmt(run.server.p99, 2)} | ${fmt(run.ceiling.rps, 0)}${spread(run.ceiling)} | ${fmt(run.ceiling.p99, 2)} | ${ratioText(run)} | ${cpuColumn(run)} | ${single} |`,
      );
    });
  }
  lines.push('');
  if (r.closure10k) {
    const c = r.closure10k;
    lines.push(
      `**Large closure:** \`/v0/package/${c.purl}/dependencies\` answers ${fmt(c.size, 0)} purls (${mb(c.bytes)}). One client, ${c.n} distinct URLs with this answer (\`?PageSize=20000…\`, so each is computed): p50 **${fmt(c.p50, 1)} ms**, p99 ${fmt(c.p99, 1)} ms; the same URL repeated (response cache): p50 ${fmt(c.repeatedP50, 2)} ms, p99 ${fmt(c.repeatedP99, 2)} ms.`,
      '',
    );
  }
  if (r.batch) {
    const b = r.batch;
    lines.push(
      `**Batch vulnerability questions:** \`POST /v0/query/vulns\` with ${fmt(b.inputs, 0)} purls per request (${b.bodies} distinct bodies taken in turn, drawn from the vulnerable and the typical versions), one client, one request at a time:`,
      '',
      '| includeDependencies | requests | p50 ms | p99 ms | max ms | answer | findings per answer | entries not 200 |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const run of b.runs)
      lines.push(
        `| ${run.includeDependencies} | ${run.n} | ${fmt(run.p50, 1)} | ${fmt(run.p99, 1)} | ${fmt(run.max, 1)} | ${mb(run.avgBytes)} | ${fmt(run.avgFindings, 0)} | ${run.non200Entries} |`,
      );
    lines.push('');
  }
  if (r.ranking) {
    const k = r.ranking;
    lines.push('### Ranking recompute', '');
    lines.push(
      `One more application SBOM ingested through the CLI while the server runs (refresh interval 1 s): the CLI took ${fmt(k.ingestCliMillis / 1000, 2)} s; ` +
        `the new frequency ranking (changed ETag) was served **${fmt(k.recomputeAfterCommitMillis / 1000, 2)} s** after the document was committed ` +
        `(${fmt(k.recomputeAfterIngestStartMillis / 1000, 2)} s after the CLI started).`,
      '',
    );
    lines.push('| endpoint | phase | requests | p50 ms | p99 ms | max ms |', '|---|---|---:|---:|---:|---:|');
    for (const [phase, list] of [
      ['before', k.before],
      ['during refresh + recompute', k.during],
    ] as const) {
      for (const d of list)
        lines.push(`| ${d.endpoint} | ${phase} | ${d.n} | ${fmt(d.p50, 2)} | ${fmt(d.p99, 2)} | ${fmt(d.max, 1)} |`);
    }
    lines.push('');
  }
  lines.push('### Targets', '', '| target | measured | met |', '|---|---|:---:|');
  for (const t of targets(r))
    lines.push(`| ${t.target} | ${t.measured} | ${t.met === undefined ? '–' : t.met ? 'yes' : '**no**'} |`);
  lines.push('');
  return lines.join('\n');
}

const HEADER = `# Benchmarks

How fast supplygraph is on a realistic graph, measured, next to what HTTP itself costs on the
same machine. Everything here is produced by one command:

\`\`\`sh
npm run bench                 # size S: a quick run (about 12 minutes)
npm run bench -- --size L     # the real figures: 200,000 package versions, 2.5 million edges (about 40 minutes)
\`\`\`

\`npm run bench\` compiles \`bench/\` (its own tsconfig, output in \`bench/dist\`), then:

1. **generates** the graph (\`bench/generate.ts\`, also \`npm run generate -- --size L\`), or reuses
   \`bench/out/<size>-<seed>/\` when it was generated with the same size and seed. The generator is
   deterministic from its seed (\`--seed\`, default 42) and writes documents the ingest accepts:
   CycloneDX 1.5 JSON SBOMs of applications and of container images (an oci purl whose version is
   the image digest, with its hash), osv-scanner reports carrying OSV records with explicit
   \`versions\` lists, and OpenSSF Scorecard results. Package popularity follows a power law (a
   few packages are in almost every SBOM), names have several versions, versions have 5–50
   dependencies (about a quarter have none), a typical closure is around a hundred versions with
   a long tail into the thousands, and a few back edges make cycles. A version's dependency edges
   are the same in every SBOM that includes it, so the union of the documents is the generated
   graph; "distinct dependency edges" below is its size, and "dependency facts" is how many
   times the documents state them (popular packages are restated by every SBOM that has them).
   Sources are linked to packages by golang purls (\`pkg:golang/github.com/o/r\`) and by CycloneDX
   \`externalReferences\` of type \`vcs\`.
2. **ingests** it into a fresh embedded store with \`supplygraph ingest\` (documents/s, dependency
   facts/s: the CLI's own timing, without process start).
3. **starts** \`supplygraph serve\` as a child process and times start-up until \`/readyz\` answers
   200; RSS is read from \`/proc/<pid>/status\` (VmRSS) while it serves.
4. for each endpoint, fetches every benchmark URL once and **records** the response; a bare
   \`node:http\` server (\`bench/ceiling.ts\`, a separate process) replays those exact bytes for the
   same URLs: **the ceiling**. The load client is [wrk](https://github.com/wg/wrk) (the Debian
   package \`wrk\`; the harness installs it with apt-get when it is missing and runs as root, and
   otherwise stops saying so), a C client far lighter than the Node.js servers it drives, with
   \`bench/wrk/urls.lua\` handing out the recorded paths in turn (each wrk thread from its own
   offset, so N inputs are N distinct URLs). One thread (\`--threads 1\`), 10 and 50 connections,
   on 127.0.0.1. For each endpoint and connection count the service and the ceiling run
   alternately \`--rounds\` times (default 5; order S C C S S C …, so a change in the machine's
   speed falls on both sides); the report gives each side's **median** req/s with its spread
   (min–max over the rounds), and the ratio is median over median. p50/p99 are wrk's (µs
   resolution), medians over the rounds. Beside it, each server process's CPU time per answered
   request (\`/proc/<pid>/stat\`, median over the rounds) and the ratio of those (ceiling's over
   the service's): on a shared machine req/s moves with whatever else runs, CPU time per request
   hardly does, so when the two ratios differ much the machine was busy. Runs last \`--duration\` seconds (default 3 at sizes L
   and M, 1 at S) after a 1 s warm-up of each side: at L, 25 endpoints × 2 connection counts × 5
   rounds × 2 sides × 3 s is 25 minutes of load, about 40 minutes in all with the ingest. Non-2xx
   answers are wrk's own count (status above 399, the "Non-2xx or 3xx responses" line); the Lua
   script has no \`response()\` callback, which would make wrk hand every response to Lua (about
   10–15 % more client CPU per request, measured). A ratio above 1 (the service cannot beat a
   server replaying its own bytes: the client or noise was the bound) or a run with non-2xx
   answers (load shedding) is a failed measurement: no ratio is printed for it (the CPU-time
   ratio beside it still is), and a target judged on it is neither met nor missed. A scenario whose route is not on the build (no 2xx answer, or answers without the
   expected field) is listed as not measured instead of load-tested. The distinct-input
   scenarios (\`deps-distinct\`, \`vulns-distinct\` over the same versions, \`dependents-distinct\`)
   are part of the default run at every size: they measure answers the response cache cannot
   help.
5. times a closure of about 10,000 purls, **batch vulnerability questions** of 1,000 purls
   (\`POST /v0/query/vulns\`, without and with \`includeDependencies\`), and the **ranking recompute**: one more SBOM is
   ingested through the CLI while the server runs, and \`/analysis/dependencies\` is polled until
   its ETag changes, while two probes measure its latency and a typical dependencies query.

Options: \`--size tiny|S|M|L\`, \`--seed N\`, \`--duration SECONDS\` (per wrk run), \`--rounds N\`,
\`--threads 1|2\` (wrk threads),
\`--scenarios a,b\` (only these endpoints; \`closure10k\`, \`batch-vulns\` and \`ranking\` are names too),
\`--reuse-store\` (skip the ingest, serve the store of the previous run), \`--regenerate\`,
\`--profile\` (the server runs with \`--cpu-prof\`; profiles land in \`bench/profiles/\`),
\`--postgres URL\` (also migrate that database and ingest into it, and report its throughput),
\`--no-report\` (a check run: leave this file alone). Raw results go to
\`bench/out/results-<size>-<seed>.json\`. Generated data, stores and logs stay under \`bench/out/\`
(git-ignored). wrk runs on the same machine, so on 2 CPUs the server and the client share the
cores; the ceiling is measured under the same conditions, alternated with the service.

Runs with \`--scenarios\`, \`--reuse-store\`, \`--profile\` or \`--no-report\` are partial: they write
\`bench/out/results-<size>-<seed>-partial.json\` and leave this file alone.
\`node bench/dist/profile.js FILE.cpuprofile [TOP] [FROM_S] [TO_S]\` lists a profile's hottest
functions (self and total time), optionally only between two times after the process started.
Each size's section below is rewritten by the (complete) run at that size.
`;

export function writeBenchmarksDoc(file: string, size: string, markdown: string): void {
  const sections = new Map<string, string>();
  let notes = '';
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/<!-- bench:(\w+):start -->\n([\s\S]*?)<!-- bench:\1:end -->/g))
      sections.set(m[1], m[2]);
    const n = /<!-- notes:start -->\n([\s\S]*?)<!-- notes:end -->/.exec(text);
    if (n) notes = n[1];
  }
  sections.set(size, markdown.endsWith('\n') ? markdown : `${markdown}\n`);
  const order = ['L', 'M', 'S', 'tiny'];
  const body = order
    .filter((s) => sections.has(s))
    .map((s) => `<!-- bench:${s}:start -->\n${sections.get(s)}<!-- bench:${s}:end -->\n`)
    .join('\n');
  writeFileSync(file, `${HEADER}\n<!-- notes:start -->\n${notes}<!-- notes:end -->\n\n${body}`);
}
