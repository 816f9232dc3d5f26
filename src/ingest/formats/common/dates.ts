// The one date parser of every format. Strictness (one rule for all documents): RFC 3339
// date-times — "T", "t" or a space between date and time, seconds optional, any number of
// fraction digits (milliseconds are kept, finer digits dropped), "Z" or an offset with or
// without its colon, no offset read as UTC — and bare RFC 3339 full-dates ("2022-06-01", read
// as midnight UTC, as Scorecard writes them). Anything else is not a time: each format decides
// whether that rejects the document or falls back, with its own message.

import { DocumentError } from '../../../model/facts.js';

const FULL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})?$/;

/** ISO 8601 UTC ("…Z") of an RFC 3339 time or full-date; undefined for anything else. */
export function isoUtc(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const t = text.trim();
  if (FULL_DATE.test(t)) return validIso(`${t}T00:00:00Z`);
  const m = DATE_TIME.exec(t);
  if (!m) return undefined;
  const [, date, clock, fraction, offset] = m;
  const millis = fraction ? fraction.slice(0, 4).padEnd(4, '0') : '';
  const zone =
    !offset || /z/i.test(offset) ? 'Z' : offset.length === 5 ? `${offset.slice(0, 3)}:${offset.slice(3)}` : offset;
  return validIso(`${date}T${clock.length === 5 ? `${clock}:00` : clock}${millis}${zone}`);
}

function validIso(normalised: string): string | undefined {
  const d = new Date(normalised);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** A document time that must be readable when present: undefined when absent or blank, else rejects the document. */
export function isoTime(value: string | undefined, path: string): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const iso = isoUtc(value);
  if (iso === undefined) throw new DocumentError(path, `"${value.slice(0, 80)}" is not a valid date-time`);
  return iso;
}
