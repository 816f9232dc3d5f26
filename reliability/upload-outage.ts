// PostgreSQL stopped and started again while uploads are under way (part-postgres.ts): clients
// POST fresh documents in a loop; each trial stops the cluster (fast and immediate in turn) in
// the middle of them and starts it again. The server must never exit, every upload must get an
// answer (2xx, or 502/503 problem+json), and afterwards every document the store holds must be
// whole and every upload answered 201 must be there.
import { join } from 'node:path';
import { runToEnd, sleep } from '../bench/proc.js';
import { Rng } from '../bench/rng.js';
import { cyclonedx } from './documents.js';
import { problemViolation, request } from './http.js';
import type { PrivateCluster } from './pg-cluster.js';
import { firstFew, round, type PartRecorder } from './report.js';
import { BIN, type Service } from './service.js';

export interface UploadOutageOptions {
  trials: number;
  /** Concurrent upload loops. */
  connections: number;
  /** How long the cluster stays down in each trial. */
  outageMs: number;
  /** Each trial waits this long for an upload to be stored again after the restart (else it is a failure). */
  recoveryCapMs: number;
  seed: string;
}

/** Components of each uploaded SBOM besides its subject: this many of its own, and shared ones. */
const OWN_COMPONENTS = 40;
const SHARED_COMPONENTS = 20;

interface Upload {
  name: string;
  /** The subject's purl, whose dependencies show the document is whole. */
  root: string;
  status: number | 'none';
  violation?: string;
  code?: string;
  trial: number;
}

/** A fresh SBOM (its own subject and components, some shared with the others). */
function uploadBody(name: string): Buffer {
  const own = Array.from({ length: OWN_COMPONENTS }, (_, i) => ({
    type: 'library',
    'bom-ref': `c${i}`,
    name: `${name}-${i}`,
    version: '1.0.0',
    purl: `pkg:npm/${name}-${i}@1.0.0`,
  }));
  const shared = Array.from({ length: SHARED_COMPONENTS }, (_, i) => ({
    type: 'library',
    'bom-ref': `s${i}`,
    name: `outage-shared-${i}`,
    version: '1.0.0',
    purl: `pkg:npm/outage-shared-${i}@1.0.0`,
  }));
  const all = [...own, ...shared];
  const doc = cyclonedx(name, all, [{ ref: 'croot', dependsOn: all.map((c) => c['bom-ref']) }]);
  return Buffer.from(JSON.stringify(doc));
}

const rootOf = (name: string): string => `pkg:npm/${name}-root@1.0.0`;

async function ingestToken(url: string, logFile: string): Promise<string> {
  const r = await runToEnd(
    process.execPath,
    [BIN, 'token', 'create', '--store', url, '--name', 'outage-uploads', '--scope', 'ingest'],
    logFile,
    60_000,
  );
  if (r.code !== 0) throw new Error(`token create exited ${r.code}; see ${logFile}`);
  return r.stdout.trim();
}

/** Dependencies the server lists for `purl` (undefined: not answered 200). */
async function dependencyCount(port: number, purl: string): Promise<number | undefined> {
  const res = await request(port, { path: `/v0/package/${encodeURIComponent(purl)}/dependencies`, timeoutMs: 30_000 });
  if (res.status !== 200) return undefined;
  return (JSON.parse(res.body.toString('utf8')) as { dependencies: string[] }).dependencies.length;
}

/** The origins (upload names) of every stored document, read page by page from the store. */
async function storedOrigins(port: number): Promise<Set<string>> {
  const origins = new Set<string>();
  let cursor: string | undefined;
  do {
    const path = `/v0/documents?PageSize=1000${cursor ? `&Cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await request(port, { path, timeoutMs: 30_000 });
    if (res.status !== 200) throw new Error(`GET /v0/documents answered ${res.status} after the trials`);
    const page = JSON.parse(res.body.toString('utf8')) as {
      PaginationInfo: { NextCursor?: string };
      documents: { origin: string }[];
    };
    for (const d of page.documents) origins.add(d.origin);
    cursor = page.PaginationInfo.NextCursor;
  } while (cursor);
  return origins;
}

export async function uploadOutageTrials(
  r: PartRecorder,
  cluster: PrivateCluster,
  service: Service,
  dir: string,
  options: UploadOutageOptions,
): Promise<void> {
  const token = await ingestToken(cluster.url, join(dir, 'token.log'));
  const rng = new Rng(`pg-uploads:${options.seed}`);
  const uploads: Upload[] = [];
  let trial = 0;
  let stop = false;
  let sequence = 0;
  const loop = async (k: number): Promise<void> => {
    while (!stop) {
      const name = `outage-${k}-${sequence++}`;
      const upload: Upload = { name, root: rootOf(name), status: 'none', trial };
      try {
        const res = await request(service.port, {
          method: 'POST',
          path: `/v0/documents?name=${name}`,
          headers: [`Authorization: Bearer ${token}`, 'Content-Type: application/json'],
          body: uploadBody(name),
          timeoutMs: 60_000,
        });
        upload.status = res.status;
        upload.violation = problemViolation(res, 'POST');
        if (res.status >= 400) upload.code = (JSON.parse(res.body.toString('utf8')) as { code?: string }).code;
      } catch {
        await sleep(50); // no answer (or the server is gone): recorded as 'none'
      }
      uploads.push(upload);
    }
  };
  const loops = Array.from({ length: options.connections }, (_, k) => loop(k));
  const modes: string[] = [];
  const notRecovered: string[] = [];
  const recoveries: number[] = [];
  try {
    for (trial = 1; trial <= options.trials && service.alive(); trial++) {
      // Land the stop anywhere inside an upload: a seeded pause of 0.2–1.2 s of uploading first.
      await sleep(200 + Math.floor(rng.next() * 1000));
      const mode = trial % 2 ? 'immediate' : 'fast';
      modes.push(mode);
      await cluster.stop(mode);
      await sleep(options.outageMs);
      await cluster.start();
      const up = uploads.length;
      const started = performance.now();
      // Recovered: an upload sent after the restart was stored again.
      while (!uploads.slice(up).some((u) => u.status === 201) && service.alive()) {
        if (performance.now() - started > options.recoveryCapMs) {
          notRecovered.push(`trial ${trial} (${mode})`);
          break;
        }
        await sleep(50);
      }
      recoveries.push(performance.now() - started);
    }
  } finally {
    stop = true;
    await Promise.all(loops);
  }
  const alive = service.alive();

  const counts: Record<string, number> = {};
  for (const u of uploads) {
    const key = `${u.status}${u.code && typeof u.status === 'number' && u.status >= 500 ? ` ${u.code}` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  const unanswered = uploads.filter((u) => u.status === 'none');
  const wrong = uploads.filter(
    (u) => u.status !== 'none' && ![200, 201].includes(u.status) && (![502, 503].includes(u.status) || u.violation),
  );
  const stops = (mode: string): number => modes.filter((m) => m === mode).length;
  r.figure('upload trials', `${modes.length} (${stops('fast')} fast, ${stops('immediate')} immediate stops)`);
  r.figure('uploads during the trials', JSON.stringify(counts));
  r.figure(
    'upload recovery after restart (s), max',
    recoveries.length ? round(Math.max(...recoveries) / 1000, 2) : 'none',
  );
  r.hard(
    'uploads: the server stays up through every outage',
    alive,
    alive
      ? `alive after ${trial - 1} trials`
      : `the process died (exit ${service.child.proc.exitCode ?? service.child.proc.signalCode}) in trial ${trial}`,
  );
  r.hard(
    'uploads: every upload gets an answer, 2xx or 502/503 problem+json',
    unanswered.length === 0 && wrong.length === 0,
    `${uploads.length} uploads ${JSON.stringify(counts)}`,
    firstFew([
      ...unanswered.map((u) => `${u.name} (trial ${u.trial}): no answer`),
      ...wrong.map(
        (u) => `${u.name} (trial ${u.trial}): ${u.status} ${u.code ?? ''}${u.violation ? ` (${u.violation})` : ''}`,
      ),
    ]),
  );
  r.hard(
    'uploads: after each restart an upload is stored again',
    notRecovered.length === 0 && alive,
    notRecovered.length
      ? `not within ${round(options.recoveryCapMs / 1000)} s: ${notRecovered.join(', ')}`
      : `all ${recoveries.length}`,
  );
  if (!alive) return;
  await sleep(1000); // the server's refresh (--refresh-interval) picks up what the last uploads stored

  // The store answers afterwards, and nothing is half there: the subject of every stored upload
  // lists all its components (the document is whole), and every upload answered 201 is stored.
  const whole = OWN_COMPONENTS + SHARED_COMPONENTS;
  const stored = await storedOrigins(service.port);
  const broken: string[] = [];
  for (const u of uploads) {
    if (!stored.has(u.name)) {
      if (u.status === 201) broken.push(`${u.name} answered 201 but is not stored`);
      continue;
    }
    const n = await dependencyCount(service.port, u.root);
    if (n !== whole) broken.push(`${u.name} (answered ${u.status}): ${n ?? 'no'} dependencies, expected ${whole}`);
  }
  const storedUploads = uploads.filter((u) => stored.has(u.name)).length;
  r.figure('uploads stored (each checked whole)', `${storedUploads} of ${uploads.length}`);
  r.hard(
    'uploads: afterwards the store answers, every stored upload is whole and every 201 is stored',
    broken.length === 0,
    `${uploads.length} uploads, ${storedUploads} stored, ${broken.length} not as expected`,
    firstFew(broken),
  );
}
