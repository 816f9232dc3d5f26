// The graph view and the full-page graph in Chromium: over a generated 10,000-package closure (and
// an OSV advisory that makes three of the hub's dependencies vulnerable) it draws the root's
// neighbourhood grouped (never past the cap) with counts that add up to what the API lists, the
// vulnerable dependencies in a group of their own first, then by ecosystem and namespace, largest
// first; opens groups on click, and highlights the path /v0/path answers for a dependency chosen
// from the closure list as a chain on one row; over the README's example data it draws an
// artifact's graph.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closureDocument } from '../../../bench/suites/ui/closure-document.js';
import type { TestServer } from '../../../test/helpers/server.js';
import { launchBrowser, screenshot, seriousViolations, startUiServer } from './harness.js';

/** The drawing cap of ui/src/graph/model.ts (NODE_CAP), as the user reads it in the page. */
const CAP = 300;

interface Item {
  node: string;
  kind: string;
  label: string;
  count: number;
  parents: string[];
  onPath: boolean;
  vulnerable: boolean;
}

const graphPath = (root: string): string => `/ui/graph/${encodeURIComponent(root)}`;
const q = (text: string): string => encodeURIComponent(text);

/** What the drawn-node list says, item by item. */
function drawnItems(page: Page): Promise<Item[]> {
  return page.$$eval('ul[aria-label="Drawn nodes"] > li', (lis) =>
    lis.map((li) => ({
      node: li.getAttribute('data-node') ?? '',
      kind: li.getAttribute('data-kind') ?? '',
      label: li.getAttribute('data-group-label') ?? '',
      count: Number(li.getAttribute('data-group-count') ?? 0),
      parents: (li.getAttribute('data-parents') ?? '').split(' ').filter(Boolean),
      onPath: li.getAttribute('data-on-path') === 'true',
      vulnerable: li.getAttribute('data-vulnerable') === 'true',
    })),
  );
}

/** Packages drawn under `parent` plus the counts of its groups: how many children it stands for. */
function childrenShown(items: Item[], parent: string, except: ReadonlySet<string> = new Set()): number {
  return items
    .filter((item) => item.parents.includes(parent) && !except.has(item.node))
    .reduce((sum, item) => sum + (item.kind === 'group' ? item.count : 1), 0);
}

async function drawsOf(page: Page): Promise<number> {
  return Number(await page.locator('.graph-view').getAttribute('data-draws'));
}

/** Waits for a draw after `before` draws (the drawing has caught up with the list). */
async function nextDraw(page: Page, before: number): Promise<void> {
  await page.waitForFunction(
    (n) => Number(document.querySelector('.graph-view')?.getAttribute('data-draws')) > n,
    before,
  );
}

/** An OSV advisory (matched offline, docs/formats/vulnerabilities.md) for these npm purls' exact versions. */
function advisory(purls: string[]): Record<string, unknown> {
  return {
    schema_version: '1.4.0',
    id: 'GHSA-9r4h-gr4p-h3xp',
    modified: '2026-01-01T00:00:00Z',
    published: '2026-01-01T00:00:00Z',
    summary: 'A vulnerability the graph test sets apart',
    affected: purls.map((purl) => {
      const [, name, version] = /^pkg:npm\/(.+)@([^@]+)$/.exec(purl)!;
      return { package: { ecosystem: 'npm', name: decodeURIComponent(name) }, versions: [version] };
    }),
  };
}

/** Where a drawn node is, in the drawing's own coordinates (`_cyreg`: a test aid only, see below). */
function modelPositions(page: Page, ids: string[]): Promise<{ x: number; y: number }[]> {
  return page.evaluate((nodeIds) => {
    const holder = document.querySelector('.graph-canvas') as unknown as { _cyreg: { cy: any } };
    return nodeIds.map((id) => holder._cyreg.cy.getElementById(id).position() as { x: number; y: number });
  }, ids);
}

/** The groups drawn under `parent`, in the order the view made them. */
const groupsUnder = (items: Item[], parent: string): Item[] =>
  items.filter((i) => i.kind === 'group' && i.parents.includes(parent));

/**
 * Clicks a node where the drawing shows it. Its position on screen comes from the Cytoscape
 * instance the library registers on its container (`_cyreg`, not a public API: a test aid only).
 */
async function clickDrawn(page: Page, id: string): Promise<void> {
  const box = await page.locator('.graph-canvas').boundingBox();
  const at = await page.evaluate((nodeId) => {
    const holder = document.querySelector('.graph-canvas') as unknown as { _cyreg: { cy: any } };
    const node = holder._cyreg.cy.getElementById(nodeId);
    node.cy().center(node);
    return node.renderedPosition() as { x: number; y: number };
  }, id);
  await page.mouse.click(box!.x + at.x, box!.y + at.y);
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the graph of a 10,000-package closure', () => {
  const closure = closureDocument();
  /** Three direct dependencies of the hub, made vulnerable by an advisory. */
  const hubDirect = (closure.document.dependencies as { ref: string; dependsOn: string[] }[]).find(
    (d) => d.ref === closure.hub,
  )!.dependsOn;
  const vulnerable = [hubDirect[0], hubDirect[10], hubDirect[20]];
  let server: TestServer;
  let page: Page;

  /** Every item of a dependency list (one large page is enough for 10,000). */
  async function dependencies(purl: string, direct: boolean): Promise<string[]> {
    const res = await server.get(`/v0/package/${q(purl)}/dependencies?PageSize=20000${direct ? '&direct=true' : ''}`);
    expect(res.status).toBe(200);
    expect(res.body.PaginationInfo.NextCursor).toBeUndefined();
    return res.body.dependencies;
  }

  /** Which of `purls` the API knows a vulnerability of: one batch question. */
  async function vulnerableAmong(purls: string[]): Promise<string[]> {
    const res = await server.request(
      'POST',
      '/v0/query/vulns',
      { 'content-type': 'application/json' },
      JSON.stringify({ purls }),
    );
    expect(res.status).toBe(200);
    return (res.body.results as { input: string; status: number; vulnerabilities?: unknown[] }[])
      .filter((r) => r.status === 200 && (r.vulnerabilities?.length ?? 0) > 0)
      .map((r) => r.input);
  }

  async function apiPath(from: string, to: string): Promise<string[]> {
    const res = await server.get(`/v0/path?from=${q(from)}&to=${q(to)}`);
    expect(res.status).toBe(200);
    return res.body.paths[0].map((step: { node: string }) => step.node);
  }

  /** Filters the closure list to `purl` and chooses it; resolves once the path to it is drawn. */
  async function choose(purl: string): Promise<void> {
    await page.getByLabel('Filter the dependencies').fill(purl);
    await page.locator(`li[data-purl="${purl}"] button`).click();
    await page.waitForSelector(`.graph-view[data-drawn-path-end="${purl}"]`);
  }

  beforeAll(async () => {
    server = await startUiServer({
      'closure-10k.cdx.json': closure.document,
      'advisory.osv.json': advisory(vulnerable),
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  }, 180_000);
  afterAll(async () => {
    await page?.close();
    await server?.close();
  });

  it('draws the root with at most the cap of nodes, its groups adding up to the direct dependencies', async () => {
    await page.goto(`${server.url}${graphPath(closure.root)}`);
    await page.waitForSelector('.graph-view[data-state="drawn"]');
    const items = await drawnItems(page);
    expect(items.length).toBeGreaterThan(1);
    expect(items.length).toBeLessThanOrEqual(CAP);
    const direct = await dependencies(closure.root, true);
    expect(childrenShown(items, closure.root)).toBe(direct.length);
    const drawnPackages = items.filter((i) => i.kind === 'package' && i.node !== closure.root).map((i) => i.node);
    for (const purl of drawnPackages) expect(direct).toContain(purl);
    const total = (await dependencies(closure.root, false)).length;
    expect(total).toBe(closure.purls.length);
    const viewStatus = page.locator('.graph-view').getByRole('status').first();
    await expect(viewStatus.textContent()).resolves.toContain(`of ${total} dependencies`);
    // More direct dependencies than one batch question takes: the root's own vulnerabilities
    // (its closure's) tell them apart; the vulnerable ones are the first group.
    const found = await server.get(`/v0/package/${q(closure.root)}/vulns?includeDependencies=true`);
    expect(found.status).toBe(200);
    const expected = [...new Set((found.body as { package: string }[]).map((v) => v.package))]
      .filter((p) => direct.includes(p))
      .sort();
    expect(expected).toEqual([...vulnerable].sort());
    const groups = groupsUnder(items, closure.root);
    expect([groups[0].label, groups[0].count, groups[0].vulnerable]).toEqual(['vulnerable', expected.length, true]);
    expect(groups.slice(1).every((g) => !g.vulnerable)).toBe(true);
  });

  it('a click on a group replaces it by its members (grouped again while still too many)', async () => {
    let items = await drawnItems(page);
    if (!items.some((i) => i.kind === 'group')) {
      // With one-step answers the root may have few enough children: open the hub, which has more.
      const before = await drawsOf(page);
      await page.locator(`li[data-node="${closure.hub}"] button`).first().click();
      await nextDraw(page, before);
      items = await drawnItems(page);
      expect(childrenShown(items, closure.hub)).toBe((await dependencies(closure.hub, true)).length);
    }
    for (let level = 0; level < 3; level++) {
      const group = items.filter((i) => i.kind === 'group').sort((a, b) => a.count - b.count)[0];
      if (!group) break;
      const parent = group.parents[0];
      const old = new Set(items.map((i) => i.node));
      const before = await drawsOf(page);
      // First a click on the drawing itself, then the keyboard on the node list's button.
      if (level === 0) await clickDrawn(page, group.node);
      else {
        await page.locator(`li[data-node="${group.node}"] button`).focus();
        await page.keyboard.press('Enter');
      }
      await nextDraw(page, before);
      // The button went with its group; the keyboard focus stays in the node list.
      if (level > 0)
        await expect
          .poll(() => page.evaluate(() => document.querySelector('.graph-node-list')?.contains(document.activeElement)))
          .toBe(true);
      items = await drawnItems(page);
      expect(items.some((i) => i.node === group.node)).toBe(false);
      expect(childrenShown(items, parent, old)).toBe(Math.min(group.count, CAP));
      expect(items.length).toBeLessThanOrEqual(CAP);
      if (group.count <= 25) {
        expect(items.filter((i) => !old.has(i.node) && i.kind === 'package')).toHaveLength(group.count);
        break;
      }
    }
  });

  it('choosing a deep dependency from the closure list highlights the path /v0/path answers', async () => {
    await choose(closure.deep);
    const expected = await apiPath(closure.root, closure.deep);
    const onPath = (await drawnItems(page)).filter((i) => i.onPath).map((i) => i.node);
    expect(onPath.sort()).toEqual([...expected].sort());
    await expect(page.locator(`li[data-purl="${closure.deep}"] button`).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    await screenshot(page, 'graph-10k');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('from the hub, the path to its farthest dependency runs through every layer between', async () => {
    await page.goto(`${server.url}${graphPath(closure.hub)}`);
    await page.waitForSelector('.graph-view[data-state="drawn"]');
    await choose(closure.hubDeep);
    const expected = await apiPath(closure.hub, closure.hubDeep);
    expect(expected).toHaveLength(closure.hubDepth + 1);
    const items = await drawnItems(page);
    expect(
      items
        .filter((i) => i.onPath)
        .map((i) => i.node)
        .sort(),
    ).toEqual([...expected].sort());
    // Each step of the path is drawn as an edge: the next node lists the previous one as a parent.
    for (let i = 1; i < expected.length; i++)
      expect(items.find((item) => item.node === expected[i])?.parents).toContain(expected[i - 1]);
    // The chain reads left to right on one row, hop after hop, and the note lists it in order.
    const at = await modelPositions(page, expected);
    for (let i = 1; i < at.length; i++) {
      expect(at[i].x).toBeGreaterThan(at[i - 1].x);
      expect(at[i].y).toBe(at[0].y);
    }
    const listed = await page.$$eval('.path-note .chain li a', (links) => links.map((a) => a.textContent ?? ''));
    expect(listed).toEqual(expected);
    expect(items.length).toBeLessThanOrEqual(CAP + expected.length);
    await screenshot(page, 'graph-10k-hub-path');
  });

  it('folds a fan-out by meaning: vulnerable first, then by ecosystem and namespace, largest first', async () => {
    await page.goto(`${server.url}${graphPath(closure.hub)}`);
    await page.waitForSelector('.graph-view[data-state="drawn"]');
    const direct = await dependencies(closure.hub, true);
    expect(direct.length).toBeGreaterThan(25);
    const expected = (await vulnerableAmong(direct)).sort();
    expect(expected).toEqual([...vulnerable].sort());
    let items = await drawnItems(page);
    expect(childrenShown(items, closure.hub)).toBe(direct.length);
    const groups = groupsUnder(items, closure.hub);
    expect([groups[0].label, groups[0].count, groups[0].vulnerable]).toEqual(['vulnerable', 3, true]);
    // The others: one ecosystem (npm), so by namespace, the larger groups first; no group is a
    // first letter ("a…"), and every label is readable whole in the list.
    const rest = groups.slice(1);
    expect(rest.length).toBeGreaterThan(1);
    expect(rest[0].label).toBe('npm');
    for (const group of rest) expect(group.label).toMatch(/^npm(\/@[a-z-]+)?$/);
    for (let i = 1; i < rest.length; i++) expect(rest[i].count).toBeLessThanOrEqual(rest[i - 1].count);
    // The drawn label is cut to a readable length, and the group's box at least 9 px tall on screen.
    const zoom = await page.evaluate(
      () => (document.querySelector('.graph-canvas') as unknown as { _cyreg: { cy: any } })._cyreg.cy.zoom() as number,
    );
    expect(zoom * 12).toBeGreaterThanOrEqual(9);
    await screenshot(page, 'graph-10k-hub-groups');
    // Opening the vulnerable group draws exactly the packages the API says are vulnerable, marked so.
    const before = await drawsOf(page);
    await page.locator(`li[data-node="${groups[0].node}"] button`).click();
    await nextDraw(page, before);
    items = await drawnItems(page);
    const marked = items.filter((i) => i.kind === 'package' && i.vulnerable).map((i) => i.node);
    expect(marked.sort()).toEqual(expected);
    // They take the group's place: first among the hub's children in the list.
    const under = items.filter((i) => i.parents.includes(closure.hub)).map((i) => i.node);
    expect(under.slice(0, 3).sort()).toEqual(expected);
  });

  it(`opening groups stops at ${CAP} drawn nodes and keeps the groups that do not fit closed`, async () => {
    await page.goto(`${server.url}${graphPath(closure.root)}`);
    await page.waitForSelector('.graph-view[data-state="drawn"]');
    const cap = page.locator('.graph-cap');
    for (let round = 0; round < 30 && (await cap.count()) === 0; round++) {
      // A few groups per round (the largest), then one wait for the drawing to catch up.
      const groups = (await drawnItems(page)).filter((i) => i.kind === 'group').sort((a, b) => b.count - a.count);
      expect(groups.length).toBeGreaterThan(0);
      const before = await drawsOf(page);
      for (const group of groups.slice(0, 4)) await page.locator(`li[data-node="${group.node}"] button`).click();
      await nextDraw(page, before);
    }
    await expect(cap.textContent()).resolves.toMatch(
      new RegExp(`limited to ${CAP} nodes: \\d+ dependencies were not drawn`),
    );
    const items = await drawnItems(page);
    expect(items.length).toBeLessThanOrEqual(CAP);
    expect(items.length).toBeGreaterThan(CAP - 30);
    // A group that does not fit stays closed: the drawing still stands for every direct dependency.
    const left = Number(/: (\d+) dependencies were not drawn/.exec((await cap.textContent()) ?? '')?.[1]);
    expect(left).toBeGreaterThan(0);
    expect(childrenShown(items, closure.root)).toBe((await dependencies(closure.root, true)).length);
  });

  it('filters the closure list in the browser and renders it a slice at a time', async () => {
    await page.goto(`${server.url}${graphPath(closure.hub)}`);
    await page.getByLabel('Filter the dependencies').fill('');
    expect(await page.locator('ul[aria-label="Dependencies in the closure"] > li').count()).toBeLessThanOrEqual(100);
    await page.getByLabel('Filter the dependencies').fill('@babel');
    const all = await dependencies(closure.hub, false);
    const expected = all.filter((p) => p.toLowerCase().includes('@babel'));
    await expect(page.getByText(`${expected.length} of ${all.length} dependencies match`).count()).resolves.toBe(1);
    const shown = await page.$$eval('ul[aria-label="Dependencies in the closure"] > li', (lis) =>
      lis.map((li) => li.getAttribute('data-purl')),
    );
    expect(shown).toEqual(expected.slice(0, 100));
  });
});

describe('the graph of an artifact from the example data', () => {
  /** The web-frontend image of examples/demo (its SBOM's subject). */
  const DIGEST = 'sha256:9c2f4a1e3b7d8c6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a';
  let server: TestServer;
  let page: Page;

  beforeAll(async () => {
    server = await startUiServer();
    page = await browser.newPage({ viewport: { width: 375, height: 800 } });
  });
  afterAll(async () => {
    await page?.close();
    await server?.close();
  });

  it('draws the artifact, lists its dependencies and highlights the path to one', async () => {
    await page.goto(`${server.url}${graphPath(DIGEST)}`);
    await page.waitForSelector('.graph-view[data-state="drawn"]');
    const direct = await server.get(`/v0/artifact/${q(DIGEST)}/dependencies?direct=true`);
    expect(direct.status).toBe(200);
    const items = await drawnItems(page);
    expect(childrenShown(items, DIGEST)).toBe(direct.body.PurlList.length);
    const all = await server.get(`/v0/artifact/${q(DIGEST)}/dependencies`);
    const target: string = all.body.PurlList[all.body.PurlList.length - 1];
    await page.getByLabel('Filter the dependencies').fill(target);
    await page.locator(`li[data-purl="${target}"] button`).click();
    await page.waitForSelector(`.graph-view[data-drawn-path-end="${target}"]`);
    const path = await server.get(`/v0/path?from=${q(DIGEST)}&to=${q(target)}`);
    const expected = path.body.paths[0].map((s: { node: string }) => s.node);
    const onPath = (await drawnItems(page)).filter((i) => i.onPath).map((i) => i.node);
    expect(onPath.sort()).toEqual([...expected].sort());
    // Nothing wider than the phone's screen, even with long purls and digests.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(page.getByRole('link', { name: 'Back to the artifact page' }).getAttribute('href')).resolves.toBe(
      `/ui/artifact/${q(DIGEST)}`,
    );
    await screenshot(page, 'graph-artifact-375');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
