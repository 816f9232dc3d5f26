// Part 2b, the ranking stress document: N components, a root depending on 1,000 of them and
// each on two others. Times its ingest, and the server's start until /analysis/dependencies
// answers (the frequency ranking over one large strongly connected mass), capped.
import { join } from 'node:path';
import { writeRankingGraph } from './documents.js';
import { NoResponseError, request } from './http.js';
import { PartRecorder, round, type PartResult } from './report.js';
import { runIngest, startService, workDir } from './service.js';

export interface RankingPartOptions {
  components: number;
  seed: string;
  /** Cap on start-to-ranking; past it the figure is "exceeded". */
  capMs: number;
  /** Hard limit on the ranking itself: from /readyz (index loaded) to the answer. */
  targetMs: number;
  keep?: boolean;
}

export async function rankingPart(options: RankingPartOptions): Promise<PartResult> {
  const r = new PartRecorder(`ranking of a ${options.components.toLocaleString('en')}-component document`);
  const dir = workDir('ranking');
  const store = join(dir.path, 'store');
  try {
    const file = join(dir.path, 'ranking.cdx.json');
    await writeRankingGraph(file, options.components, options.seed);
    const ingest = await runIngest(store, [file], join(dir.path, 'ingest.log'), 600_000);
    r.figure('ingest (s)', round(ingest.millis / 1000));
    r.hard(
      'the document is stored',
      ingest.code === 0 && ingest.stored === 1,
      `ingest exit ${ingest.code} in ${round(ingest.millis / 1000)} s`,
    );
    if (ingest.code !== 0) return r.result();

    const started = performance.now();
    const service = await startService({ store, logFile: join(dir.path, 'serve.log'), readyTimeoutMs: options.capMs });
    const readyMs = performance.now() - started;
    let answerMs: number | undefined;
    let entries = 0;
    let failure = '';
    try {
      const left = options.capMs - readyMs;
      const res = await request(service.port, {
        path: '/analysis/dependencies?sort=frequency&PageSize=10',
        timeoutMs: Math.max(1000, left),
      });
      if (res.status === 200) {
        answerMs = performance.now() - started;
        entries = Number(res.headers['x-total-count'] ?? 0);
      } else failure = `status ${res.status}`;
    } catch (err) {
      failure = err instanceof NoResponseError ? 'exceeded' : (err as Error).message;
    } finally {
      const alive = service.alive();
      const t = performance.now();
      const code = await service.stop(5_000);
      r.hard('the server stays up while it ranks', alive, alive ? 'alive' : 'the process died');
      // A ranking still running must not hold the process past SIGTERM (killed after 5 s).
      r.hard(
        'it exits 0 within 5 s of SIGTERM, even while ranking',
        code === 0,
        code === 0 ? `exited after ${round((performance.now() - t) / 1000)} s` : `killed after 5 s (exit ${code})`,
      );
    }
    const figure =
      answerMs === undefined
        ? `${failure} (cap ${round(options.capMs / 1000)} s; ready after ${round(readyMs / 1000)} s)`
        : `${round(answerMs / 1000)} s from start (${round(readyMs / 1000)} s to /readyz), ${entries} names ranked`;
    r.figure(
      'start to ranking (s)',
      answerMs === undefined ? `exceeded ${round(options.capMs / 1000)}` : round(answerMs / 1000),
    );
    // The ranking starts once the index is loaded (/readyz), so that is where its time is counted from.
    r.hard(
      `/analysis/dependencies answers within ${round(options.targetMs / 1000)} s of /readyz`,
      answerMs !== undefined && answerMs - readyMs <= options.targetMs,
      figure,
    );
  } finally {
    if (!options.keep) dir.remove();
  }
  return r.result();
}
