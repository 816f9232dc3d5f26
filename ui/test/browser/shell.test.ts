// The frame every page shares: `/` leads to the UI, the header's parts work from the keyboard,
// the theme switches, and the page has no serious accessibility violations.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/helpers/server.js';
import { launchBrowser, screenshot, seriousViolations, startUiServer } from './harness.js';

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startUiServer(), launchBrowser()]);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the page frame', () => {
  it('/ redirects to /ui/, which renders the header with search and navigation', async () => {
    const response = await page.goto(`${server.url}/`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/ui/');
    await expect(page.getByRole('search').first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Documents' }).isVisible()).resolves.toBe(true);
  });

  it('an unknown page under /ui/ says so, inside the frame', async () => {
    await page.goto(`${server.url}/ui/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it('switches between light and dark', async () => {
    await page.goto(`${server.url}/ui/`);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    // The theme is set by an effect after the first render, and again after the click's re-render.
    await expect.poll(theme).toMatch(/^(light|dark)$/);
    const before = await theme();
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
    await expect.poll(theme).not.toBe(before);
    const after = await theme();
    expect(['light', 'dark']).toContain(after);
    await screenshot(page, `frame-${after}`);
  });

  it('has no serious accessibility violations', async () => {
    await page.goto(`${server.url}/ui/`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
