// The vulnerability page: the record as the API gives it, and the blast radius — the image a
// vulnerability of the example data reaches, with its path — on a desktop and a phone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/helpers/server.js';
import { launchBrowser, screenshot, seriousViolations, startUiServer } from './harness.js';

let server: TestServer;
let browser: Browser;
let page: Page;

interface Reached {
  digest: string;
  via: string[];
  suppressedBy?: { subject: string; status: string };
}

/** A vulnerability of the example data whose artifacts (with the VEX-cleared ones) pass `test`. */
async function vulnWithArtifacts(
  test: (artifacts: Reached[]) => boolean,
): Promise<{ id: string; artifacts: Reached[] }> {
  for (const q of ['CVE', 'GHSA', 'GO-']) {
    const found = await server.get(`/v0/search?q=${q}&kind=vulnerability&PageSize=100`);
    for (const result of found.body.results as { id: string }[]) {
      const reached = await server.get(`/v0/vuln/${encodeURIComponent(result.id)}/artifacts?include=suppressed`);
      const artifacts = reached.body.artifacts as Reached[];
      if (test(artifacts)) return { id: result.id, artifacts };
    }
  }
  throw new Error('no vulnerability of the example data has such artifacts');
}

/** A vulnerability of the example data that reaches an artifact. */
const vulnReachingAnArtifact = () => vulnWithArtifacts((artifacts) => artifacts.some((a) => !a.suppressedBy));

const vulnUrl = (id: string) => `${server.url}/ui/vuln/${encodeURIComponent(id)}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startUiServer(), launchBrowser()]);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the vulnerability page', () => {
  it('shows the record as the API answers it', async () => {
    const { id } = await vulnReachingAnArtifact();
    const record = (await server.get(`/v0/vuln/${encodeURIComponent(id)}`)).body;
    await page.goto(vulnUrl(id));
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect(await heading.textContent()).toBe(`${record.id} ${record.severity}`);
    const aliases = await page.locator('dt:has-text("Aliases") + dd a').allTextContents();
    expect(aliases).toEqual(record.aliases);
    const reach = await page.getByTestId('reach').textContent();
    expect(reach).toContain(`${record.artifacts} artifact`);
    expect(reach).toContain(`${record.dependents} dependent`);
  });

  it("lists every source's rating, the one shown first, as the API orders them", async () => {
    // BusyBox's CVE in the example Grype report: NVD's label and vectors, and a CNA's vector.
    const record = (await server.get('/v0/vuln/CVE-2022-28391')).body;
    expect(record.ratings.length).toBeGreaterThan(1);
    await page.goto(vulnUrl('CVE-2022-28391'));
    const items = page.locator('ul.ratings li');
    await items.first().waitFor();
    const sources = await items.evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.source));
    expect(sources).toEqual(record.ratings.map((r: { source: string }) => r.source));
    expect(await page.locator('dt:has-text("Severity") + dd').textContent()).toContain(
      `from ${record.severitySource.source}`,
    );
  });

  it('shows each artifact it reaches with its path to the affected package, as the API gives them', async () => {
    const { id, artifacts } = await vulnReachingAnArtifact();
    await page.goto(vulnUrl(id));
    const section = page.locator('section[aria-labelledby="artifacts-h"]');
    await section
      .getByRole('status')
      .filter({ hasText: /Showing/ })
      .waitFor();
    const chains = await section
      .locator('ol.chain')
      .evaluateAll((lists) => lists.map((list) => [...list.querySelectorAll('li')].map((li) => li.textContent)));
    expect(chains).toEqual(artifacts.map((a) => [a.digest, ...a.via]));
    // The image's node links to its own page.
    const first = section.getByRole('link', { name: artifacts[0].digest });
    expect(await first.getAttribute('href')).toBe(`/ui/artifact/${encodeURIComponent(artifacts[0].digest)}`);
    await screenshot(page, 'vuln');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('draws the paths it lists: the drawing holds exactly the nodes of the chains of the API', async () => {
    const { id, artifacts } = await vulnReachingAnArtifact();
    const dependents = (await server.get(`/v0/vuln/${encodeURIComponent(id)}/dependents`)).body.dependents as {
      purl: string;
      via: string[];
    }[];
    await page.goto(vulnUrl(id));
    const drawing = page.locator('section[aria-labelledby="paths-h"] .graph-view[data-state="drawn"]');
    await drawing.waitFor();
    const drawn = await drawing
      .locator('ul[aria-label="Drawn nodes"] > li')
      .evaluateAll((items) => items.map((li) => li.getAttribute('data-node')));
    const expected = new Set([
      ...artifacts.filter((a) => !a.suppressedBy).flatMap((a) => [a.digest, ...a.via]),
      ...dependents.flatMap((d) => [d.purl, ...d.via]),
    ]);
    expect(new Set(drawn)).toEqual(expected);
  });

  it('lists the affected packages and the dependents as the API does', async () => {
    const { id } = await vulnReachingAnArtifact();
    const path = `/v0/vuln/${encodeURIComponent(id)}`;
    const affected = (await server.get(`${path}/packages?include=suppressed&PageSize=50`)).body;
    const dependents = (await server.get(`${path}/dependents?PageSize=50&include=suppressed`)).body;
    await page.goto(vulnUrl(id));
    const affectedList = page.locator('section[aria-labelledby="affected-h"] .item-list > li > a');
    await affectedList.first().waitFor();
    expect(await affectedList.allTextContents()).toEqual(affected.packages.map((p: { purl: string }) => p.purl));
    const dependentChains = page.locator('section[aria-labelledby="dependents-h"] ol.chain');
    if (dependents.dependents.length > 0) await dependentChains.first().waitFor();
    const shown = await dependentChains.evaluateAll((lists) =>
      lists.map((list) => [...list.querySelectorAll('li')].map((li) => li.textContent)),
    );
    expect(shown).toEqual(dependents.dependents.map((d: { purl: string; via: string[] }) => [d.purl, ...d.via]));
  });

  it('says which artifacts a VEX statement clears, and by whose statement', async () => {
    const { id, artifacts } = await vulnWithArtifacts((all) => all.some((a) => a.suppressedBy));
    await page.goto(vulnUrl(id));
    const items = page.locator('section[aria-labelledby="artifacts-h"] .item-list > li');
    await items.first().waitFor();
    const shown = await items.evaluateAll((lis) =>
      lis.map((li) => [
        li.querySelector('ol.chain a')?.textContent,
        li.querySelector('.not-affected .purl')?.textContent ?? null,
      ]),
    );
    expect(shown).toEqual(artifacts.map((a) => [a.digest, a.suppressedBy?.subject ?? null]));
  });

  it('fits a phone: no horizontal scrolling at 375 px', async () => {
    const { id } = await vulnReachingAnArtifact();
    const phone = await browser.newPage({ viewport: { width: 375, height: 800 } });
    try {
      await phone.goto(vulnUrl(id));
      await phone.locator('section[aria-labelledby="artifacts-h"] ol.chain').first().waitFor();
      const [scrollWidth, clientWidth] = await phone.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      await screenshot(phone, 'vuln-phone');
      expect(await seriousViolations(phone)).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('shows a description as text, never as HTML, and links only http(s) references', async () => {
    const advisory = {
      schema_version: '1.4.0',
      id: 'GHSA-test-ui00-0001',
      modified: '2026-01-02T00:00:00Z',
      published: '2026-01-01T00:00:00Z',
      details: 'First <img src=x id=injected> paragraph.\n\nSecond paragraph.',
      affected: [{ package: { ecosystem: 'npm', name: 'ui-test-nothing' }, versions: ['1.0.0'] }],
      references: [
        { type: 'WEB', url: 'javascript:alert(1)' },
        { type: 'WEB', url: 'https://example.com/advisory' },
      ],
    };
    await server.ingest('ui-test-advisory.json', advisory);
    await page.goto(vulnUrl(advisory.id));
    const record = (await server.get(`/v0/vuln/${advisory.id}`)).body;
    expect(record.description).toContain('<img');
    const description = page.getByTestId('description');
    await description.waitFor();
    // The API's text, shown as text (its paragraphs as <p>; see the unit tests of the split).
    expect((await description.locator('p').allTextContents()).join('\n\n')).toBe(record.description.trim());
    expect(await page.locator('#injected').count()).toBe(0);
    expect(await page.locator('.entity-page img').count()).toBe(0);
    const references = page.locator('.references li');
    expect(await references.allTextContents()).toEqual(['https://example.com/advisory', 'javascript:alert(1)']);
    const links = page.locator('.references a');
    expect(await links.evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('rel')]))).toEqual([
      ['https://example.com/advisory', 'noopener noreferrer'],
    ]);
  });
});
