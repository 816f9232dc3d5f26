// The findings page over a store holding test/fixtures/diff (two builds of shop-api, two OSV
// advisories), a service whose lodash a VEX statement clears, and 25 services that each ship
// both vulnerable packages (51 findings: the list takes two pages). Every check compares the rows
// with what GET /v0/findings answers for the same filters.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceSbom } from '../../../test/helpers/builds.js';
import type { TestServer } from '../../../test/helpers/server.js';
import { createTestToken } from '../../../test/helpers/tokens.js';
import { launchBrowser, screenshot, seriousViolations, startUiServer } from './harness.js';

const fixture = (name: string): string =>
  readFileSync(fileURLToPath(new URL(`../../../test/fixtures/diff/${name}`, import.meta.url)), 'utf8');
const SERVICES = 25;
const LODASH = 'pkg:npm/lodash@4.17.20';
const MINIMIST = 'pkg:npm/minimist@1.2.5';
const enc = encodeURIComponent;

/** A service whose only build has the lodash before the fix, and a VEX saying it is not affected. */
const ORDERS = serviceSbom({ service: 'orders', version: '2.0.0', components: [LODASH] });
const VEX = JSON.stringify({
  '@context': 'https://openvex.dev/ns/v0.2.0',
  '@id': 'https://example.com/vex/orders-1',
  author: 'test',
  timestamp: '2026-11-01T00:00:00Z',
  version: 1,
  statements: [
    {
      vulnerability: { name: 'GHSA-35jh-r3h4-6jhm' },
      products: [{ '@id': 'pkg:npm/orders@2.0.0' }],
      status: 'not_affected',
      justification: 'vulnerable_code_not_in_execute_path',
    },
  ],
});

function documents(): Record<string, string> {
  const docs: Record<string, string> = { 'orders.cdx.json': ORDERS, 'orders.vex.json': VEX };
  for (const name of [
    'shop-api-1.0.0.cdx.json',
    'shop-api-1.1.0.cdx.json',
    'osv-GHSA-35jh-r3h4-6jhm.json',
    'osv-GHSA-xvch-5gv4-984h.json',
  ])
    docs[name] = fixture(name);
  for (let i = 1; i <= SERVICES; i++) {
    const service = `svc-${String(i).padStart(2, '0')}`;
    docs[`${service}.cdx.json`] = serviceSbom({ service, version: '1.0.0', components: [LODASH, MINIMIST] });
  }
  return docs;
}

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startUiServer(documents()), launchBrowser()]);
  // One team's projects: shop-api, orders (its finding suppressed) and one of the services.
  const ingest = (await createTestToken(server.storeDir, 'ingest')).headers;
  for (const name of ['shop-api', 'orders', 'svc-01']) {
    const res = await server.request('PATCH', `/v0/projects/${name}?label=${enc('team=shop')}`, ingest);
    expect(res.status, res.text).toBe(200);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newPage(width = 1280): Promise<Page> {
  return browser.newPage({ viewport: { width, height: 800 } });
}

async function apiFindings(query: string): Promise<{ findings: any[]; total: number }> {
  const res = await server.get(`/v0/findings?PageSize=1000${query ? `&${query}` : ''}`);
  expect(res.status, res.text).toBe(200);
  return { findings: res.body.findings, total: res.body.PaginationInfo.TotalCount };
}

/** The rows as shown: severity, vulnerability and its link, package, fixed in, VEX, project, path. */
async function shownRows(page: Page) {
  return page.locator('table.findings tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = [...row.querySelectorAll('td')];
      return {
        severity: cells[0].querySelector('.badge')!.textContent,
        vuln: cells[1].querySelector('a')!.textContent,
        vulnHref: cells[1].querySelector('a')!.getAttribute('href'),
        package: cells[2].textContent,
        fixedIn: cells[3].textContent,
        vex: cells[4].textContent,
        project: cells[5].querySelector('a')!.textContent,
        path: [...cells[6].querySelectorAll('ol.chain a')].map((a) => a.getAttribute('title') ?? a.textContent),
      };
    }),
  );
}

const expectedRow = (f: any) => ({
  severity: f.severity,
  vuln: f.vulnerability.id,
  vulnHref: `/ui/vuln/${enc(f.vulnerability.id)}`,
  package: f.package,
  fixedIn: f.fixedIn.length > 0 ? f.fixedIn.join(', ') : 'no fix known',
  vex:
    f.vex === null
      ? 'no statement'
      : `${f.suppressed ? `suppressed (${f.vex.status.toLowerCase()})` : f.vex.status.toLowerCase()}${f.vex.justification ? `: ${f.vex.justification}` : ''}`,
  project: f.project,
  path: f.path,
});

/** Waits for the list of the current filters to settle and returns its rows. */
async function settledRows(page: Page) {
  await page.locator('table.findings tbody tr, .findings-page p[role=status]').first().waitFor();
  return shownRows(page);
}

describe('the findings page', () => {
  it('lists GET /v0/findings worst first, 50 at a time, with the summary’s counts', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/ui/`);
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Findings' }).click();
    await page.waitForURL((url) => url.pathname === '/ui/findings');
    const api = await apiFindings('');
    // shop-api 1.1.0's minimist and both of every service; orders' lodash is VEX-suppressed.
    expect(api.total).toBe(1 + 2 * SERVICES);
    await page.locator('table.findings tbody tr').first().waitFor();
    expect(await shownRows(page)).toEqual(api.findings.slice(0, 50).map(expectedRow));
    const severities = (await shownRows(page)).map((r) => r.severity);
    expect(severities.indexOf('HIGH')).toBeGreaterThan(severities.lastIndexOf('CRITICAL'));

    const summary = (await server.get('/v0/findings/summary')).body;
    await expect(page.locator('[data-testid=findings-summary]').textContent()).resolves.toBe(
      `${summary.total} findings: CRITICAL ${summary.bySeverity.CRITICAL}HIGH ${summary.bySeverity.HIGH}`,
    );
    expect(summary.bySeverity).toMatchObject({ CRITICAL: 1 + SERVICES, HIGH: SERVICES });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByText(`Showing 50 of ${api.total} findings`).waitFor();
    await page.getByRole('button', { name: 'More findings' }).click();
    await page.getByText(`Showing ${api.total} of ${api.total} findings`).waitFor();
    expect(await shownRows(page)).toEqual(api.findings.map(expectedRow));

    // A vulnerability's link opens its page.
    await page.locator('table.findings tbody tr td.vuln-id a').first().click();
    await page.waitForURL((url) => url.pathname === `/ui/vuln/${enc(api.findings[0].vulnerability.id)}`);
    await page.close();
  });

  it('filters as the API does: the form’s choices go into the address', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/ui/findings`);
    await page.locator('table.findings tbody tr').first().waitFor();
    await page.getByLabel('Severity', { exact: true }).selectOption('CRITICAL');
    await page.getByLabel('Project', { exact: true }).fill('shop-api');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.search === '?project=shop-api&severity=CRITICAL');
    const critical = await apiFindings('project=shop-api&severity=CRITICAL');
    expect(critical.findings.map((f) => f.package)).toEqual([MINIMIST]);
    await expect.poll(async () => (await settledRows(page)).length).toBe(1);
    expect(await shownRows(page)).toEqual(critical.findings.map(expectedRow));

    // Only what VEX takes off: orders' lodash, with the statement.
    await page.goto(`${server.url}/ui/findings`);
    await page.getByLabel('Suppressed by VEX', { exact: true }).selectOption('true');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.search === '?suppressed=true');
    const suppressed = await apiFindings('suppressed=true');
    expect(suppressed.findings.map((f) => [f.project, f.package])).toEqual([['orders', LODASH]]);
    await expect.poll(async () => (await settledRows(page)).map((r) => r.project)).toEqual(['orders']);
    expect(await shownRows(page)).toEqual(suppressed.findings.map(expectedRow));
    expect((await shownRows(page))[0].vex).toBe('suppressed (not_affected): vulnerable_code_not_in_execute_path');
    expect(await seriousViolations(page)).toEqual([]);

    // A package, any suppression: every lodash row, orders' included.
    await page.goto(`${server.url}/ui/findings?package=${enc('pkg:npm/lodash')}&suppressed=any`);
    await expect(page.getByLabel('Package', { exact: true }).inputValue()).resolves.toBe('pkg:npm/lodash');
    const lodash = await apiFindings(`package=${enc('pkg:npm/lodash')}&suppressed=any`);
    expect(lodash.total).toBe(SERVICES + 1);
    await expect.poll(async () => (await settledRows(page)).length).toBe(lodash.total);
    expect(await shownRows(page)).toEqual(lodash.findings.map(expectedRow));

    // Every finding here has a fix: none without one.
    expect((await apiFindings('fixAvailable=false')).total).toBe(0);
    await page.goto(`${server.url}/ui/findings?fixAvailable=false`);
    await page.getByText('No finding matches these filters.').waitFor();
    await page.close();
  });

  it('one team’s findings (a label), the VEX-suppressed one included', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/ui/findings`);
    await page.getByLabel('Label', { exact: true }).fill('team=shop');
    await page.getByLabel('Suppressed by VEX', { exact: true }).selectOption('any');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.search === '?label=team%3Dshop&suppressed=any');
    const api = await apiFindings(`label=${enc('team=shop')}&suppressed=any`);
    expect(api.findings.map((f) => [f.project, f.package, f.suppressed])).toEqual([
      ['shop-api', MINIMIST, false],
      ['svc-01', MINIMIST, false],
      ['orders', LODASH, true],
      ['svc-01', LODASH, false],
    ]);
    await expect.poll(async () => (await settledRows(page)).length).toBe(api.total);
    expect(await shownRows(page)).toEqual(api.findings.map(expectedRow));
    const summary = (await server.get(`/v0/findings/summary?label=${enc('team=shop')}&suppressed=any`)).body;
    await expect(page.locator('[data-testid=findings-summary]').textContent()).resolves.toBe(
      `${summary.total} findings: CRITICAL ${summary.bySeverity.CRITICAL}HIGH ${summary.bySeverity.HIGH}`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'findings');
    await page.close();
  });

  it('a vulnerability alias and an ecosystem in a deep link', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/ui/findings?vulnerability=CVE-2021-44906&ecosystem=npm`);
    const api = await apiFindings('vulnerability=CVE-2021-44906&ecosystem=npm');
    expect(api.total).toBe(1 + SERVICES);
    await page.locator('table.findings tbody tr').first().waitFor();
    expect(await shownRows(page)).toEqual(api.findings.map(expectedRow));
    expect(new Set((await shownRows(page)).map((r) => r.package))).toEqual(new Set([MINIMIST]));
    await expect(page.getByLabel('Vulnerability', { exact: true }).inputValue()).resolves.toBe('CVE-2021-44906');
    await page.close();
  });

  it('fits a 375 px phone: rows become cards, the page does not scroll sideways', async () => {
    const phone = await newPage(375);
    await phone.goto(`${server.url}/ui/findings`);
    await phone.locator('table.findings tbody tr').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await phone.close();
  });
});
