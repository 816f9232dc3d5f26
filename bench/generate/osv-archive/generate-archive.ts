// The archive written: records built one at a time, each from its own random stream (seed and
// index), streamed into the zip (main.ts is the command line; tests call generateArchive).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from '../../lib/args.js';
import { Rng } from '../../lib/rng.js';
import { makeContext } from './context.js';
import { buildRecord } from './families.js';
import { makePools } from './names.js';
import { serialize } from './osv-types.js';
import { applyShift, shiftCounts, shiftPlan, type ShiftKind } from './shift.js';
import { Tally } from './tally.js';
import { ZipWriter } from './zip-writer.js';

export interface ArchiveOptions {
  records: number;
  out: string;
  seed: string;
  shift: number;
}

export function archiveOptions(argv: string[]): ArchiveOptions {
  const args = parseArgs(argv);
  const records = Number(args.records ?? '500000');
  const shift = Number(args['modified-shift'] ?? '0');
  if (!Number.isInteger(records) || records < 1) throw new Error('--records must be a positive integer');
  if (!Number.isInteger(shift) || shift < 0) throw new Error('--modified-shift must be a non-negative integer');
  if (!args.out) throw new Error('--out <file.zip> is required');
  return { records, out: args.out, seed: args.seed ?? '1', shift };
}

export async function generateArchive(
  o: ArchiveOptions,
  log: (line: string) => void = () => undefined,
): Promise<Record<string, unknown>> {
  const started = Date.now();
  const ctx = makeContext(o.seed, makePools(o.seed));
  const plan = o.shift ? shiftPlan(o.seed, o.records, o.shift) : new Map<number, ShiftKind>();
  mkdirSync(dirname(o.out), { recursive: true });
  const zip = new ZipWriter(o.out);
  const tally = new Tally();
  for (let i = 0; i < o.records; i++) {
    // Every record is built, even one the shift leaves out: later ids must not move.
    const { family, record } = buildRecord(ctx, new Rng(`${o.seed}:record:${i}`));
    const kind = plan.get(i);
    if (kind === 'removed') continue;
    if (kind) applyShift(kind, record, new Rng(`${o.seed}:shift-record:${i}`));
    await zip.add(`${record.id}.json`, Buffer.from(serialize(record), 'utf8'));
    tally.count(family.label, record);
    if ((i + 1) % 25_000 === 0) log(`${i + 1} / ${o.records} records, ${tally.rssMb()} MB RSS`);
  }
  const zipBytes = await zip.close();
  return {
    out: o.out,
    seed: o.seed,
    ...tally.summary(),
    ...(o.shift ? { modifiedShift: shiftCounts(o.shift) } : {}),
    uncompressedBytes: zip.uncompressedBytes,
    zipBytes,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
