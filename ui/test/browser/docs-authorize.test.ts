// The docs page (/docs, Swagger UI) on a server that needs a token for reads (issue 30): the page
// itself opens without one, its "Authorize" dialog takes the token, and "Try it out" then sends it
// as `Authorization: Bearer …` to the server that served the page — all under the page's CSP.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestToken } from '../../../test/helpers/tokens.js';
import type { TestServer } from '../../../test/helpers/server.js';
import { launchBrowser, startUiServer } from './harness.js';

let server: TestServer;
let browser: Browser;
let page: Page;
let token: string;
const violations: string[] = [];
/** The Authorization header of each request the page sent to /v0/stats, in order (null: none). */
const statsRequests: { url: string; authorization: string | null }[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startUiServer({}, { access: { readAccess: 'token' } }), launchBrowser()]);
  token = (await createTestToken(server.storeDir, 'read')).token;
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/v0/stats') {
      statsRequests.push({ url: request.url(), authorization: request.headers().authorization ?? null });
    }
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The operation block of GET /v0/stats (tag "operations"), opened. */
async function openStatsOperation(): Promise<ReturnType<Page['locator']>> {
  const operation = page.locator('#operations-operations-getGraphStats');
  if (!(await operation.locator('.try-out').isVisible())) {
    await operation.locator('.opblock-summary-control').click();
  }
  return operation;
}

/** Runs "Try it out" → "Execute" on GET /v0/stats and returns the status the page shows. */
async function executeStats(): Promise<string> {
  const operation = await openStatsOperation();
  const tryOut = operation.locator('button.try-out__btn');
  if ((await tryOut.textContent())?.trim() === 'Try it out') await tryOut.click();
  const before = statsRequests.length;
  await operation.locator('button.execute').click();
  const status = operation.locator('.live-responses-table .response .response-col_status');
  await expect.poll(() => statsRequests.length).toBeGreaterThan(before);
  await status.first().waitFor();
  const text = (await status.first().textContent()) ?? '';
  await operation.locator('button.btn-clear').click();
  return text.trim();
}

describe('the docs page under --read-access token', () => {
  it('opens without a token and shows the Authorize button', async () => {
    const response = await page.goto(`${server.url}/docs/`);
    expect(response?.status()).toBe(200);
    await page.locator('.opblock').first().waitFor();
    await expect.poll(() => page.locator('.auth-wrapper button.authorize').count()).toBe(1);
  });

  it('"Try it out" without a token is 401', async () => {
    expect(await executeStats()).toBe('401');
    expect(statsRequests.at(-1)).toEqual({ url: `${server.url}/v0/stats`, authorization: null });
  });

  it('after Authorize, "Try it out" sends the token and gets 200', async () => {
    await page.locator('.auth-wrapper button.authorize').click();
    const dialog = page.locator('.modal-ux');
    await dialog.locator('input[type="text"], input[type="password"]').first().fill(token);
    await dialog.locator('.auth-btn-wrapper button.authorize').click();
    await dialog.locator('.auth-btn-wrapper button.btn-done').click();
    expect(await executeStats()).toBe('200');
    expect(statsRequests.at(-1)).toEqual({ url: `${server.url}/v0/stats`, authorization: `Bearer ${token}` });
  });

  it('keeps the token out of the browser storage and breaks no CSP rule', async () => {
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(token);
    expect(violations).toEqual([]);
  });
});
