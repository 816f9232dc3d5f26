// PostgreSQL stopped and started again while uploads are under way (part-postgres.ts): clients
// POST fresh documents in a loop; each trial stops the cluster (fast and immediate in turn) in
// the middle of them and starts it again. The server must never exit, every upload must get an
// answer (2xx, or 502/503 problem+json), and afterwards every document the store holds must be
// whole and every upload answered 201 must be there.
import { join } from 'node:path';
import { runToEnd, sleep } from '../bench/lib/proc.js';
import { Rng } from '../bench/lib/rng.js';
import { cyclonedx } from './documents.js';
import { problemViolation, request } from './http.js';
import type { PrivateCluster } from './pg-cluster.js';
import { countBy, firstFew, round, type PartRecorder } from './report.js';
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

/** Upload loops: each POSTs fresh SBOMs one after another until stopped, keeping every answer. */
class UploadLoad {
  readonly uploads: Upload[] = [];
  /** The trial under way, noted on each upload (0 before the first); the trials' loop counter. */
  trial = 0;
  private stopped = false;
  private sequence = 0;
  private readonly loops: Promise<void>[];

  constructor(
    private readonly port: number,
    private readonly token: string,
    connections: number,
  ) {
    this.loops = Array.from({ length: connections }, (_, k) => this.loop(k));
  }

  private async loop(k: number): Promise<void> {
    while (!this.stopped) this.uploads.push(await this.upload(`outage-${k}-${this.sequence++}`));
  }

  private async upload(name: string): Promise<Upload> {
    const upload: Upload = { name, root: rootOf(name), status: 'none', trial: this.trial };
    try {
      const res = await request(this.port, {
        method: 'POST',
        path: `/v0/documents?name=${name}`,
        headers: [`Authorization: Bearer ${this.token}`, 'Content-Type: application/json'],
        body: uploadBody(name),
        timeoutMs: 60_000,
      });
      upload.status = res.status;
      upload.violation = problemViolation(res, 'POST');
      if (res.status >= 400) upload.code = (JSON.parse(res.body.toString('utf8')) as { code?: string }).code;
    } catch {
      await sleep(50); // no answer (or the server is gone): recorded as 'none'
    }
    return upload;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }
}

type StopMode = 'fast' | 'immediate';

/** What the trials saw, trial by trial. */
interface TrialRecord {
  modes: StopMode[];
  /** The trials after which no upload was stored within the cap. */
  notRecovered: string[];
  /** Milliseconds from each restart until an upload was stored again (or the wait ended). */
  recoveries: number[];
}

/**
 * Waits until an upload finished from now on was stored (201), or the server is gone; false when
 * neither happened within capMs of `started`.
 */
async function storedAgain(
  uploads: readonly Upload[],
  service: Service,
  started: number,
  capMs: number,
): Promise<boolean> {
  const from = uploads.length;
  while (!uploads.slice(from).some((u) => u.status === 201) && service.alive()) {
    if (performance.now() - started > capMs) return false;
    await sleep(50);
  }
  return true;
}

/** Trial `n`: the cluster stopped (immediate and fast in turn) amid the uploads, started again, and a wait for an upload stored again. */
async function runTrial(
  n: number,
  rng: Rng,
  setting: { cluster: PrivateCluster; service: Service; load: UploadLoad },
  options: UploadOutageOptions,
  record: TrialRecord,
): Promise<void> {
  // Land the stop anywhere inside an upload: a seeded pause of 0.2–1.2 s of uploading first.
  await sleep(200 + Math.floor(rng.next() * 1000));
  const mode: StopMode = n % 2 ? 'immediate' : 'fast';
  record.modes.push(mode);
  await setting.cluster.stop(mode);
  await sleep(options.outageMs);
  await setting.cluster.start();
  const started = performance.now();
  if (!(await storedAgain(setting.load.uploads, setting.service, started, options.recoveryCapMs)))
    record.notRecovered.push(`trial ${n} (${mode})`);
  record.recoveries.push(performance.now() - started);
}

/** An upload's answer as counted: the status, with the problem's code for a 5xx. */
function answerKey(u: Upload): string {
  const withCode = u.code && typeof u.status === 'number' && u.status >= 500;
  return `${u.status}${withCode ? ` ${u.code}` : ''}`;
}

/** Uploads answered neither 200/201 nor 502/503 problem+json, and uploads not answered at all. */
function badAnswers(uploads: readonly Upload[]): string[] {
  const unanswered = uploads.filter((u) => u.status === 'none');
  const wrong = uploads.filter(
    (u) => u.status !== 'none' && ![200, 201].includes(u.status) && (![502, 503].includes(u.status) || u.violation),
  );
  return [
    ...unanswered.map((u) => `${u.name} (trial ${u.trial}): no answer`),
    ...wrong.map(
      (u) => `${u.name} (trial ${u.trial}): ${u.status} ${u.code ?? ''}${u.violation ? ` (${u.violation})` : ''}`,
    ),
  ];
}

/** How the process ended, for a check's figure. */
const deathOf = (service: Service, trial: number): string =>
  `the process died (exit ${service.child.proc.exitCode ?? service.child.proc.signalCode}) in trial ${trial}`;

function recordTrials(
  r: PartRecorder,
  setting: { service: Service; load: UploadLoad },
  record: TrialRecord,
  options: UploadOutageOptions,
): boolean {
  const { uploads, trial } = setting.load;
  const { modes, notRecovered, recoveries } = record;
  const alive = setting.service.alive();
  const counts = countBy(uploads, answerKey);
  const bad = badAnswers(uploads);
  const stops = (mode: StopMode): number => modes.filter((m) => m === mode).length;
  r.figure('upload trials', `${modes.length} (${stops('fast')} fast, ${stops('immediate')} immediate stops)`);
  r.figure('uploads during the trials', JSON.stringify(counts));
  r.figure(
    'upload recovery after restart (s), max',
    recoveries.length ? round(Math.max(...recoveries) / 1000, 2) : 'none',
  );
  r.hard(
    'uploads: the server stays up through every outage',
    alive,
    alive ? `alive after ${trial - 1} trials` : deathOf(setting.service, trial),
  );
  r.hard(
    'uploads: every upload gets an answer, 2xx or 502/503 problem+json',
    bad.length === 0,
    `${uploads.length} uploads ${JSON.stringify(counts)}`,
    firstFew(bad),
  );
  r.hard(
    'uploads: after each restart an upload is stored again',
    notRecovered.length === 0 && alive,
    notRecovered.length
      ? `not within ${round(options.recoveryCapMs / 1000)} s: ${notRecovered.join(', ')}`
      : `all ${recoveries.length}`,
  );
  return alive;
}

/**
 * The store answers afterwards, and nothing is half there: the subject of every stored upload
 * lists all its components (the document is whole), and every upload answered 201 is stored.
 */
async function checkStoredWhole(r: PartRecorder, port: number, uploads: readonly Upload[]): Promise<void> {
  const whole = OWN_COMPONENTS + SHARED_COMPONENTS;
  const stored = await storedOrigins(port);
  const broken: string[] = [];
  for (const u of uploads) {
    if (!stored.has(u.name)) {
      if (u.status === 201) broken.push(`${u.name} answered 201 but is not stored`);
      continue;
    }
    const n = await dependencyCount(port, u.root);
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

export async function uploadOutageTrials(
  r: PartRecorder,
  cluster: PrivateCluster,
  service: Service,
  dir: string,
  options: UploadOutageOptions,
): Promise<void> {
  const token = await ingestToken(cluster.url, join(dir, 'token.log'));
  const rng = new Rng(`pg-uploads:${options.seed}`);
  const load = new UploadLoad(service.port, token, options.connections);
  const record: TrialRecord = { modes: [], notRecovered: [], recoveries: [] };
  try {
    for (load.trial = 1; load.trial <= options.trials && service.alive(); load.trial++)
      await runTrial(load.trial, rng, { cluster, service, load }, options, record);
  } finally {
    await load.stop();
  }
  if (!recordTrials(r, { service, load }, record, options)) return;
  await sleep(1000); // the server's refresh (--refresh-interval) picks up what the last uploads stored
  await checkStoredWhole(r, service.port, load.uploads);
}
