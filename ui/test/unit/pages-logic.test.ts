// The DOM-free logic of the package, artifact and vulnerability pages.
import { describe, expect, it } from 'vitest';
import { mapLimit } from '../../src/components/map-limit';
import { bySeverity, countBySeverity, severityClass, severityRank } from '../../src/components/severity';
import { paragraphs, plural, purlType, safeHref } from '../../src/components/text';
import { countByType, countVulnerabilities } from '../../src/pages/artifact/summary';
import { groupFindings, mergeByPrimary } from '../../src/pages/package/findings';

describe('severity', () => {
  it('ranks the API severities most severe first, anything else as UNKNOWN', () => {
    expect(
      ['LOW', 'CRITICAL', 'UNKNOWN', 'HIGH', 'NONE', 'MEDIUM'].sort((a, b) => severityRank(a) - severityRank(b)),
    ).toEqual(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN']);
    expect(severityRank('bogus')).toBe(severityRank('UNKNOWN'));
    expect(severityRank(undefined)).toBe(severityRank('UNKNOWN'));
    expect(severityRank('high')).toBe(1);
  });

  it('gives the badge classes of the stylesheet, none for NONE and UNKNOWN', () => {
    expect(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN'].map(severityClass)).toEqual([
      'critical',
      'high',
      'medium',
      'low',
      '',
      '',
    ]);
  });

  it('counts per severity in order, leaving out empty ones', () => {
    const items = [{ severity: 'LOW' }, { severity: 'HIGH' }, { severity: 'LOW' }, {}];
    expect(countBySeverity(items)).toEqual([
      { severity: 'HIGH', count: 1 },
      { severity: 'LOW', count: 2 },
      { severity: 'UNKNOWN', count: 1 },
    ]);
  });

  it('sorts by severity, then CVSS (higher first), then id', () => {
    const rows = [
      { id: 'b', severity: 'HIGH', cvssScore: 7.5 },
      { id: 'c', severity: 'CRITICAL' },
      { id: 'a', severity: 'HIGH', cvssScore: 7.5 },
      { id: 'd', severity: 'HIGH', cvssScore: 8.8 },
      { id: 'e', severity: 'HIGH' },
    ];
    expect([...rows].sort(bySeverity).map((r) => r.id)).toEqual(['c', 'd', 'a', 'b', 'e']);
  });
});

describe('text helpers', () => {
  it('splits a description into paragraphs on blank lines, keeping single line breaks', () => {
    expect(paragraphs('First line\nstill first.\n\n  Second.\r\n\r\n\n\nThird.  \n')).toEqual([
      'First line\nstill first.',
      'Second.',
      'Third.',
    ]);
    expect(paragraphs('  \n\n ')).toEqual([]);
  });

  it('links only absolute http(s) URLs', () => {
    expect(safeHref('https://nvd.nist.gov/vuln/detail/CVE-2021-44228')).toBe(
      'https://nvd.nist.gov/vuln/detail/CVE-2021-44228',
    );
    expect(safeHref('http://example.com/a b')).toBe('http://example.com/a%20b');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('JAVASCRIPT:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<script>')).toBeNull();
    expect(safeHref('/relative/path')).toBeNull();
    expect(safeHref('git+https://github.com/o/r')).toBeNull();
  });

  it('reads the type of a purl', () => {
    expect(purlType('pkg:npm/%40scope/a@1')).toBe('npm');
    expect(purlType('pkg:Alpine/busybox@1.35.0-r17?arch=x86_64')).toBe('alpine');
    expect(purlType('pkg:golang/github.com/o/r@v1')).toBe('golang');
    expect(purlType('sha256:abc')).toBe('');
  });

  it('pluralises counts', () => {
    expect(plural(1, 'package')).toBe('1 package');
    expect(plural(0, 'package')).toBe('0 packages');
    expect(plural(12345, 'vulnerability', 'vulnerabilities')).toBe('12,345 vulnerabilities');
  });
});

describe('artifact contents by type', () => {
  it('counts packages per purl type, most first then by name', () => {
    expect(countByType(['pkg:npm/a@1', 'pkg:apk/b@1', 'pkg:npm/c@1', 'pkg:deb/d@1', 'weird'])).toEqual([
      { type: 'npm', count: 2 },
      { type: 'apk', count: 1 },
      { type: 'deb', count: 1 },
      { type: 'unknown', count: 1 },
    ]);
    expect(countByType([])).toEqual([]);
  });

  it('counts distinct vulnerabilities among findings, aliases folded', () => {
    const finding = (id: string, ...aliases: string[]) => ({ id, vulnerabilityIDs: [id, ...aliases] });
    const findings = [
      finding('CVE-2022-28391'),
      finding('CVE-2022-28391'),
      finding('GHSA-hrpp-h998-j3pp', 'CVE-2022-24999'),
      finding('CVE-2022-24999', 'GHSA-hrpp-h998-j3pp'),
      finding('CVE-2021-23337'),
    ];
    expect(countVulnerabilities(findings)).toBe(3);
    expect(countVulnerabilities([{ id: 'CVE-1' }, { id: 'CVE-1' }])).toBe(1);
    expect(countVulnerabilities([])).toBe(0);
  });
});

describe('package findings', () => {
  const finding = (pkg: string, ...ids: string[]) => ({ package: pkg, vulnerability: { vulnerabilityIDs: ids } });

  it('folds the findings of one vulnerability (by any shared alias) into one group', () => {
    const groups = groupFindings([
      finding('pkg:npm/qs@6.7.0', 'GHSA-hrpp-h998-j3pp', 'CVE-2022-24999'),
      finding('pkg:npm/lodash@4.17.20', 'CVE-2021-23337'),
      finding('pkg:npm/qs@6.5.2', 'CVE-2022-24999'),
      finding('pkg:npm/qs@6.7.0', 'CVE-2022-24999', 'GHSA-hrpp-h998-j3pp'),
      finding('pkg:npm/none@1'),
    ]);
    expect(groups).toEqual([
      {
        id: 'GHSA-hrpp-h998-j3pp',
        ids: ['GHSA-hrpp-h998-j3pp', 'CVE-2022-24999'],
        packages: ['pkg:npm/qs@6.5.2', 'pkg:npm/qs@6.7.0'],
      },
      { id: 'CVE-2021-23337', ids: ['CVE-2021-23337'], packages: ['pkg:npm/lodash@4.17.20'] },
    ]);
  });

  it('merges rows whose records turned out to be one vulnerability', () => {
    const merged = mergeByPrimary(
      [
        { id: 'CVE-1', packages: ['pkg:npm/b@1'], n: 1 },
        { id: 'CVE-2', packages: ['pkg:npm/a@1'], n: 2 },
        { id: 'CVE-1', packages: ['pkg:npm/a@1', 'pkg:npm/b@1'], n: 3 },
      ],
      (into, from) => (into.n += from.n),
    );
    expect(merged).toEqual([
      { id: 'CVE-1', packages: ['pkg:npm/a@1', 'pkg:npm/b@1'], n: 4 },
      { id: 'CVE-2', packages: ['pkg:npm/a@1'], n: 2 },
    ]);
  });
});

describe('mapLimit', () => {
  it('keeps input order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const results = await mapLimit([5, 1, 4, 2, 3, 0], 2, async (ms) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      return ms * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0]);
    expect(peak).toBe(2);
  });

  it('stops starting tasks once aborted, and rejects', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const run = mapLimit(
      [1, 2, 3, 4],
      1,
      (n) => {
        started.push(n);
        if (n === 2) controller.abort();
        return Promise.resolve(n);
      },
      controller.signal,
    );
    await expect(run).rejects.toThrow('aborted');
    expect(started).toEqual([1, 2]);
  });
});
