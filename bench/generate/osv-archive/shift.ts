// --modified-shift N: the same archive, with the changes a re-import benchmark measures — N
// records changed (a newer `modified`, an extra sentence of details, a range bound changed),
// N/10 left out (they disappeared upstream) and N/10 newly withdrawn. Which records is decided by
// the seed and N alone, and the changes are applied after a record is built, so every other
// record stays byte for byte the same as in the archive without the shift.
import { Rng } from '../../lib/rng.js';
import type { OsvRecord } from './osv-types.js';
import { afterEpoch } from './text.js';

export type ShiftKind = 'changed' | 'removed' | 'withdrawn';

export interface ShiftCounts {
  changed: number;
  removed: number;
  withdrawn: number;
}

export function shiftCounts(n: number): ShiftCounts {
  return { changed: n, removed: Math.floor(n / 10), withdrawn: Math.floor(n / 10) };
}

/** Distinct record indexes for every change: a partial Fisher–Yates over [0, records) kept sparse. */
export function shiftPlan(seed: string, records: number, n: number): Map<number, ShiftKind> {
  const counts = shiftCounts(n);
  const total = counts.changed + counts.removed + counts.withdrawn;
  if (total > records) throw new Error(`--modified-shift ${n} needs ${total} records, the archive has ${records}`);
  const rng = new Rng(`${seed}:shift:${n}`);
  const swapped = new Map<number, number>();
  const at = (i: number): number => swapped.get(i) ?? i;
  const plan = new Map<number, ShiftKind>();
  for (let i = 0; i < total; i++) {
    const j = i + rng.int(0, records - i);
    const picked = at(j);
    swapped.set(j, at(i));
    const kind: ShiftKind =
      i < counts.changed ? 'changed' : i < counts.changed + counts.removed ? 'removed' : 'withdrawn';
    plan.set(picked, kind);
  }
  return plan;
}

/**
 * Changes one range bound: a "fixed" becomes "last_affected" of the same version (the fix turned
 * out not to be one) or the reverse; an open range gets a last_affected bound; failing all that,
 * the last affected entry, or else the newest listed version, is dropped.
 */
function changeRange(record: OsvRecord): void {
  for (const a of record.affected) {
    for (const range of a.ranges ?? []) {
      const bound = range.events.find((e) => e.fixed !== undefined || e.last_affected !== undefined);
      if (!bound || range.type === 'GIT') continue;
      if (bound.fixed !== undefined) {
        bound.last_affected = bound.fixed;
        delete bound.fixed;
      } else {
        bound.fixed = bound.last_affected;
        delete bound.last_affected;
      }
      return;
    }
  }
  // Open ranges only: the newest listed version becomes the last affected one.
  const open = record.affected.find((a) => a.ranges?.length && a.versions?.length);
  const last = open?.versions?.[open.versions.length - 1];
  if (open?.ranges && last) open.ranges[0].events.push({ last_affected: last });
  else if (record.affected.length > 1) record.affected.pop();
  else record.affected.find((a) => (a.versions?.length ?? 0) > 1)?.versions?.pop();
}

/** Applies a change to a built record (`removed` records are not written at all). */
export function applyShift(kind: Exclude<ShiftKind, 'removed'>, record: OsvRecord, rng: Rng): void {
  const at = afterEpoch(rng.int(60, 60 * 24 * 30));
  record.modified = at;
  if (kind === 'withdrawn') {
    record.withdrawn = at;
    return;
  }
  record.details += `\n\nUpdate: the affected versions were revised after further analysis (${rng.hex(8)}).`;
  changeRange(record);
}
