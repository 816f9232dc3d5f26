// Part 4, kill -9 during ingest: a clean ingest of a document set gives the expected answers;
// then, for each seeded kill point, ingest into a fresh store and SIGKILL it after that many
// milliseconds. The store must open right after the kill, and once the same ingest is run again
// to completion, every endpoint's answers must equal the clean ingest's. Then the server killed
// mid-upload (its leftovers removed at the next start) and a full disk (upload-faults.ts).
import { join } from 'node:path';
import { Rng } from '../bench/lib/rng.js';
import { sleep, startChild } from '../bench/lib/proc.js';
import { differences, discoverProbes, probePaths, snapshot } from './probes.js';
import { firstFew, PartRecorder, round, type PartResult } from './report.js';
import { BIN, runIngest, startService, storeStats, workDir } from './service.js';
import { diskFullCheck, uploadLeftoversCheck } from './upload-faults.js';

export interface KillPartOptions {
  seed: string;
  points: number;
  /** Files and directories ingested (in this order) at every point. */
  documents: string[];
  /**
   * Where the points start, as a fraction of the clean ingest's wall time: the CLI's start-up
   * takes a second or two, so with a small document set the points are put past it.
   */
  fromFraction?: number;
  /** Servers killed mid-upload before the leftover check (0 or absent: no check). */
  uploadKills?: number;
  /** Uploads onto a full disk (tmpfs mounts: root only, else reported as not checked). */
  diskFull?: boolean;
  keep?: boolean;
}

async function answersOf(store: string, logFile: string, paths: string[], since: number): Promise<Map<string, string>> {
  const service = await startService({ store, logFile });
  try {
    return await snapshot(service.port, paths, since);
  } finally {
    await service.stop();
  }
}

export async function killPart(options: KillPartOptions): Promise<PartResult> {
  const r = new PartRecorder('kill -9 during ingest');
  const dir = workDir('kill');
  const log = (name: string): string => join(dir.path, name);
  try {
    const clean = join(dir.path, 'clean');
    const since = Date.now() - 1000;
    const first = await runIngest(clean, options.documents, log('ingest-clean.log'));
    if (first.code !== 0)
      throw new Error(`the clean ingest failed (exit ${first.code}); see ${log('ingest-clean.log')}`);
    const service = await startService({ store: clean, logFile: log('serve-clean.log') });
    let paths: string[];
    let expected: Map<string, string>;
    try {
      paths = probePaths(await discoverProbes(service.port, options.documents, 30));
      expected = await snapshot(service.port, paths, since);
    } finally {
      await service.stop();
    }
    r.figure('documents per ingest', first.documents);
    r.figure('clean ingest wall time (s)', round(first.millis / 1000, 2));
    r.figure('answers compared per point', paths.length);

    const rng = new Rng(`kill:${options.seed}`);
    const notOpening: string[] = [];
    const different: string[] = [];
    const points: string[] = [];
    for (let i = 0; i < options.points; i++) {
      // Points spread over the run from `fromFraction` on (seeded).
      const from = options.fromFraction ?? 0;
      const at = Math.round((from + ((1 - from) * (i + rng.next())) / options.points) * first.millis);
      const store = join(dir.path, `killed-${i}`);
      const child = startChild(
        process.execPath,
        [BIN, 'ingest', '--store', store, '--json', '--quiet', ...options.documents],
        log(`ingest-${i}.log`),
      );
      await sleep(at);
      const killed = child.proc.exitCode === null;
      child.proc.kill('SIGKILL');
      await child.exited;
      const opened = await storeStats(store);
      const held = opened.ok ? (JSON.parse(opened.text) as { documents?: number }).documents : undefined;
      points.push(`${at} ms (${killed ? `${held ?? 0} documents in` : 'ingest had finished'})`);
      if (!opened.ok && !/no such|does not exist|ENOENT/i.test(opened.text)) {
        notOpening.push(`kill at ${at} ms: ${opened.text}`);
        continue;
      }
      const rerun = await runIngest(store, options.documents, log(`reingest-${i}.log`));
      if (rerun.code !== 0) {
        notOpening.push(`kill at ${at} ms: the ingest run again exited ${rerun.code}`);
        continue;
      }
      const got = await answersOf(store, log(`serve-${i}.log`), paths, since);
      for (const d of differences(expected, got)) different.push(`kill at ${at} ms: ${d}`);
    }
    r.figure('kill points', points.join(', '));
    r.hard(
      'the store opens right after every kill',
      notOpening.length === 0,
      `${options.points} kill points (${points.join(', ')})`,
      firstFew(notOpening),
    );
    r.hard(
      "after the ingest is run again, every answer equals the clean ingest's",
      different.length === 0,
      `${paths.length} answers × ${options.points} points, ${different.length} differ`,
      firstFew(different),
    );
    if (options.uploadKills) await uploadLeftoversCheck(r, dir.path, options.uploadKills);
    if (options.diskFull) await diskFullCheck(r, dir.path);
  } finally {
    if (!options.keep) dir.remove();
  }
  return r.result();
}
