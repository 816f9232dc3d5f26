// The home page: the big search box, the two rankings as /analysis/dependencies answers them,
// light, dark and phone layouts; and (its own describe, since /v0/stats is implemented on
// another branch) the counts and the empty store's next steps.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/helpers/server.js';
import { launchBrowser, screenshot, seriousViolations, startUiServer } from './harness.js';

let server: TestServer;
let browser: Browser;
let page: Page;

/** The rankings are computed in the background after the load: wait until the first is served. */
async function rankingReady(target: TestServer): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const res = await target.get('/analysis/dependencies?sort=frequency&PageSize=1');
    if (res.status === 200 && res.body.length > 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the frequency ranking never became ready');
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startUiServer(), launchBrowser()]);
  await rankingReady(server);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A ranking table's rows: each cell's text, and the first cell's link. */
async function tableRows(heading: string) {
  const table = page.getByRole('region', { name: heading }).locator('table');
  await table.locator('tbody tr').first().waitFor();
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => ({
      cells: [...row.querySelectorAll('td')].map((td) => td.textContent),
      href: row.querySelector('a')?.getAttribute('href') ?? null,
    })),
  );
}

async function ranking(sort: string): Promise<any[]> {
  const res = await server.get(`/analysis/dependencies?sort=${sort}&PageSize=10`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('the home page', () => {
  it('shows the top 10 of the frequency ranking, names linked to their package pages', async () => {
    await page.goto(`${server.url}/ui/`);
    const expected = await ranking('frequency');
    expect(expected.length).toBeGreaterThan(0);
    const rows = await tableRows('Most depended-on');
    expect(rows.map((r) => r.cells)).toEqual(expected.map((e) => [e.Name, e.DependentCount.toLocaleString('en-US')]));
    expect(rows.map((r) => r.href)).toEqual(expected.map((e) => `/ui/package/${encodeURIComponent(e.Name)}`));
  });

  it('shows the scorecard ranking: name, score and source', async () => {
    await page.goto(`${server.url}/ui/`);
    const expected = await ranking('scorecard');
    expect(expected.length).toBeGreaterThan(0);
    const rows = await tableRows('Lowest OpenSSF Scorecard scores');
    expect(rows.map((r) => r.cells)).toEqual(
      expected.map((e) => [e.Name, e.Score < 0 ? 'inconclusive' : String(e.Score), e.Source]),
    );
    expect(rows.map((r) => r.href)).toEqual(expected.map((e) => `/ui/package/${encodeURIComponent(e.Name)}`));
  });

  it('the big search box suggests and searches', async () => {
    await page.goto(`${server.url}/ui/`);
    const box = page.getByRole('search', { name: 'Search the graph' }).getByRole('combobox');
    await box.focus();
    await page.keyboard.type('lodash');
    const res = await server.get('/v0/search?q=lodash&PageSize=8');
    const options = page.getByRole('search', { name: 'Search the graph' }).getByRole('option');
    await options.first().waitFor();
    expect(await options.locator('.purl, .digest').allTextContents()).toEqual(res.body.results.map((r: any) => r.name));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/ui/search' && url.searchParams.get('q') === 'lodash');
  });

  it('has no serious accessibility violations, light and dark', async () => {
    await page.goto(`${server.url}/ui/`);
    await page.locator('table.ranking').first().waitFor();
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    // The theme is set by an effect after each render: wait for it rather than read it at once.
    await expect.poll(theme).toMatch(/^(light|dark)$/);
    if ((await theme()) === 'dark') {
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await expect.poll(theme).toBe('light');
    }
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'home');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(theme).toBe('dark');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'home-dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(theme).toBe('light');
  });

  it('fits a 375 px phone: nothing wider than the screen', async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await phone.goto(`${server.url}/ui/`);
    await phone.locator('table.ranking').first().waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(phone)).toEqual([]);
    await screenshot(phone, 'home-phone');
    await phone.close();
  });

  it('an empty store shows empty rankings', async () => {
    const empty = await startUiServer({});
    try {
      await page.goto(`${empty.url}/ui/`);
      await page.getByText('No dependency edges yet.').waitFor();
      await page.getByText('No dependency has an OpenSSF Scorecard result yet.').waitFor();
    } finally {
      await empty.close();
    }
  });
});

describe('the counts (/v0/stats)', () => {
  it('shows the documents, packages, artifacts and vulnerabilities /v0/stats counts', async () => {
    const res = await server.get('/v0/stats');
    expect(res.status).toBe(200);
    await page.goto(`${server.url}/ui/`);
    const counts = page.locator('dl.stat-counts');
    await counts.waitFor();
    const shown = await counts
      .locator('.stat')
      .evaluateAll((stats) =>
        stats.map((s) => [s.querySelector('dt')!.textContent, s.querySelector('dd')!.textContent]),
      );
    expect(shown).toEqual([
      ['Documents', res.body.documents.toLocaleString('en-US')],
      ['Packages', res.body.packages.toLocaleString('en-US')],
      ['Artifacts', res.body.artifacts.toLocaleString('en-US')],
      ['Vulnerabilities', res.body.vulnerabilities.toLocaleString('en-US')],
    ]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('an empty store says how to put documents in', async () => {
    const empty = await startUiServer({});
    try {
      const res = await empty.get('/v0/stats');
      expect(res.status).toBe(200);
      expect(res.body.documents).toBe(0);
      await page.goto(`${empty.url}/ui/`);
      await page.getByRole('heading', { name: 'The graph is empty' }).waitFor();
      await expect(page.getByText('supplygraph ingest path/to/documents').isVisible()).resolves.toBe(true);
      await expect(page.getByRole('link', { name: 'Documents page' }).getAttribute('href')).resolves.toBe(
        '/ui/documents',
      );
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
