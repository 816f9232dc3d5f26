// The search box's suggestions and the search page, from the keyboard, compared with what
// /v0/search answers on the example data.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/helpers/server.js';
import { launchBrowser, screenshot, seriousViolations, startUiServer } from './harness.js';

let server: TestServer;
let browser: Browser;
let page: Page;

/** The search ranking counts dependents once the first frequency ranking is done: wait for it. */
async function rankingReady(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const res = await server.get('/v0/search?q=busybox');
    if (!String(res.headers.get('etag')).includes('rnone')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the frequency ranking never became ready');
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startUiServer(), launchBrowser()]);
  await rankingReady();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const header = () => page.getByRole('search', { name: 'Site search' }).getByRole('combobox');
const listbox = () => page.getByRole('search', { name: 'Site search' }).getByRole('listbox');

/** Tabs from the top of the page to the header's search box, as a keyboard user would. */
async function tabToSearch(): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    if (await header().evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('the search box cannot be reached with Tab');
}

/** The names the open listbox offers, in order. */
async function optionNames(): Promise<string[]> {
  await listbox().getByRole('option').first().waitFor();
  return listbox().locator('[role=option] .purl, [role=option] .digest').allTextContents();
}

async function apiResults(query: string): Promise<any[]> {
  const res = await server.get(`/v0/search?${query}`);
  expect(res.status).toBe(200);
  return res.body.results;
}

describe('suggestions as you type', () => {
  it('offers what /v0/search answers, and ArrowDown + Enter opens the package page', async () => {
    await page.goto(`${server.url}/ui/`);
    await tabToSearch();
    await page.keyboard.type('busybox');
    const expected = await apiResults('q=busybox&PageSize=8');
    expect(expected.length).toBeGreaterThan(0);
    expect(await optionNames()).toEqual(expected.map((r) => r.name));
    await expect(header().getAttribute('aria-expanded')).resolves.toBe('true');
    // Each option shows its kind and numbers: versions and dependents for a package name.
    const first = listbox().getByRole('option').first();
    await expect(first.textContent()).resolves.toContain(`${expected[0].purls.length} version`);
    await expect(first.textContent()).resolves.toContain(`${expected[0].dependentCount} dependent`);

    await page.keyboard.press('ArrowDown');
    const activeId = await header().getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    await expect(page.locator(`[id="${activeId}"]`).getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/ui/package/${encodeURIComponent(expected[0].name)}`);
  });

  it('ArrowUp wraps to the last option; Escape closes the list, then clears the text', async () => {
    await page.goto(`${server.url}/ui/`);
    await tabToSearch();
    await page.keyboard.type('busybox');
    const names = await optionNames();
    await page.keyboard.press('ArrowUp');
    const activeId = await header().getAttribute('aria-activedescendant');
    await expect(page.locator(`[id="${activeId}"]`).textContent()).resolves.toContain(names[names.length - 1]);
    await page.keyboard.press('Escape');
    await expect(header().getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(header().inputValue()).resolves.toBe('busybox');
    await page.keyboard.press('Escape');
    await expect(header().inputValue()).resolves.toBe('');
  });

  it('a vulnerability id prefix offers vulnerabilities, and a click opens one', async () => {
    await page.goto(`${server.url}/ui/`);
    await header().fill('cve-2022-2');
    const expected = await apiResults('q=cve-2022-2&PageSize=8');
    expect(expected.some((r) => r.kind === 'vulnerability')).toBe(true);
    expect(await optionNames()).toEqual(expected.map((r) => r.name));
    const index = expected.findIndex((r) => r.kind === 'vulnerability');
    await listbox().getByRole('option').nth(index).click();
    await page.waitForURL((url) => url.pathname === `/ui/vuln/${encodeURIComponent(expected[index].id)}`);
  });

  it('a GHSA typed offers its CVE, saying which alias matched (issue 30)', async () => {
    const [expected] = await apiResults('q=ghsa-69cg&PageSize=8');
    expect(expected).toMatchObject({ kind: 'vulnerability', name: 'CVE-2022-27664', matched: 'GHSA-69cg-p879-7622' });
    await page.goto(`${server.url}/ui/`);
    await header().fill('ghsa-69cg');
    expect(await optionNames()).toEqual(['CVE-2022-27664']);
    await expect(listbox().getByRole('option').first().textContent()).resolves.toContain(
      'matched alias GHSA-69cg-p879-7622',
    );
    await page.goto(`${server.url}/ui/search?q=ghsa-69cg`);
    await page.locator('.search-results').waitFor();
    await expect(page.locator('.search-results .search-result').first().textContent()).resolves.toContain(
      'matched alias GHSA-69cg-p879-7622',
    );
  });

  it('Enter with nothing chosen opens the search page; a versioned purl or a digest opens its own page', async () => {
    await page.goto(`${server.url}/ui/`);
    await tabToSearch();
    await page.keyboard.type('busybox');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/ui/search' && url.searchParams.get('q') === 'busybox');

    const [pkg] = await apiResults('q=busybox&kind=package');
    const purl: string = pkg.purls[0];
    await header().fill(purl);
    await header().press('Enter');
    await page.waitForURL((url) => url.pathname === `/ui/package/${encodeURIComponent(purl)}`);

    const digest = `sha256:${'ab'.repeat(32)}`;
    await header().fill(digest.toUpperCase());
    await header().press('Enter');
    await page.waitForURL((url) => url.pathname === `/ui/artifact/${encodeURIComponent(digest)}`);
  });

  it('Enter before the suggestions arrive searches, and their late answer does not reopen the list', async () => {
    await page.goto(`${server.url}/ui/`);
    await tabToSearch();
    await page.keyboard.type('busybox');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/ui/search' && url.searchParams.get('q') === 'busybox');
    // The debounced request (150 ms) and its answer come and go in this time.
    await page.waitForTimeout(600);
    await expect(header().getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(header().evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  });

  it('has no serious accessibility violations with the list open', async () => {
    await page.goto(`${server.url}/ui/`);
    await header().fill('busybox');
    await optionNames();
    await page.keyboard.press('ArrowDown');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'search-suggestions');
  });
});

describe('the search page', () => {
  const shown = () => page.locator('.search-results .search-result a').allTextContents();

  it('lists what /v0/search answers, and "More results" appends the next page', async () => {
    const all = await apiResults('q=go');
    expect(all.length).toBeGreaterThan(25);
    await page.goto(`${server.url}/ui/search?q=go`);
    await page.locator('.search-results').waitFor();
    expect(await shown()).toEqual(all.slice(0, 25).map((r) => r.name));
    await expect(page.getByText(`Showing 25 of ${all.length} results`).isVisible()).resolves.toBe(true);
    // From the keyboard: focus the button and press Enter.
    await page.getByRole('button', { name: 'More results' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(`Showing ${Math.min(50, all.length)} of ${all.length} results`).waitFor();
    expect(await shown()).toEqual(all.slice(0, 50).map((r) => r.name));
    const hrefs = await page
      .locator('.search-results .search-result a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs[0]).toBe(`/ui/package/${encodeURIComponent(all[0].name)}`);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'search');
  });

  it('narrows to one kind from the keyboard, the kind in the URL', async () => {
    await page.goto(`${server.url}/ui/search?q=cve-2022`);
    await page.locator('.search-results').waitFor();
    await page.getByRole('radio', { name: 'All kinds' }).focus();
    // Arrow keys move through a radio group and select as they go: All → Packages → Artifacts → Vulnerabilities.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await page.waitForURL((url) => url.searchParams.get('kind') === 'vulnerability');
    const expected = await apiResults('q=cve-2022&kind=vulnerability');
    expect(expected.length).toBeGreaterThan(0);
    await page.locator('.search-results').waitFor();
    await expect.poll(() => shown()).toEqual(expected.slice(0, 25).map((r) => r.name));
    await expect(page.getByRole('radio', { name: 'Vulnerabilities' }).isChecked()).resolves.toBe(true);
  });

  it('fits a 375 px phone: nothing wider than the screen, long purls wrapped', async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await phone.goto(`${server.url}/ui/search?q=go`);
    await phone.locator('.search-results').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await phone.getByRole('search', { name: 'Site search' }).getByRole('combobox').fill('github.com');
    await phone.getByRole('option').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'search-phone');
    await phone.close();
  });

  it('says so when nothing matches', async () => {
    const q = 'zzqqxx-no-such-name';
    expect(await apiResults(`q=${q}`)).toEqual([]);
    await page.goto(`${server.url}/ui/search?q=${q}`);
    await page.getByText(`Nothing matches “${q}”.`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows the API’s problem for a query it refuses', async () => {
    const q = 'x'.repeat(300);
    const res = await server.get(`/v0/search?q=${q}`);
    expect(res.status).toBe(400);
    await page.goto(`${server.url}/ui/search?q=${q}`);
    await expect(page.getByRole('alert').textContent()).resolves.toContain(res.body.detail);
  });
});
