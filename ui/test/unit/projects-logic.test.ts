// The portfolio, project and findings pages' decisions, without a browser: the findings filters
// read from and written to the address, the builds a diff compares by default, a diff in words.
import { describe, expect, it } from 'vitest';
import {
  filterQuery,
  filterSearch,
  filtersOf,
  filtersText,
  listQuery,
  orderText,
  summaryQuery,
} from '../../src/pages/findings/logic';
import { buildName, diffPair, diffText, labelText, type Build, type BuildDiff } from '../../src/pages/projects/logic';
import { findingsHref, projectHref, projectsHref } from '../../src/links';

const build = (version: string | null, subject: string | null = `pkg:npm/a@${version}`): Build => ({
  digest: `sha256:${(version ?? 'x').replace(/\W/g, '').padEnd(64, '0')}`,
  subject,
  version,
  commit: null,
  branch: null,
  buildUrl: null,
  builtAt: '2026-11-27T10:00:00.000Z',
  ingestedAt: '2026-11-27T10:00:00.000Z',
  findings: { total: 0, bySeverity: {} },
});

describe('findings filters', () => {
  it('read the address, unknown values as "any", suppressed false unless chosen', () => {
    expect(filtersOf({ severity: 'high', suppressed: 'maybe', fixAvailable: 'true', package: ' pkg:npm/a ' })).toEqual({
      project: '',
      label: '',
      severity: 'HIGH',
      ecosystem: '',
      package: 'pkg:npm/a',
      vulnerability: '',
      suppressed: 'false',
      fixAvailable: 'true',
      kev: '',
      sort: 'severity',
    });
    expect(filtersOf({ severity: 'bad' }).severity).toBe('');
    expect(filtersOf({ kev: 'maybe', sort: 'random' })).toMatchObject({ kev: '', sort: 'severity' });
  });

  it('write back only what is set, in one canonical order', () => {
    const filters = filtersOf({ suppressed: 'any', severity: 'CRITICAL', project: 'shop-api' });
    expect(filterQuery(filters)).toEqual({ project: 'shop-api', severity: 'CRITICAL', suppressed: 'any' });
    expect(filterSearch(filters)).toBe('project=shop-api&severity=CRITICAL&suppressed=any');
    expect(findingsHref(filterQuery(filters))).toBe('/ui/findings?project=shop-api&severity=CRITICAL&suppressed=any');
    expect(filterSearch(filtersOf({}))).toBe('');
    expect(summaryQuery('label=team%3Dshop&fixAvailable=false')).toEqual({ label: 'team=shop', fixAvailable: 'false' });
    expect(filtersText(filters)).toBe('project shop-api, CRITICAL, VEX-suppressed included');
  });

  it('send the order to the list only, the KEV filter to both; severity order is the default', () => {
    const filters = filtersOf({ sort: 'exploitation', kev: 'true', project: 'shop-api' });
    const search = filterSearch(filters);
    expect(search).toBe('project=shop-api&kev=true&sort=exploitation');
    expect(listQuery(search)).toEqual({ project: 'shop-api', kev: 'true', sort: 'exploitation' });
    expect(summaryQuery(search)).toEqual({ project: 'shop-api', kev: 'true' });
    expect(filtersText(filters)).toBe('project shop-api, known exploited only, VEX-suppressed left out');
    expect(orderText(filters.sort)).toBe('known exploited (KEV) first, then the highest EPSS score');
    expect(filterSearch(filtersOf({ sort: 'severity' }))).toBe('');
    expect(listQuery('sort=severity')).toEqual({});
  });
});

describe('projects', () => {
  it('link a name with slashes as one segment, and the portfolio with its filters', () => {
    expect(projectHref('@acme/orders')).toBe('/ui/projects/%40acme%2Forders');
    expect(projectsHref({ name: '', label: 'team=a b' })).toBe('/ui/projects?label=team%3Da+b');
    expect(projectsHref()).toBe('/ui/projects');
  });

  it('name a build by version, else by short digest; labels by key', () => {
    expect(buildName(build('1.1.0'))).toBe('1.1.0');
    expect(buildName(build(null))).toBe('sha256:x0000000…');
    expect(labelText({ team: 'a', env: 'prod' })).toEqual(['env=prod', 'team=a']);
  });

  it('compare the latest and the one before by default, skipping builds without a subject', () => {
    const [b3, b2, b1] = [build('3'), build('2', null), build('1')];
    expect(diffPair([b3, b2, b1], {})).toEqual({ from: b1, to: b3 });
    expect(diffPair([b3, b1], { from: b3.digest, to: b1.digest })).toEqual({ from: b3, to: b1 });
    // A choice no longer listed falls back to the default.
    expect(diffPair([b3, b1], { to: 'sha256:gone' })).toEqual({ from: b1, to: b3 });
    expect(diffPair([b3, b2], {})).toBeNull();
  });

  it('say a diff in words', () => {
    const diff: BuildDiff = {
      from: 'a',
      to: 'b',
      added: [{ name: 'pkg:npm/x', purls: ['pkg:npm/x@1'] }],
      removed: [],
      changed: [],
      vulnerabilities: { introduced: [], fixed: [{ id: 'GHSA-1', severity: 'HIGH', package: 'pkg:npm/y@1' }] },
      licensesChanged: [],
    };
    expect(diffText(diff)).toBe(
      '1 component added, 0 removed, 0 changed version; 0 vulnerabilities introduced, 1 fixed; 0 licences changed',
    );
  });
});
