// RPM and apk version ordering against the reference implementations' own test vectors, read
// from copies of their data files (test/fixtures/versions/, see test/fixtures/README.md):
// every active RPMVERCMP line of rpm's tests/rpmvercmp.at and every line of apk-tools'
// test/unit/version.data, interpreted as those projects' test harnesses do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../helpers/corpus.js';
import { compareRpm, parseRpmEvr, rpmvercmp } from '../../src/vuln/versions-rpm.js';
import { apkVersionCompare, compareApk, isApkVersion } from '../../src/vuln/versions-apk.js';

const fixture = (name: string) => readFileSync(join(FIXTURES_DIR, 'versions', name), 'utf8');

describe('rpmvercmp against rpm tests/rpmvercmp.at', () => {
  // RPMVERCMP(a, b, expected) lines; lines under "dnl" are commented out in rpm too (documented oddities).
  const vectors = fixture('rpmvercmp.at')
    .split('\n')
    .map((line) => /^RPMVERCMP\(([^,]*), ([^,]*), (-?\d+)\)\s*$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1], m[2], Number(m[3])] as const);

  it('reads every vector of the file', () => {
    const active = fixture('rpmvercmp.at')
      .split('\n')
      .filter((l) => l.startsWith('RPMVERCMP('));
    expect(vectors.length).toBe(active.length);
    expect(vectors.length).toBeGreaterThanOrEqual(91);
  });

  it('agrees with rpm on every vector', () => {
    const wrong = vectors
      .filter(([a, b, want]) => rpmvercmp(a, b) !== want)
      .map(([a, b, want]) => `rpmvercmp(${a}, ${b}) = ${rpmvercmp(a, b)}, rpm says ${want}`);
    expect(wrong).toEqual([]);
  });

  it('orders full epoch:version-release strings (missing epoch = 0, missing release first)', () => {
    const ordered = [
      '0.9-1.el9',
      '1.0~rc1-1.el9',
      '1.0',
      '1.0-1.el9',
      '1.0-1.el9_0.1',
      '1.0-2.el9',
      '1.0^git1-1.el9',
      '1.0.1-1.el9',
      '1:0.1-1.el9',
      '1:3.0.1-41.el9_0',
      '1:3.0.7-16.el9_2',
      '2:1.0-1',
    ];
    for (let i = 0; i + 1 < ordered.length; i++) {
      expect(`${ordered[i]} ${compareRpm(ordered[i], ordered[i + 1])}`).toBe(`${ordered[i]} -1`);
      expect(`${ordered[i + 1]} ${compareRpm(ordered[i + 1], ordered[i])}`).toBe(`${ordered[i + 1]} 1`);
    }
    expect(compareRpm('0:3.0.7-16.el9', '3.0.7-16.el9')).toBe(0);
    expect(compareRpm(':3.0.7-16.el9', '0:3.0.7-16.el9')).toBe(0);
    // The release is compared on its own: 1.0-10 > 1.0-9, and 1.0.1-1 > 1.0-10.
    expect(compareRpm('1.0-10', '1.0-9')).toBe(1);
    expect(compareRpm('1.0.1-1', '1.0-10')).toBe(1);
  });

  it('splits epoch, version and release as rpm does', () => {
    expect(parseRpmEvr('32:9.11.36-16.el8_10.2')).toEqual({
      epoch: '32',
      version: '9.11.36',
      release: '16.el8_10.2',
    });
    expect(parseRpmEvr('1.9.5p2-10.el9_6.1')).toEqual({ epoch: '0', version: '1.9.5p2', release: '10.el9_6.1' });
    expect(parseRpmEvr('2.0')).toEqual({ epoch: '0', version: '2.0', release: undefined });
  });

  it('refuses what is not an EVR', () => {
    for (const bad of ['', '   ', 'a:1.0', '1:2:3', '1.0-', '-1', '1.0 -1', '1:']) {
      expect(`${JSON.stringify(bad)}: ${compareRpm(bad, '1.0')}`).toBe(`${JSON.stringify(bad)}: undefined`);
    }
  });
});

describe('apk version ordering against apk-tools test/unit/version.data', () => {
  // apk-tools' version_test.c: "a op b" checks apk_version_match (op: < > = ~ combined, "!" negates),
  // a lone "v" checks validity ("!v": invalid). Text after "#" is a comment.
  const LESS = 2,
    EQUAL = 1,
    GREATER = 4;
  const maskOf = (op: string): { mask: number; fuzzy: boolean } | undefined => {
    let mask = 0,
      fuzzy = false;
    for (const c of op) {
      if (c === '<') mask |= LESS;
      else if (c === '>') mask |= GREATER;
      else if (c === '=') mask |= EQUAL;
      else if (c === '~') {
        mask |= EQUAL;
        fuzzy = true;
      } else return undefined;
    }
    return { mask, fuzzy };
  };
  const bit = { [-1]: LESS, 0: EQUAL, 1: GREATER } as Record<number, number>;

  type Line = { text: string; a: string; op?: string; b?: string; invert: boolean };
  const lines: Line[] = fixture('apk-version.data')
    .split('\n')
    .map((l) => l.split('#')[0].trim())
    .filter(Boolean)
    .map((text) => {
      const first = text.indexOf(' ');
      if (first >= 0) {
        const rest = text.slice(first + 1);
        const second = rest.indexOf(' ');
        if (second >= 0) {
          const op = rest.slice(0, second);
          return {
            text,
            a: text.slice(0, first),
            op: op.replace(/^!/, ''),
            b: rest.slice(second + 1),
            invert: op.startsWith('!'),
          };
        }
      }
      return { text, a: text.replace(/^!/, ''), invert: text.startsWith('!') };
    });

  it('reads every line of the file', () => {
    expect(lines.filter((l) => l.op !== undefined).length).toBeGreaterThan(700);
    expect(lines.filter((l) => l.op === undefined).length).toBeGreaterThan(20);
  });

  it('agrees with apk-tools on every comparison', () => {
    const wrong: string[] = [];
    for (const l of lines) {
      if (l.op === undefined) continue;
      const m = maskOf(l.op);
      if (!m) {
        wrong.push(`${l.text}: unknown operator`);
        continue;
      }
      const ok = (bit[apkVersionCompare(l.a, l.b!, m.fuzzy)] & m.mask) !== 0;
      if (ok === l.invert) wrong.push(l.text);
    }
    expect(wrong).toEqual([]);
  });

  it('agrees with apk-tools on every validity line', () => {
    const wrong = lines
      .filter((l) => l.op === undefined)
      .filter((l) => isApkVersion(l.a) === l.invert)
      .map((l) => l.text);
    expect(wrong).toEqual([]);
  });

  it('the comparator answers valid pairs like apk and refuses invalid versions', () => {
    let valid = 0;
    for (const l of lines) {
      if (!l.op || l.invert || !/^[<>=]$/.test(l.op)) continue;
      const want = { '<': -1, '=': 0, '>': 1 }[l.op];
      if (isApkVersion(l.a) && isApkVersion(l.b!)) {
        valid += 1;
        expect(`${l.text}: ${compareApk(l.a, l.b!)}`).toBe(`${l.text}: ${want}`);
      } else {
        expect(`${l.text}: ${compareApk(l.a, l.b!)}`).toBe(`${l.text}: undefined`);
      }
    }
    expect(valid).toBeGreaterThan(600);
    expect(compareApk('1.36.1-r5', '1.36.1-r15')).toBe(-1);
    expect(compareApk('3.1.4_rc1-r0', '3.1.4-r0')).toBe(-1);
  });
});

describe('hostile versions', () => {
  it('compares megabyte-long versions without converting their numbers', () => {
    // The orderings themselves stay linear; the comparators refuse such versions (next test).
    const long = '1'.repeat(1_000_000);
    const started = Date.now();
    expect(apkVersionCompare(`${long}.0-r0`, `${long}.1-r0`)).toBe(-1);
    expect(apkVersionCompare(`1.${long}`, `1.${long}0`)).toBe(-1);
    expect(rpmvercmp(`${long}-1`, `${long}0-1`)).toBe(-1);
    expect(rpmvercmp(`1.0-${long}`, `1.0-${long}`)).toBe(0);
    expect(Date.now() - started).toBeLessThan(2000);
  });
  it('the comparators answer "cannot decide" for versions over the length limit', () => {
    const long = `1.${'1'.repeat(300)}`;
    expect(compareApk(long, '1.0')).toBeUndefined();
    expect(compareRpm('1.0-1', `${long}-1`)).toBeUndefined();
    expect(compareRpm(`1.${'1'.repeat(250)}-1`, '1.0-1')).toBe(1);
  });
});
