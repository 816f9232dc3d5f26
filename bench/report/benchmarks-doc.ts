// docs/benchmarks.md: how the benchmark works (HEADER), notes kept as they are, and one section
// per size, each rewritten by the complete run at that size (a run at size S leaves the size L
// figures alone).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const HEADER = `# Benchmarks

How fast supplygraph is on a realistic graph, measured, next to what HTTP itself costs on the
same machine. Everything here is produced by one command:

\`\`\`sh
npm run bench                 # size S: a quick run (about 12 minutes)
npm run bench -- --size L     # the real figures: 200,000 package versions, 2.5 million edges (about 40 minutes)
\`\`\`

\`npm run bench\` compiles \`bench/\` (its own tsconfig, output in \`bench/dist\`), then:

1. **generates** the graph (\`bench/generate/\`, also \`npm run generate -- --size L\`), or reuses
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
   \`node:http\` server (\`bench/run/ceiling.ts\`, a separate process) replays those exact bytes for the
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
\`node bench/dist/tools/profile.js FILE.cpuprofile [TOP] [FROM_S] [TO_S]\` lists a profile's hottest
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
