// Step 4: every benchmark request's answer, recorded once (its first request at this store
// version, timed), and the ceiling that replays the recorded bytes (bench/run/ceiling.ts).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { get, startChild, waitFor, type Child } from '../lib/proc.js';
import { percentile, round2 } from '../lib/stats.js';
import { RecordingWriter } from './ceiling.js';
import { hasKey, itemsOf } from './client.js';
import { log } from './log.js';
import type { ScenarioDef } from './scenarios.js';

/** What a scenario's first requests answered. */
export interface Recorded {
  avgBytes: number;
  avgItems: number;
  statuses: Record<string, number>;
  coldP50: number;
  coldP99: number;
  /** Why it is not load-tested: no 2xx answer at all, or answers from another route. */
  unavailable?: string;
}

/** The headers the ceiling replays with the body. */
const REPLAYED_HEADERS = ['content-type', 'etag', 'x-total-count', 'link'];

/** Asks every path of every scenario once, writing the answers to `file`. */
export async function recordScenarios(base: string, defs: ScenarioDef[], file: string): Promise<Map<string, Recorded>> {
  const recordings = new RecordingWriter(file);
  const recorded = new Map<string, Recorded>();
  for (const def of defs) recorded.set(def.name, await recordScenario(base, def, recordings));
  recordings.close();
  return recorded;
}

async function recordScenario(base: string, def: ScenarioDef, recordings: RecordingWriter): Promise<Recorded> {
  let bytes = 0;
  let items = 0;
  const statuses: Record<string, number> = {};
  const cold: number[] = [];
  let unexpected = 0;
  for (const path of def.paths) {
    const r = await get(base, path);
    cold.push(r.ms);
    if (def.expectKey && r.status >= 200 && r.status < 300 && !hasKey(r.body, def.expectKey)) unexpected++;
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    bytes += r.body.length;
    items += itemsOf(r.body, r.headers);
    const headers: Record<string, string> = {};
    for (const h of REPLAYED_HEADERS) if (r.headers[h]) headers[h] = r.headers[h];
    recordings.add({ path, status: r.status, headers }, r.body);
  }
  cold.sort((a, b) => a - b);
  if (Object.keys(statuses).some((s) => s !== '200')) log(`warning: ${def.name} answered ${JSON.stringify(statuses)}`);
  return {
    avgBytes: Math.round(bytes / def.paths.length),
    avgItems: round2(items / def.paths.length),
    statuses,
    coldP50: round2(percentile(cold, 0.5)),
    coldP99: round2(percentile(cold, 0.99)),
    unavailable: unavailability(def, statuses, unexpected),
  };
}

function unavailability(def: ScenarioDef, statuses: Record<string, number>, unexpected: number): string | undefined {
  if (unexpected > 0)
    return `${unexpected} answers had no \`${def.expectKey}\` (another route answered: this one is not on this build)`;
  if (!Object.keys(statuses).some((s) => s.startsWith('2')))
    return `every input answered ${Object.keys(statuses).join('/')} (the route is not on this build, or has no answer for these inputs)`;
  return undefined;
}

/** The ceiling program beside this module (compiled: bench/dist/run/ceiling.js). */
const CEILING = fileURLToPath(new URL('./ceiling.js', import.meta.url));

/** Starts the ceiling on the recordings; `base` resolves once it listens. */
export function startCeiling(recordingsFile: string, runDir: string): { child: Child; base: Promise<string> } {
  let port = 0;
  const child = startChild(process.execPath, [CEILING, recordingsFile, '0'], join(runDir, 'ceiling.log'), (t) => {
    const m = /ready (\d+)/.exec(t);
    if (m) port = Number(m[1]);
  });
  const base = waitFor(() => Promise.resolve(port > 0), 60_000).then(() => `http://127.0.0.1:${port}`);
  return { child, base };
}
