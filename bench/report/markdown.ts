// Benchmark results as Markdown: one section of docs/benchmarks.md (bench/report/benchmarks-doc.ts
// keeps one per size).
import type { BenchResults } from '../run/results.js';
import { endpointsSection } from './endpoints-table.js';
import { fmt, mb } from './format.js';
import { targets } from './targets.js';

export function renderMarkdown(r: BenchResults): string {
  return [
    ...headerSection(r),
    ...graphSection(r),
    ...ingestSection(r),
    ...startupSection(r),
    ...endpointsSection(r),
    ...largeClosureSection(r),
    ...batchSection(r),
    ...rankingSection(r),
    ...targetsSection(r),
  ].join('\n');
}

function headerSection(r: BenchResults): string[] {
  const m = r.machine;
  return [
    `## Size ${r.size} (seed ${r.seed})`,
    '',
    `Measured ${m.date.slice(0, 16).replace('T', ' ')} UTC with \`${r.command}\` on ${m.cpus} CPUs (${m.cpuModel}), ` +
      `${m.memoryGB} GB memory, Node.js ${m.node}, Linux ${m.kernel}; code at ${r.revision}. ` +
      `wrk (${r.threads} thread${r.threads === 1 ? '' : 's'}) runs last ${r.durationSeconds} s each, after a 1 s warm-up; service and ceiling alternated ${r.rounds} times per endpoint and connection count.`,
    '',
  ];
}

function graphSection(r: BenchResults): string[] {
  const g = r.graph;
  const d = g.documents;
  return [
    '### Graph',
    '',
    '| package names | package versions | distinct dependency edges | … with SBOM subjects | cycles (back edges) | documents | dependency facts in documents | data |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${fmt(g.packageNames, 0)} | ${fmt(g.packageVersions, 0)} | ${fmt(g.dependencyEdges, 0)} | ${fmt(g.distinctEdgesWithSubjects, 0)} | ${fmt(g.cycleBackEdges, 0)} | ` +
      `${fmt(d.total, 0)} (${d.apps} application SBOMs, ${d.images} image SBOMs, ${d.scans} osv-scanner reports, ${d.scorecards} scorecards) | ${fmt(g.dependencyFacts, 0)} | ${mb(g.bytes)} |`,
    '',
    `Out-degree: mean ${g.outDegree.mean} (${g.outDegree.meanNonLeaf} over versions with dependencies, max ${g.outDegree.max}); ${fmt(g.leafVersions, 0)} versions without dependencies. ` +
      `Transitive closure of a version (sample of ${g.closure.sample}): p50 ${g.closure.p50}, p90 ${g.closure.p90}, p99 ${g.closure.p99}, max ${g.closure.max} ` +
      `(versions with dependencies: p50 ${g.closure.p50NonLeaf}, mean ${g.closure.meanNonLeaf}). ${fmt(g.vulnerableVersions, 0)} vulnerable versions (${g.advisories} advisories); ` +
      `${fmt(g.sourcesWithScorecard, 0)} source repositories with a scorecard. Generated in ${r.generateSeconds === 'reused' ? '(reused)' : `${r.generateSeconds} s`}.`,
    '',
  ];
}

function ingestSection(r: BenchResults): string[] {
  const lines: string[] = [];
  if (r.ingest) {
    const i = r.ingest;
    lines.push(
      '### Ingest (embedded SQLite store, `supplygraph ingest`)',
      '',
      '| documents | dependency facts | time | documents/s | dependency facts/s | store on disk | peak RSS |',
      '|---:|---:|---:|---:|---:|---:|---:|',
      `| ${fmt(i.documents, 0)} (${i.failed} failed) | ${fmt(i.dependencies, 0)} | ${fmt(i.seconds, 1)} s | ${fmt(i.documentsPerSecond, 1)} | ${fmt(i.dependencyFactsPerSecond, 0)} | ${mb(i.storeBytes)} | ${fmt(i.peakRssMB, 0)} MB |`,
      '',
    );
  }
  if (r.postgresIngest) {
    const p = r.postgresIngest;
    lines.push(
      'PostgreSQL ingest: ' +
        ('error' in p
          ? `not measured (${p.error})`
          : `${fmt(p.documentsPerSecond, 1)} documents/s, ${fmt(p.dependencyFactsPerSecond, 0)} dependency facts/s`),
      '',
    );
  }
  return lines;
}

function startupSection(r: BenchResults): string[] {
  return [
    '### Start-up and memory',
    '',
    `Start-up to ready (\`/readyz\` 200): **${fmt(r.startup.readyMillis / 1000, 2)} s**; the first frequency ranking was served ${fmt(r.startup.firstRankingMillis / 1000, 2)} s later. ` +
      `RSS: ${fmt(r.startup.rssAtReadyMB, 0)} MB at ready, ${fmt(r.rss.afterLoadMB, 0)} MB after the load tests, ${fmt(r.rss.maxServingMB, 0)} MB max while serving (peak VmHWM ${fmt(r.rss.hwmMB, 0)} MB).`,
    '',
  ];
}

function largeClosureSection(r: BenchResults): string[] {
  const c = r.closure10k;
  if (!c) return [];
  return [
    `**Large closure:** \`/v0/package/${c.purl}/dependencies\` answers ${fmt(c.size, 0)} purls (${mb(c.bytes)}). One client, ${c.n} distinct URLs with this answer (\`?PageSize=20000…\`, so each is computed): p50 **${fmt(c.p50, 1)} ms**, p99 ${fmt(c.p99, 1)} ms; the same URL repeated (response cache): p50 ${fmt(c.repeatedP50, 2)} ms, p99 ${fmt(c.repeatedP99, 2)} ms.`,
    '',
  ];
}

function batchSection(r: BenchResults): string[] {
  const b = r.batch;
  if (!b) return [];
  return [
    `**Batch vulnerability questions:** \`POST /v0/query/vulns\` with ${fmt(b.inputs, 0)} purls per request (${b.bodies} distinct bodies taken in turn, drawn from the vulnerable and the typical versions), one client, one request at a time:`,
    '',
    '| includeDependencies | requests | p50 ms | p99 ms | max ms | answer | findings per answer | entries not 200 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...b.runs.map(
      (run) =>
        `| ${run.includeDependencies} | ${run.n} | ${fmt(run.p50, 1)} | ${fmt(run.p99, 1)} | ${fmt(run.max, 1)} | ${mb(run.avgBytes)} | ${fmt(run.avgFindings, 0)} | ${run.non200Entries} |`,
    ),
    '',
  ];
}

function rankingSection(r: BenchResults): string[] {
  const k = r.ranking;
  if (!k) return [];
  const phases = [
    ['before', k.before],
    ['during refresh + recompute', k.during],
  ] as const;
  return [
    '### Ranking recompute',
    '',
    `One more application SBOM ingested through the CLI while the server runs (refresh interval 1 s): the CLI took ${fmt(k.ingestCliMillis / 1000, 2)} s; ` +
      `the new frequency ranking (changed ETag) was served **${fmt(k.recomputeAfterCommitMillis / 1000, 2)} s** after the document was committed ` +
      `(${fmt(k.recomputeAfterIngestStartMillis / 1000, 2)} s after the CLI started).`,
    '',
    '| endpoint | phase | requests | p50 ms | p99 ms | max ms |',
    '|---|---|---:|---:|---:|---:|',
    ...phases.flatMap(([phase, list]) =>
      list.map((d) => `| ${d.endpoint} | ${phase} | ${d.n} | ${fmt(d.p50, 2)} | ${fmt(d.p99, 2)} | ${fmt(d.max, 1)} |`),
    ),
    '',
  ];
}

function targetsSection(r: BenchResults): string[] {
  return [
    '### Targets',
    '',
    '| target | measured | met |',
    '|---|---|:---:|',
    ...targets(r).map(
      (t) => `| ${t.target} | ${t.measured} | ${t.met === undefined ? '–' : t.met ? 'yes' : '**no**'} |`,
    ),
    '',
  ];
}
