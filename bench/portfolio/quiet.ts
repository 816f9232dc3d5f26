// The questions timed on a quiet server (each asked `runs` times), and a delete: how long until
// the document is gone from every answer, and what /healthz answered meanwhile.
import type { BuildDocument } from './build-stream.js';
import { get } from '../lib/proc.js';
import type { Question } from './questions.js';
import type { RunningService } from './server.js';
import { summarise, type LatencySummary } from './timings.js';

export interface QuestionFigures extends LatencySummary {
  name: string;
  path: string;
  /** Bytes of the answer. */
  bytes: number;
  /** The first ask: the answer is computed (the later ones may come from the response cache). */
  firstMs: number;
}

export async function timeQuestions(base: string, questions: readonly Question[], runs: number) {
  const figures: QuestionFigures[] = [];
  for (const question of questions) {
    const latencies: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const res = await get(base, question.path, 600_000);
      if (res.status !== 200) throw new Error(`${question.name}: ${res.status} ${res.body.toString().slice(0, 200)}`);
      latencies.push(res.ms);
      bytes = res.body.length;
    }
    const firstMs = Math.round(latencies[0] * 10) / 10;
    figures.push({ name: question.name, path: question.path, bytes, firstMs, ...summarise(latencies) });
  }
  return figures;
}

export interface DeleteFigures {
  /** DELETE answered: the server answers once its index no longer holds the document. */
  ms: number;
  healthzDuringDelete: LatencySummary;
}

/** Deletes one document over HTTP (the service's token is an admin's). */
export async function timeDelete(service: RunningService, digest: string): Promise<DeleteFigures> {
  let done = false;
  const probe = (async () => {
    const latencies: number[] = [];
    while (!done) latencies.push((await get(service.base, '/healthz', 600_000)).ms);
    return latencies;
  })();
  const started = performance.now();
  const res = await fetch(`${service.base}/v0/documents/${digest}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${service.token}` },
  });
  const ms = performance.now() - started;
  done = true;
  if (res.status !== 204) throw new Error(`DELETE answered ${res.status}`);
  return { ms: Math.round(ms), healthzDuringDelete: summarise(await probe) };
}

export type { LatencySummary };

export interface VerdictFigures extends LatencySummary {
  /** Components of the SBOM judged. */
  components: number;
  verdict: string;
}

/**
 * POST /v0/verdicts with the SBOM of a build not stored (judged from its own facts), `runs`
 * times, after a policy is written (every finding with a fix fails).
 */
export async function timeVerdicts(service: RunningService, doc: BuildDocument, runs: number): Promise<VerdictFigures> {
  const auth = { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' };
  const policy = JSON.stringify({ expression: 'vuln.fixAvailable && vuln.severity != "LOW"' });
  const put = await fetch(`${service.base}/v0/policies/fixable`, { method: 'PUT', headers: auth, body: policy });
  if (put.status !== 201 && put.status !== 200) throw new Error(`policy: ${put.status}`);
  const latencies: number[] = [];
  let verdict = '';
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await fetch(`${service.base}/v0/verdicts`, { method: 'POST', headers: auth, body: doc.text });
    const answer = (await res.json()) as { verdict?: string };
    if (res.status !== 200) throw new Error(`verdict: ${res.status} ${JSON.stringify(answer).slice(0, 200)}`);
    latencies.push(performance.now() - started);
    verdict = answer.verdict ?? '';
  }
  const components = JSON.parse(doc.text) as { components?: unknown[]; packages?: unknown[] };
  return { ...summarise(latencies), components: (components.components ?? components.packages ?? []).length, verdict };
}
