// The shared format helpers: the one date parser's strictness and the JSON accessors' refusals.
import { describe, expect, it } from 'vitest';
import { isoTime, isoUtc } from '../../../src/ingest/formats/common/dates.js';
import {
  isObject,
  jsonPointer,
  optString,
  reqString,
  strictStringList,
  str,
} from '../../../src/ingest/formats/common/json.js';
import { DocumentError } from '../../../src/model/facts.js';

describe('isoUtc: RFC 3339 date-times and full-dates only', () => {
  it.each([
    ['2023-06-01T12:00:00Z', '2023-06-01T12:00:00.000Z'],
    ['2023-06-01t12:00:00z', '2023-06-01T12:00:00.000Z'],
    ['2023-06-01 12:00', '2023-06-01T12:00:00.000Z'],
    // Nanosecond fractions are cut to milliseconds; offsets with or without a colon.
    ['2023-06-01T12:00:00.123456789Z', '2023-06-01T12:00:00.123Z'],
    ['2023-06-01T12:00:00+0100', '2023-06-01T11:00:00.000Z'],
    ['2023-06-01T12:00:00.5-07:00', '2023-06-01T19:00:00.500Z'],
    // No offset: UTC, whatever the machine's time zone.
    ['2023-06-01T12:00:00', '2023-06-01T12:00:00.000Z'],
    // A bare date is midnight UTC (Scorecard writes these).
    [' 2022-06-01 ', '2022-06-01T00:00:00.000Z'],
  ])('%s → %s', (text, iso) => {
    expect(isoUtc(text)).toBe(iso);
  });

  it.each(['Thu, 01 Jun 2023 12:00:00 GMT', '2023/06/01', '20230601T120000Z', 'yesterday', '', '2023-13-01'])(
    'refuses %j',
    (text) => {
      expect(isoUtc(text)).toBeUndefined();
    },
  );

  it('reads only strings', () => {
    expect(isoUtc(1685620800000)).toBeUndefined();
    expect(isoUtc(undefined)).toBeUndefined();
  });
});

describe('isoTime: a document time that must be readable when present', () => {
  it('passes absent and blank times', () => {
    expect(isoTime(undefined, '/t')).toBeUndefined();
    expect(isoTime('  ', '/t')).toBeUndefined();
  });
  it('rejects an unreadable time at its path', () => {
    expect(() => isoTime('2023/06/01', '/creationInfo/created')).toThrow(
      expect.objectContaining({ path: '/creationInfo/created', reason: '"2023/06/01" is not a valid date-time' }),
    );
  });
});

describe('JSON accessors', () => {
  it('tells objects from arrays and null', () => {
    expect([{}, [], null, 'x'].map(isObject)).toEqual([true, false, false, false]);
  });
  it('trims lenient strings and treats blank as absent', () => {
    expect([' a ', '  ', 3, undefined].map(str)).toEqual(['a', undefined, undefined, undefined]);
  });
  it('escapes JSON pointer segments', () => {
    expect(jsonPointer(['a/b', 'c~d', 0])).toBe('/a~1b/c~0d/0');
  });
  it('reads versions written as numbers, and names the parent path on a wrong type', () => {
    expect(optString({ version: 2 }, 'version', '/p')).toBe('2');
    expect(() => optString({ name: {} }, 'name', '/packages/0')).toThrow(
      expect.objectContaining({ path: '/packages/0', reason: '"name" must be a string' }),
    );
    expect(() => reqString({ ref: '' }, 'ref', '/d/0')).toThrow(DocumentError);
  });
  it('names the field itself in the strict readers', () => {
    expect(strictStringList({}, 'aliases', '')).toEqual([]);
    expect(() => strictStringList({ aliases: ['a', 1] }, 'aliases', '/vulnerabilities/2')).toThrow(
      expect.objectContaining({ path: '/vulnerabilities/2/aliases' }),
    );
  });
});
