// The graph view on the 10,000-package closure, in Chromium: time to first draw (navigation start
// to the view's first `supplygraph:graph-drawn` performance mark), the response to a click on a
// group in the drawing and to choosing a deep dependency in the closure list (pointer down to the
// mark of the redraw), and the JS heap once the page and its closure list have loaded.
import type { Browser, Page } from 'playwright-core';
import { median } from '../../lib/stats.js';

export interface ViewRun {
  firstDrawMs: number;
  /** Navigation start to the root's neighbourhood and closure size answered (part of firstDrawMs). */
  dataMs: number;
  groupClickMs: number;
  pathMs: number;
  hubPathMs: number;
  heapMB: number;
  drawnNodes: number;
}

export interface ViewFigures {
  runs: ViewRun[];
  median: Omit<ViewRun, 'drawnNodes'>;
}

const LAST_MARK = `(() => { const m = performance.getEntriesByName('supplygraph:graph-drawn'); return m[m.length - 1].startTime; })()`;
const DRAWS = `Number(document.querySelector('.graph-view').getAttribute('data-draws'))`;

/** Where the drawing shows a node, after centring on it (Cytoscape's instance on its container). */
async function screenPoint(page: Page, id: string): Promise<{ x: number; y: number }> {
  const box = await page.locator('.graph-canvas').boundingBox();
  const at = await page.evaluate<{ x: number; y: number }>(`(() => {
    const cy = document.querySelector('.graph-canvas')._cyreg.cy;
    const node = cy.getElementById(${JSON.stringify(id)});
    cy.center(node);
    return node.renderedPosition();
  })()`);
  return { x: box!.x + at.x, y: box!.y + at.y };
}

/** Chooses `purl` in the closure list; the time from pointer down to the drawn path. */
async function choosePath(page: Page, purl: string): Promise<number> {
  await page.getByLabel('Filter the dependencies').fill(purl);
  await page.locator(`li[data-purl="${purl}"] button`).click();
  await page.waitForSelector(`.graph-view[data-drawn-path-end="${purl}"]`, { timeout: 60_000 });
  return await page.evaluate<number>(`${LAST_MARK} - window.downAt`);
}

async function oneRun(browser: Browser, base: string, c: { root: string; deep: string; hub: string; hubDeep: string }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(`window.addEventListener('pointerdown', (e) => (window.downAt = e.timeStamp), true)`);
  const page = await context.newPage();
  await page.goto(`${base}/ui/graph/${encodeURIComponent(c.root)}`);
  await page.waitForSelector('.graph-view[data-state="drawn"]', { timeout: 120_000 });
  const firstDrawMs = await page.evaluate<number>(
    `performance.getEntriesByName('supplygraph:graph-drawn')[0].startTime`,
  );
  const dataMs = await page.evaluate<number>(`performance.getEntriesByName('supplygraph:graph-data')[0].startTime`);
  await page.waitForSelector('ul[aria-label="Dependencies in the closure"]', { timeout: 120_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };

  const group = await page.evaluate<string>(`(() => {
    const groups = [...document.querySelectorAll('li[data-kind="group"]')];
    groups.sort((a, b) => Number(a.dataset.groupCount) - Number(b.dataset.groupCount));
    return groups[0].dataset.node;
  })()`);
  const point = await screenPoint(page, group);
  const before = await page.evaluate<number>(DRAWS);
  await page.mouse.click(point.x, point.y);
  // A selector, not waitForFunction: the page's CSP (rightly) forbids the eval that would need.
  await page.waitForSelector(`.graph-view:not([data-draws="${before}"])`, { timeout: 60_000 });
  const groupClickMs = await page.evaluate<number>(`${LAST_MARK} - window.downAt`);

  const pathMs = await choosePath(page, c.deep);
  const drawnNodes = await page.locator('ul[aria-label="Drawn nodes"] > li').count();

  await page.goto(`${base}/ui/graph/${encodeURIComponent(c.hub)}`);
  await page.waitForSelector('.graph-view[data-state="drawn"]', { timeout: 120_000 });
  await page.waitForSelector('ul[aria-label="Dependencies in the closure"]', { timeout: 120_000 });
  const hubPathMs = await choosePath(page, c.hubDeep);
  await context.close();
  return { firstDrawMs, dataMs, groupClickMs, pathMs, hubPathMs, heapMB: heap.usedSize / 2 ** 20, drawnNodes };
}

export async function viewFigures(
  browser: Browser,
  base: string,
  closure: { root: string; deep: string; hub: string; hubDeep: string },
  runs: number,
): Promise<ViewFigures> {
  const all: ViewRun[] = [];
  for (let i = 0; i < runs; i++) all.push(await oneRun(browser, base, closure));
  const m = (key: keyof ViewRun): number => median(all.map((r) => r[key]));
  return {
    runs: all,
    median: {
      firstDrawMs: m('firstDrawMs'),
      dataMs: m('dataMs'),
      groupClickMs: m('groupClickMs'),
      pathMs: m('pathMs'),
      hubPathMs: m('hubPathMs'),
      heapMB: m('heapMB'),
    },
  };
}
