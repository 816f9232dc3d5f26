import { describe, expect, it } from 'vitest';
import {
  compareDpkg,
  compareMaven,
  compareNuget,
  comparePackagist,
  comparePep440,
  compareRubyGems,
  compareSemver,
  mavenVersionCompare,
  type Comparator,
} from '../../src/vuln/versions.js';
import { MAX_VERSION_LENGTH, unevaluableVersion } from '../../src/vuln/version-limits.js';
import { compareApk } from '../../src/vuln/versions-apk.js';
import { compareRpm } from '../../src/vuln/versions-rpm.js';

/** Asserts the list is strictly increasing under the comparator (and antisymmetric). */
function increasing(compare: Comparator, versions: string[]): void {
  for (let i = 0; i + 1 < versions.length; i++) {
    expect(`${versions[i]} ${compare(versions[i], versions[i + 1])}`).toBe(`${versions[i]} -1`);
    expect(`${versions[i + 1]} ${compare(versions[i + 1], versions[i])}`).toBe(`${versions[i + 1]} 1`);
  }
}

describe('SemVer (npm, crates.io, Go)', () => {
  it('orders releases, pre-releases and Go pseudo-versions', () => {
    increasing(compareSemver, [
      '0.0.0-0',
      '0.0.0-20220101000000-aaaaaaaaaaaa',
      'v0.0.0-20220906165146-f3363e06e74c',
      '0.1.0',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-beta',
      '1.0.0-rc.1',
      '1.0.0',
      'v1.2.3',
      '1.2.4-0.20230101000000-abcdefabcdef',
      '1.2.4',
      '1.20.10',
      '1.21.0-0',
      'go1.21rc2',
      '1.21.0',
      '1.21.3',
      '2.0.0',
    ]);
  });
  it('treats build metadata and the v prefix as equal', () => {
    expect(compareSemver('v1.2.3', '1.2.3')).toBe(0);
    expect(compareSemver('2.0.0+incompatible', '2.0.0')).toBe(0);
    expect(compareSemver('1.20', '1.20.0')).toBe(0);
  });
  it('refuses what is not SemVer', () => {
    expect(compareSemver('latest', '1.0.0')).toBeUndefined();
  });
});

describe('PEP 440 (PyPI)', () => {
  it('orders dev, pre, post and local versions', () => {
    increasing(comparePep440, [
      '1.0.dev1',
      '1.0a1',
      '1.0b2',
      '1.0rc1',
      '1.0',
      '1.0.post1',
      '1.0.1',
      '2.3.0',
      '2.9.2',
      '2.10.0',
      '2.31.0',
    ]);
    expect(comparePep440('1.0', '1.0.0')).toBe(0);
    expect(comparePep440('not a version', '1.0')).toBeUndefined();
  });
});

describe('Maven ComparableVersion', () => {
  it('orders qualifiers like Maven', () => {
    increasing(compareMaven, [
      '1-alpha-1',
      '1-alpha-2',
      '1-beta-1',
      '1-milestone-1',
      '1-rc-1',
      '1-snapshot',
      '1',
      '1-sp',
      '1-abc',
      '1-1',
      '1.1',
    ]);
    increasing(compareMaven, [
      '1.0-alpha-1',
      '1.0-beta-1',
      '1.0-rc-1',
      '1.0-final',
      '1.0.1.Final',
      '1.1.0.Beta1',
      '1.1.0.CR1',
      '1.1.0.Final',
      '3.4.3.Final',
      '4.0.0.Beta1',
      '4.0.0.Final',
      '4.1.99.Final',
    ]);
  });
  it('equates aliases and trailing zeros', () => {
    for (const [a, b] of [
      ['1', '1.0'],
      ['1.0', '1.0.0'],
      ['1-ga', '1'],
      ['1.final', '1'],
      ['1cr1', '1rc1'],
      ['1a1', '1-alpha-1'],
      ['1.0.0.Final', '1.0.0'],
    ]) {
      expect(`${a}=${b}: ${compareMaven(a, b)}`).toBe(`${a}=${b}: 0`);
    }
  });
});

describe('RubyGems Gem::Version', () => {
  it('orders prereleases before releases', () => {
    increasing(compareRubyGems, ['1.0.a', '1.0.b1', '1.0.rc1', '1.0', '1.0.1', '1.1', '3.0.4', '3.0.6']);
    expect(compareRubyGems('1.0.0', '1')).toBe(0);
    expect(compareRubyGems('1.0-beta', '1.0.pre.beta')).toBe(0);
  });
});

describe('NuGet', () => {
  it('orders four-part versions and case-insensitive labels', () => {
    increasing(compareNuget, [
      '1.0.0-alpha',
      '1.0.0-Beta',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.0.1',
      '3.1.0',
      '3.1.18',
      '5.0.9',
    ]);
    expect(compareNuget('1.0.0-BETA', '1.0.0-beta')).toBe(0);
    expect(compareNuget('1.0', '1.0.0.0')).toBe(0);
  });
});

describe('Packagist (Composer / PHP version_compare)', () => {
  it('orders dev < alpha < beta < RC < release < patch', () => {
    increasing(comparePackagist, [
      '1.0.0-dev',
      '1.0.0-alpha1',
      '1.0.0-beta2',
      '1.0.0-RC1',
      '1.0.0',
      '1.0.0-p1',
      '1.0.1',
      'v1.2.0',
    ]);
  });
});

describe('dpkg (Debian, Ubuntu)', () => {
  it('orders epochs, tildes and revisions', () => {
    increasing(compareDpkg, ['1.0~rc1', '1.0', '1.0-1', '1.0-1+deb10u1', '1.0-2', '1.0a', '1.1', '1:0.9']);
    expect(compareDpkg('5.0-4', '5.0-4')).toBe(0);
    expect(compareDpkg('2.36-9+deb12u13', '2.36-9+deb12u4')).toBe(1);
  });
});

// Issue 29: a 60 KB Maven range bound ("1a.1a.1a…", 10,000 segments) overflowed the stack of the
// recursive Maven comparison and took the service down (docs/formats/vulnerabilities.md "Version limits").
describe('hostile versions', () => {
  const nested = (segments: number) => Array.from({ length: segments }, () => '1a').join('.');
  const ALL: Record<string, Comparator> = {
    compareSemver,
    comparePep440,
    compareMaven,
    compareRubyGems,
    compareNuget,
    comparePackagist,
    compareDpkg,
    compareRpm,
    compareApk,
  };
  /** 100 KB and longer versions of the shapes that stress each scheme's parser. */
  const HUGE = [
    nested(10_000),
    Array.from({ length: 50_000 }, () => '1').join('.'),
    `1.0-${Array.from({ length: 30_000 }, () => 'a').join('-')}`,
    `1.0.0-${Array.from({ length: 30_000 }, () => 'a1').join('.')}`,
    `1.${'9'.repeat(100_000)}`,
    `1${'~'.repeat(100_000)}`,
    `1${'_rc1'.repeat(25_000)}`,
  ];

  it('compares Maven versions nested 10,000 lists deep without recursion', () => {
    // The comparison itself (unbounded) walks the nested lists iteratively: no stack overflow.
    expect(mavenVersionCompare(nested(10_000), `${nested(10_000)}.1`)).toBe(-1);
    expect(mavenVersionCompare(nested(10_000), nested(10_000))).toBe(0);
    expect(mavenVersionCompare(`${nested(9_999)}.2a`, nested(10_000))).toBe(1);
    expect(mavenVersionCompare(`${nested(10_000)}-alpha`, nested(10_000))).toBe(-1);
  });

  it('every comparator answers "cannot decide" for versions over the length limit, quickly', () => {
    const started = performance.now();
    for (const [name, compare] of Object.entries(ALL)) {
      for (const huge of HUGE) {
        expect(`${name} ${compare(huge, '1.0.0')} ${compare('1.0.0', huge)} ${compare(huge, huge)}`).toBe(
          `${name} undefined undefined undefined`,
        );
      }
    }
    expect(performance.now() - started).toBeLessThan(1000);
    expect(unevaluableVersion(nested(10_000))).toMatch(/29999 characters, more than the 256/);
  });

  it('still evaluates versions up to the limit, linearly', () => {
    const atLimit = `1.${'1a.'.repeat(100)}`.slice(0, MAX_VERSION_LENGTH);
    expect(unevaluableVersion(atLimit)).toBeUndefined();
    const started = performance.now();
    for (let i = 0; i < 1000; i++) expect(compareMaven(atLimit, `${atLimit.slice(0, -1)}2`)).toBe(-1);
    expect(compareDpkg(atLimit, atLimit)).toBe(0);
    expect(compareRpm(atLimit, atLimit)).toBe(0);
    // 1,000 comparisons of 256-character Maven versions: well under a second.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
