// The portfolio, a project's page and the verdicts on a build's document page, over a store holding
// test/fixtures/diff (two builds of shop-api, two OSV advisories), 22 builds of @acme/orders (a
// name with a slash; its history takes two pages) and 24 one-build services (the list takes two
// pages). Labels are set and verdicts recorded through the API; every check compares what the
// page shows with what the API answers.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceSbom } from '../../../test/helpers/builds.js';
import type { TestServer } from '../../../test/helpers/server.js';
import { createTestToken } from '../../../test/helpers/tokens.js';
import { launchBrowser, screenshot, seriousViolations, startUiServer } from './harness.js';

const DIFF_FIXTURES = [
  'shop-api-1.0.0.cdx.json',
  'shop-api-1.1.0.cdx.json',
  'osv-GHSA-35jh-r3h4-6jhm.json',
  'osv-GHSA-xvch-5gv4-984h.json',
];
const fixture = (name: string): string =>
  readFileSync(fileURLToPath(new URL(`../../../test/fixtures/diff/${name}`, import.meta.url)), 'utf8');

const ORDERS = '@acme/orders';
const ORDERS_BUILDS = 22;
const SERVICES = 24;
const enc = encodeURIComponent;

/** The store: the fixtures, then the orders builds (stored in version order: the last is the latest), then the services. */
function documents(): Record<string, string> {
  const docs: Record<string, string> = {};
  for (const name of DIFF_FIXTURES) docs[name] = fixture(name);
  for (let i = 0; i < ORDERS_BUILDS; i++) {
    // Only the latest build has lodash before the fix: the diff from any other build introduces it.
    const components = ['pkg:npm/left-pad@1.3.0', ...(i === ORDERS_BUILDS - 1 ? ['pkg:npm/lodash@4.17.20'] : [])];
    docs[`orders-1.0.${i}.cdx.json`] = serviceSbom({ service: ORDERS, version: `1.0.${i}`, components });
  }
  for (let i = 1; i <= SERVICES; i++) {
    const service = `svc-${String(i).padStart(2, '0')}`;
    docs[`${service}.cdx.json`] = serviceSbom({ service, version: '0.1.0', components: ['pkg:npm/left-pad@1.3.0'] });
  }
  return docs;
}

let server: TestServer;
let browser: Browser;
let shopLatest: string;
let shopFirst: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startUiServer(documents()), launchBrowser()]);
  const ingest = (await createTestToken(server.storeDir, 'ingest', { name: 'ci' })).headers;
  const admin = (await createTestToken(server.storeDir, 'admin')).headers;
  const json = { 'content-type': 'application/json' };
  for (const [name, label] of [
    ['shop-api', 'team=payments'],
    [ORDERS, 'team=orders'],
  ]) {
    const res = await server.request('PATCH', `/v0/projects/${enc(name)}?label=${enc(label)}`, ingest);
    expect(res.status, res.text).toBe(200);
  }
  const shop = await server.get('/v0/projects/shop-api');
  [shopLatest, shopFirst] = shop.body.history.map((b: { digest: string }) => b.digest);
  // A pass with no policy, then a failing one once a policy forbids critical findings (1.1.0 has one).
  const judge = async (digest: string) => {
    const res = await server.request('POST', `/v0/verdicts?build=${digest}`, { ...json, ...ingest });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  expect((await judge(shopLatest)).verdict).toBe('pass');
  const policy = await server.request(
    'PUT',
    '/v0/policies/no-critical',
    { ...json, ...admin },
    JSON.stringify({ expression: 'vuln.severity == "CRITICAL"' }),
  );
  expect(policy.status, policy.text).toBe(201);
  expect((await judge(shopLatest)).verdict).toBe('fail');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newPage(width = 1280): Promise<Page> {
  return browser.newPage({ viewport: { width, height: 800 } });
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The portfolio's rows as shown: link, labels, builds, latest build, findings counts, verdict. */
async function portfolioRows(page: Page) {
  await page.locator('table.projects tbody tr').first().waitFor();
  return page.locator('table.projects tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = [...row.querySelectorAll('td')];
      return {
        name: cells[0].textContent,
        href: cells[0].querySelector('a')!.getAttribute('href'),
        labels: [...cells[1].querySelectorAll('code')].map((c) => c.textContent),
        builds: cells[2].textContent,
        latest: cells[3].querySelector('a')?.textContent ?? null,
        latestHref: cells[3].querySelector('a')?.getAttribute('href') ?? null,
        counts: Object.fromEntries(
          [...cells[4].querySelectorAll('[data-severity]')].map((c) => [
            c.getAttribute('data-severity'),
            Number(c.textContent.replace(/\D+/g, '')),
          ]),
        ),
        findingsHref: cells[4].querySelector('a.findings-link')?.getAttribute('href') ?? null,
        verdict: cells[5].querySelector('.verdict')?.textContent ?? cells[5].textContent,
      };
    }),
  );
}

describe('the portfolio', () => {
  it('lists the projects of GET /v0/projects with the summary’s counts and the last verdict; More projects', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/ui/projects`);
    const api = (await server.get('/v0/projects?PageSize=25')).body;
    const all = (await server.get('/v0/projects?PageSize=100')).body;
    expect(all.PaginationInfo.TotalCount).toBe(2 + SERVICES);
    const summary = (await server.get('/v0/findings/summary')).body;
    const bySeverity = new Map<string, Record<string, number>>(
      summary.projects.map((p: any) => [p.project, p.bySeverity]),
    );

    // Wait for every row's counts and verdict to come.
    await expect.poll(() => page.locator('table.projects tbody td').getByText('…').count()).toBe(0);
    const rows = await portfolioRows(page);
    expect(rows.map((r) => r.name)).toEqual(api.projects.map((p: any) => p.name));
    expect(rows.map((r) => r.href)).toEqual(api.projects.map((p: any) => `/ui/projects/${enc(p.name)}`));
    expect(rows.map((r) => r.builds)).toEqual(api.projects.map((p: any) => String(p.builds)));
    expect(rows.map((r) => r.latest)).toEqual(api.projects.map((p: any) => p.latest.version));
    expect(rows.map((r) => r.latestHref)).toEqual(
      api.projects.map((p: any) => `/ui/documents/${enc(p.latest.digest)}`),
    );
    for (const row of rows) {
      const expected = Object.fromEntries(Object.entries(bySeverity.get(row.name)!).filter(([, n]) => n > 0));
      expect(row.counts, row.name).toEqual(expected);
    }
    const shop = rows.find((r) => r.name === 'shop-api')!;
    expect(shop.counts).toEqual({ CRITICAL: 1 });
    expect(shop.labels).toEqual(['team=payments']);
    expect(shop.findingsHref).toBe('/ui/findings?project=shop-api');
    expect(shop.verdict).toBe('FAIL');
    const orders = rows.find((r) => r.name === ORDERS)!;
    expect(orders).toMatchObject({ builds: String(ORDERS_BUILDS), latest: `1.0.${ORDERS_BUILDS - 1}` });
    expect(orders.counts).toEqual({ HIGH: 1 });
    expect(orders.verdict).toBe('none');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'projects');

    await page.getByText(`Showing 25 of ${all.PaginationInfo.TotalCount} projects`).waitFor();
    await page.getByRole('button', { name: 'More projects' }).click();
    await page
      .getByText(`Showing ${all.PaginationInfo.TotalCount} of ${all.PaginationInfo.TotalCount} projects`)
      .waitFor();
    expect((await portfolioRows(page)).map((r) => r.name)).toEqual(all.projects.map((p: any) => p.name));
    await expect(page.getByRole('button', { name: 'More projects' }).count()).resolves.toBe(0);
    await page.close();
  });

  it('filters by label and by name prefix, as the API does, with the filters in the address', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/ui/projects`);
    await page.getByLabel('Label', { exact: true }).fill('team=payments');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.search === '?label=team%3Dpayments');
    const byLabel = (await server.get(`/v0/projects?label=${enc('team=payments')}`)).body;
    expect(byLabel.projects.map((p: any) => p.name)).toEqual(['shop-api']);
    await expect.poll(async () => (await portfolioRows(page)).map((r) => r.name)).toEqual(['shop-api']);

    await page.goto(`${server.url}/ui/projects?name=${enc('@acme')}`);
    await expect(page.getByLabel('Name starts with', { exact: true }).inputValue()).resolves.toBe('@acme');
    const byName = (await server.get(`/v0/projects?name=${enc('@acme')}`)).body;
    expect(byName.projects.map((p: any) => p.name)).toEqual([ORDERS]);
    await expect.poll(async () => (await portfolioRows(page)).map((r) => r.name)).toEqual([ORDERS]);

    await page.goto(`${server.url}/ui/projects?name=nothing-is-called-this`);
    await page.getByText('No project matches these filters.').waitFor();
    await page.close();
  });

  it('is reached from the header and fits a 375 px phone', async () => {
    const phone = await newPage(375);
    await phone.goto(`${server.url}/ui/`);
    await phone.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Projects' }).click();
    await phone.waitForURL((url) => url.pathname === '/ui/projects');
    await phone.locator('table.projects tbody tr').first().waitFor();
    expect(await noSidewaysScroll(phone)).toBeLessThanOrEqual(0);
    await phone.goto(`${server.url}/ui/projects/shop-api`);
    await phone.locator('[data-testid=diff-summary]').waitFor();
    expect(await noSidewaysScroll(phone)).toBeLessThanOrEqual(0);
    await phone.close();
  });
});

/** The findings table's rows on a project page: vulnerability, its link, package, fixed in. */
async function findingRows(page: Page) {
  return page.locator('table.findings tbody tr').evaluateAll((rows) =>
    rows.map((row) => ({
      vuln: row.getAttribute('data-vuln'),
      vulnHref: row.querySelector('td.vuln-id a')!.getAttribute('href'),
      package: row.getAttribute('data-package'),
      fixedIn: row.querySelector('td.fixed-in')!.textContent,
      path: [...row.querySelectorAll('ol.chain a')].map((a) => a.getAttribute('href')),
    })),
  );
}

/** What a diff part lists: the purls of added/removed, the cells of the tables. */
async function diffPart(page: Page, part: string) {
  const section = page.locator(`[data-part=${part}]`);
  return section.evaluate((el) => {
    const rows = [...el.querySelectorAll('tbody tr')];
    if (rows.length > 0) return rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    return [...el.querySelectorAll('li a')].map((a) => [a.textContent]);
  });
}

describe('a project', () => {
  it('shop-api: labels, the latest build’s findings, the history and the diff of its two builds', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/ui/projects`);
    await page.getByRole('link', { name: 'shop-api', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/ui/projects/shop-api');
    const project = (await server.get('/v0/projects/shop-api')).body;
    await page.locator('dl.facts-list').waitFor();
    await expect(page.locator('dl.facts-list ul.labels code').allTextContents()).resolves.toEqual(['team=payments']);
    await expect(page.locator('dl.facts-list .verdict').textContent()).resolves.toBe('FAIL');

    // The latest build's findings, as /v0/findings?project= lists them.
    const findings = (await server.get('/v0/findings?project=shop-api')).body.findings;
    expect(findings.length).toBe(1);
    await page.locator('table.findings tbody tr').first().waitFor();
    expect(await findingRows(page)).toEqual(
      findings.map((f: any) => ({
        vuln: f.vulnerability.id,
        vulnHref: `/ui/vuln/${enc(f.vulnerability.id)}`,
        package: f.package,
        fixedIn: f.fixedIn.join(', '),
        path: f.path.map((node: string) =>
          node.startsWith('pkg:') ? `/ui/package/${enc(node)}` : `/ui/artifact/${enc(node)}`,
        ),
      })),
    );

    // The history, newest first.
    const history = await page
      .locator('table.history tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-digest')));
    expect(history).toEqual(project.history.map((b: any) => b.digest));
    expect(history).toEqual([shopLatest, shopFirst]);

    // The diff: by default the one before (from) and the latest (to), as /v0/diff answers for their subjects.
    await expect(page.getByLabel('From', { exact: true }).inputValue()).resolves.toBe(shopFirst);
    await expect(page.getByLabel('To', { exact: true }).inputValue()).resolves.toBe(shopLatest);
    const [latest, before] = project.history;
    const diff = (await server.get(`/v0/diff?from=${enc(before.subject)}&to=${enc(latest.subject)}`)).body;
    await page.locator('[data-testid=diff-summary]').waitFor();
    await expect(page.locator('[data-testid=diff-summary]').textContent()).resolves.toBe(
      '1 component added, 1 removed, 2 changed version; 1 vulnerability introduced, 1 fixed; 1 licence changed.',
    );
    expect(await diffPart(page, 'diff-added')).toEqual(diff.added.flatMap((a: any) => a.purls.map((p: string) => [p])));
    expect(await diffPart(page, 'diff-removed')).toEqual(
      diff.removed.flatMap((a: any) => a.purls.map((p: string) => [p])),
    );
    expect(await diffPart(page, 'diff-changed')).toEqual(
      diff.changed.map((c: any) => [c.name, c.from.join(', '), c.to.join(', ')]),
    );
    expect(await diffPart(page, 'diff-introduced')).toEqual(
      diff.vulnerabilities.introduced.map((v: any) => [v.severity, v.id, v.package]),
    );
    expect(await diffPart(page, 'diff-fixed')).toEqual(
      diff.vulnerabilities.fixed.map((v: any) => [v.severity, v.id, v.package]),
    );
    expect(await diffPart(page, 'diff-licences')).toEqual(
      diff.licensesChanged.map((c: any) => [c.name, c.from.join(', '), c.to.join(', ')]),
    );
    await expect(
      page.locator('[data-part=diff-introduced] a', { hasText: 'GHSA-xvch-5gv4-984h' }).getAttribute('href'),
    ).resolves.toBe('/ui/vuln/GHSA-xvch-5gv4-984h');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'project');

    // Swapped: what was added is now removed, what was introduced is fixed.
    await page.getByLabel('From', { exact: true }).selectOption(shopLatest);
    await page.getByLabel('To', { exact: true }).selectOption(shopFirst);
    await expect.poll(() => diffPart(page, 'diff-removed')).toEqual(diff.added.map((a: any) => [a.purls[0]]));
    expect(await diffPart(page, 'diff-fixed')).toEqual(
      diff.vulnerabilities.introduced.map((v: any) => [v.severity, v.id, v.package]),
    );
    await page.close();
  });

  it('@acme/orders (a name with a slash): the history a page at a time, a diff with a build of the second page', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/ui/projects/${enc(ORDERS)}`);
    await page.locator('table.history tbody tr').first().waitFor();
    const digests = () =>
      page.locator('table.history tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-digest')));
    const first = (await server.get(`/v0/projects/${enc(ORDERS)}?PageSize=20`)).body;
    const all = (await server.get(`/v0/projects/${enc(ORDERS)}?PageSize=100`)).body;
    expect(all.history.length).toBe(ORDERS_BUILDS);
    expect(await digests()).toEqual(first.history.map((b: any) => b.digest));
    await page.getByText(`Showing 20 of ${ORDERS_BUILDS} builds`).waitFor();
    // The latest build's one finding; no project column on the project's own page.
    await page.locator('table.findings tbody tr[data-package="pkg:npm/lodash@4.17.20"]').waitFor();
    await expect(page.locator('table.findings thead th').allTextContents()).resolves.not.toContain('Project, build');

    // The oldest build is not an option until its page is loaded.
    const oldest = all.history.at(-1);
    const fromOptions = () =>
      page
        .getByLabel('From', { exact: true })
        .locator('option')
        .evaluateAll((os) => os.map((o) => o.getAttribute('value')));
    expect(await fromOptions()).not.toContain(oldest.digest);
    await page.getByRole('button', { name: 'More builds' }).click();
    await page.getByText(`Showing ${ORDERS_BUILDS} of ${ORDERS_BUILDS} builds`).waitFor();
    expect(await digests()).toEqual(all.history.map((b: any) => b.digest));
    expect(await fromOptions()).toEqual(all.history.map((b: any) => b.digest));

    // Latest against the one before: only the lodash bump's arrival.
    await expect(page.getByLabel('From', { exact: true }).inputValue()).resolves.toBe(all.history[1].digest);
    await page.getByLabel('From', { exact: true }).selectOption(oldest.digest);
    const diff = (await server.get(`/v0/diff?from=${enc(oldest.subject)}&to=${enc(all.history[0].subject)}`)).body;
    expect(diff.added).toEqual([{ name: 'pkg:npm/lodash', purls: ['pkg:npm/lodash@4.17.20'] }]);
    await expect
      .poll(() => diffPart(page, 'diff-introduced'))
      .toEqual(diff.vulnerabilities.introduced.map((v: any) => [v.severity, v.id, v.package]));
    expect(await diffPart(page, 'diff-added')).toEqual([['pkg:npm/lodash@4.17.20']]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('an unknown project shows the API’s 404 detail', async () => {
    const page = await newPage();
    const res = await server.get('/v0/projects/no-such-project');
    expect(res.status).toBe(404);
    await page.goto(`${server.url}/ui/projects/no-such-project`);
    await expect(page.getByRole('alert').textContent()).resolves.toContain(res.body.detail);
    await page.close();
  });
});

describe('verdicts on a build’s document page', () => {
  it('lists GET /v0/verdicts?build= newest first; a document without one says so', async () => {
    const page = await newPage();
    const api = (await server.get(`/v0/verdicts?build=${shopLatest}`)).body.verdicts;
    expect(api.map((v: any) => v.verdict)).toEqual(['fail', 'pass']);
    await page.goto(`${server.url}/ui/documents/${enc(shopLatest)}`);
    await page.locator('table.verdict-list tbody tr').first().waitFor();
    const rows = await page.locator('table.verdict-list tbody tr').evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = [...tr.querySelectorAll('td')];
        return {
          verdict: cells[0].textContent,
          at: cells[1].querySelector('time')!.getAttribute('datetime'),
          by: cells[2].textContent,
          project: cells[3].querySelector('a')?.getAttribute('href'),
          violations: cells[4].textContent,
        };
      }),
    );
    expect(rows).toEqual(
      api.map((v: any) => ({
        verdict: v.verdict.toUpperCase(),
        at: v.at,
        by: 'ci',
        project: '/ui/projects/shop-api',
        violations: String(v.violations.length),
      })),
    );
    expect(rows.map((r) => r.violations)).toEqual(['1', '0']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'document-verdicts');

    // The build before has none; nor has an advisory (no SBOM: the API answers an empty list).
    for (const digest of [
      shopFirst,
      (await server.get('/v0/documents?PageSize=100')).body.documents.find((d: any) => d.format === 'osv').digest,
    ]) {
      expect((await server.get(`/v0/verdicts?build=${digest}`)).body.verdicts).toEqual([]);
      await page.goto(`${server.url}/ui/documents/${enc(digest)}`);
      await page.locator('section.verdicts').getByText('No verdict yet.').waitFor();
    }
    await page.close();
  });
});
