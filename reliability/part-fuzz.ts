// Part 1, hostile HTTP inputs: the fuzzer against the served example store.
import { join } from 'node:path';
import { ingestExamples, EXAMPLE_DOCUMENTS } from './base.js';
import { fuzz } from './fuzz.js';
import { request } from './http.js';
import { discoverProbes } from './probes.js';
import { firstFew, PartRecorder, type PartResult } from './report.js';
import { startService, workDir } from './service.js';

/** "400: 12, 431: 3" from lines holding "→ <status>:". */
function byStatus(lines: readonly string[]): string {
  const counts: Record<string, number> = {};
  for (const line of lines) {
    const status = /→ (\d{3}):/.exec(line)?.[1] ?? '?';
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return Object.entries(counts)
    .sort()
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
}

export interface FuzzPartOptions {
  seed: string;
  count: number;
  deadlineMs?: number;
  keep?: boolean;
}

export async function fuzzPart(options: FuzzPartOptions): Promise<PartResult> {
  const r = new PartRecorder('hostile HTTP inputs');
  const dir = workDir('fuzz');
  const store = join(dir.path, 'store');
  try {
    await ingestExamples(store, join(dir.path, 'ingest.log'));
    const service = await startService({ store, logFile: join(dir.path, 'serve.log') });
    try {
      const probes = await discoverProbes(service.port, EXAMPLE_DOCUMENTS);
      const out = await fuzz(service.port, probes, {
        seed: options.seed,
        count: options.count,
        deadlineMs: options.deadlineMs,
      });
      const statuses = Object.entries(out.byStatus)
        .sort()
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ');
      r.figure('requests fuzzed', out.requests);
      r.figure('statuses', statuses);
      const health = await request(service.port, { path: '/healthz', timeoutMs: 10_000 }).catch(() => undefined);
      r.hard(
        'the server never crashed and still answers /healthz',
        service.alive() && health?.status === 200,
        `${out.requests} requests fuzzed (${statuses}); process ${service.alive() ? 'alive' : 'gone'}`,
      );
      r.hard(
        'no 5xx other than the documented 502/503/504',
        out.serverErrors.length === 0,
        `${out.serverErrors.length} undocumented 5xx, ${out.documented5xx} documented`,
        firstFew(out.serverErrors),
      );
      r.hard(
        "every error answered by the API's handlers is problem+json with Message",
        out.badProblems.length === 0,
        `${out.badProblems.length} not`,
        firstFew(out.badProblems),
      );
      r.hard(
        'every error answered below the routes (HTTP parser, URL and header limits) is problem+json with Message',
        out.badProtocolProblems.length === 0,
        `${out.badProtocolProblems.length} not (${byStatus(out.badProtocolProblems)})`,
        firstFew(out.badProtocolProblems),
      );
      r.figure(
        'requests on a reused keep-alive connection',
        `${out.reused} (${out.reusedParserErrors} refused by the HTTP parser)`,
      );
      // Unanswered ones are in noResponse (below), marked "on a reused keep-alive connection".
      r.hard(
        'parser errors on a reused keep-alive connection (after a completed request) are answered with problem+json',
        out.reusedParserErrors > 0 &&
          !out.noResponse.some((line) => line.includes('reused keep-alive')) &&
          !out.badProtocolProblems.some((line) => line.includes('reused keep-alive')),
        `${out.reusedParserErrors} parser errors answered on ${out.reused} reused connections; ` +
          `${out.noResponse.filter((line) => line.includes('reused keep-alive')).length} unanswered`,
        firstFew(out.noResponse.filter((line) => line.includes('reused keep-alive'))),
      );
      r.hard(
        'every request gets an answer (no connection closed without one)',
        out.noResponse.length === 0,
        `${out.noResponse.length} without an answer`,
        firstFew(out.noResponse),
      );
    } finally {
      await service.stop();
    }
  } finally {
    if (!options.keep) dir.remove();
  }
  return r.result();
}
