// The package page of a package of the example data with dependencies and vulnerable ones: what
// it shows equals what the API answers; its lists page and filter; a dependency picked from a
// list or a "Why?" button becomes the graph view's selection; a 200-character purl fits a phone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/helpers/server.js';
import { launchBrowser, screenshot, seriousViolations, startUiServer } from './harness.js';

let server: TestServer;
let browser: Browser;
let page: Page;
/** A package version with dependencies and a vulnerable dependency, and that dependency. */
let subject: { purl: string; vulnerableDependency: string };

const enc = encodeURIComponent;
const packageUrl = (purl: string) => `${server.url}/ui/package/${enc(purl)}`;

interface Finding {
  package: string;
  vulnerability: { vulnerabilityIDs: string[] };
}

/** Found through the API: a dependent of a vulnerability of the example data, with dependencies. */
async function findSubject(): Promise<typeof subject> {
  for (const q of ['CVE', 'GHSA', 'GO-']) {
    const found = await server.get(`/v0/search?q=${q}&kind=vulnerability&PageSize=100`);
    for (const { id } of found.body.results as { id: string }[]) {
      const dependents = await server.get(`/v0/vuln/${enc(id)}/dependents`);
      for (const d of dependents.body.dependents as { purl: string; via: string[] }[]) {
        const info = await server.get(`/v0/package/${enc(d.purl)}/info`);
        if (info.status === 200 && info.body.counts.dependencies > 0)
          return { purl: d.purl, vulnerableDependency: d.via[d.via.length - 1] };
      }
    }
  }
  throw new Error('no package of the example data depends on a vulnerable package');
}

async function openSubject(): Promise<void> {
  await page.goto(packageUrl(subject.purl));
  await page.locator('[data-dependency]').first().waitFor();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startUiServer(), launchBrowser()]);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  subject = await findSubject();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the package page', () => {
  it('shows the purl and what /info answers', async () => {
    const info = (await server.get(`/v0/package/${enc(subject.purl)}/info`)).body;
    await openSubject();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(info.purl);
    const counts = await page.getByTestId('counts').textContent();
    expect(counts).toMatch(new RegExp(`^${info.counts.dependencies} dependenc`));
    expect(counts).toContain(`${info.counts.dependents} dependent`);
    expect(counts).toContain(`${info.counts.documents} document`);
    const documents = await page.locator('dt:has-text("Documents") + dd a').allTextContents();
    expect(documents).toEqual(info.documents);
    const licences = page.getByTestId('licences').locator('code');
    expect(await licences.allTextContents()).toEqual(info.licenses.map((l: { expression: string }) => l.expression));
  });

  it('lists the vulnerabilities of the package and its dependencies, each with its record', async () => {
    const findings = (await server.get(`/v0/package/${enc(subject.purl)}/vulns?includeDependencies=true`))
      .body as Finding[];
    await openSubject();
    const rows = page.locator('table.vuln-table tbody tr');
    await rows.first().waitFor();
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.vuln ?? ''));
    expect(new Set(shown).size).toBe(shown.length);
    const covered = new Set<string>();
    for (const [i, id] of shown.entries()) {
      const record = (await server.get(`/v0/vuln/${enc(id)}`)).body;
      expect(record.id).toBe(id);
      for (const alias of [record.id, ...record.aliases]) covered.add(alias);
      expect(await rows.nth(i).locator('.badge').first().textContent()).toBe(record.severity);
    }
    // Every finding the API gives is one of the rows (by id or alias), and only those.
    for (const f of findings) for (const id of f.vulnerability.vulnerabilityIDs) expect(covered).toContain(id);
    const packages = await rows.locator('td:last-child a.purl').allTextContents();
    expect(new Set(packages)).toEqual(new Set(findings.map((f) => f.package)));
  });

  it('lists dependencies, dependents and artifacts as the API pages them', async () => {
    const base = `/v0/package/${enc(subject.purl)}`;
    const deps = (await server.get(`${base}/dependencies?PageSize=50`)).body;
    const dependents = (await server.get(`${base}/dependents?PageSize=50`)).body;
    const artifacts = (await server.get(`${base}/artifacts?PageSize=50`)).body;
    const licences = (await server.get(`/analysis/licenses?purl=${enc(subject.purl)}`)).body;
    await openSubject();
    const depItems = await page
      .locator('[data-dependency]')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.dependency));
    expect(depItems).toEqual(deps.dependencies);
    const dependentsSection = page.locator('section[aria-labelledby="dependents-h"]');
    await dependentsSection
      .getByRole('status')
      .filter({ hasText: /Showing|No dependents/ })
      .waitFor();
    expect(await dependentsSection.locator('.item-list a').allTextContents()).toEqual(dependents.dependents);
    const artifactsSection = page.locator('section[aria-labelledby="artifacts-h"]');
    await artifactsSection
      .getByRole('status')
      .filter({ hasText: /Showing|No artifacts/ })
      .waitFor();
    expect(await artifactsSection.locator('.item-list a.digest').allTextContents()).toEqual(
      artifacts.artifacts.map((a: { digest: string }) => a.digest),
    );
    const options = await page.getByLabel('Licence').locator('option').allTextContents();
    expect(options).toEqual([
      'any licence',
      ...licences.map((l: { License: string; Count: number }) => `${l.License} (${l.Count})`),
    ]);
  });

  it('filters dependencies by text and by licence, and dependents to direct ones', async () => {
    const base = `/v0/package/${enc(subject.purl)}`;
    await openSubject();
    const deps = (await server.get(`${base}/dependencies?PageSize=50`)).body.dependencies as string[];
    const needle = subject.vulnerableDependency.split('/').pop()!.split('@')[0];
    // The list is read until it settles: a filter re-renders, a licence re-asks the API.
    const listed = () =>
      page.locator('[data-dependency]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.dependency));
    await page.getByLabel('Filter loaded dependencies').fill(needle);
    await expect.poll(listed).toEqual(deps.filter((d) => d.toLowerCase().includes(needle.toLowerCase())));
    await page.getByLabel('Filter loaded dependencies').fill('');

    const licences = (await server.get(`/analysis/licenses?purl=${enc(subject.purl)}`)).body as { License: string }[];
    const licence = licences[0].License;
    const byLicence = (await server.get(`${base}/dependencies?PageSize=50&license=${enc(licence)}`)).body;
    await page.getByLabel('Licence').selectOption(licence);
    const depsSection = page.locator('section[aria-labelledby="deps-h"]');
    await depsSection
      .getByRole('status')
      .filter({ hasText: `of ${byLicence.PaginationInfo.TotalCount} dependencies` })
      .waitFor();
    // The unfiltered list may have the same total: the status alone does not say the answer came.
    await expect.poll(listed).toEqual(byLicence.dependencies);

    const direct = (await server.get(`${base}/dependents?PageSize=50&direct=true`)).body;
    const dependentsSection = page.locator('section[aria-labelledby="dependents-h"]');
    await page.getByLabel('Direct dependents only').check();
    await dependentsSection
      .getByRole('status')
      .filter({
        hasText:
          direct.PaginationInfo.TotalCount === 0
            ? 'No dependents'
            : `of ${direct.PaginationInfo.TotalCount} dependents`,
      })
      .waitFor();
    await expect.poll(() => dependentsSection.locator('.item-list a').allTextContents()).toEqual(direct.dependents);
  });

  it('"Show in graph" and "Why?" select the package for the graph view', async () => {
    await openSubject();
    const note = page.locator('.selected-note');
    await page.locator(`[data-dependency="${subject.vulnerableDependency}"] button`).click();
    await expect.poll(() => note.textContent()).toContain(subject.vulnerableDependency);
    await page.reload();
    const why = page
      .locator('table.vuln-table')
      .getByRole('button', { name: new RegExp(`path to ${escape(subject.vulnerableDependency)}`) });
    await why.first().click();
    await expect.poll(() => note.textContent()).toContain(subject.vulnerableDependency);
    await screenshot(page, 'package');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('pages a long dependency list with "More", in the API\'s order', async () => {
    const app = 'pkg:npm/ui-many-deps-app@1.0.0';
    const many = Array.from({ length: 120 }, (_, i) => `pkg:npm/ui-many-dep-${String(i).padStart(3, '0')}@1.0.0`);
    await server.ingest('ui-many-deps.json', cyclonedx(app, many));
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const query = `PageSize=50${cursor ? `&Cursor=${enc(cursor)}` : ''}`;
      const body = (await server.get(`/v0/package/${enc(app)}/dependencies?${query}`)).body;
      pages.push(body.dependencies);
      cursor = body.PaginationInfo.NextCursor;
    } while (cursor);
    expect(pages.length).toBe(3);
    await page.goto(packageUrl(app));
    const items = page.locator('[data-dependency]');
    const shown = () => items.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.dependency));
    const more = page.getByRole('button', { name: 'More dependencies' });
    for (let i = 1; i <= pages.length; i++) {
      if (i > 1) await more.click();
      await page
        .locator('section[aria-labelledby="deps-h"]')
        .getByRole('status')
        .filter({ hasText: `Showing ${pages.slice(0, i).flat().length} of 120 dependencies` })
        .waitFor();
      await expect.poll(shown).toEqual(pages.slice(0, i).flat());
      // Focus moves to the first new item, once it is rendered (the button is gone after the last page).
      if (i > 1) {
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(pages[i - 1][0]);
      }
    }
    expect(await more.count()).toBe(0);
  });

  it('lists the versions a partial purl names', async () => {
    const name = `pkg:npm/ui-two-versions`;
    await server.ingest(
      'ui-two-versions.json',
      cyclonedx('pkg:npm/ui-two-versions-app@1.0.0', [`${name}@1.0.0`, `${name}@2.0.0`]),
    );
    const matches = (await server.get(`/v0/package/${enc(name)}`)).body;
    expect(matches.PurlList.length).toBeGreaterThan(1);
    await page.goto(packageUrl(name));
    await page.locator('#versions-h').waitFor();
    const links = page.locator('section[aria-labelledby="versions-h"] .item-list a');
    expect(await links.allTextContents()).toEqual(matches.PurlList);
    expect(await links.first().getAttribute('href')).toBe(`/ui/package/${enc(matches.PurlList[0])}`);
  });

  it('a 200-character purl does not make a phone scroll sideways', async () => {
    const long = `pkg:maven/org.example.${'averyveryverylonggroupidentifier'.repeat(3)}/artifact-${'x'.repeat(80)}@1.0.0?type=jar`;
    expect(long.length).toBeGreaterThanOrEqual(200);
    const app = 'pkg:npm/ui-long-purl-app@1.0.0';
    await server.ingest('ui-long-purl.json', cyclonedx(app, [long]));
    const phone = await browser.newPage({ viewport: { width: 375, height: 800 } });
    try {
      for (const purl of [long, app]) {
        await phone.goto(packageUrl(purl));
        await phone
          .locator('section[aria-labelledby="deps-h"]')
          .getByRole('status')
          .filter({ hasText: /Showing|No dependencies/ })
          .waitFor();
        const [scrollWidth, clientWidth] = await phone.evaluate(() => [
          document.documentElement.scrollWidth,
          document.documentElement.clientWidth,
        ]);
        expect(scrollWidth, purl).toBeLessThanOrEqual(clientWidth);
      }
      expect(await phone.locator(`[data-dependency="${long}"]`).count()).toBe(1);
      await screenshot(phone, 'package-long-purl-phone');
    } finally {
      await phone.close();
    }
  });
});

describe('the package page with the graph view', () => {
  it('a dependency picked in the list is on the highlighted path of the graph view', async () => {
    await openSubject();
    await page.locator(`[data-dependency="${subject.vulnerableDependency}"] button`).click();
    const node = page.locator(`[data-node="${subject.vulnerableDependency}"][data-on-path="true"]`);
    await node.first().waitFor({ timeout: 15_000 });
    expect(await node.count()).toBeGreaterThan(0);
  });

  it('"Why?" highlights the path to the vulnerable dependency', async () => {
    await openSubject();
    await page.locator('table.vuln-table button.why').first().click();
    const picked = await page.locator('.selected-note .purl').textContent();
    const node = page.locator(`[data-node="${picked}"][data-on-path="true"]`);
    await node.first().waitFor({ timeout: 15_000 });
    expect(await node.count()).toBeGreaterThan(0);
  });

  it('"Why?" draws every node of the chain /v0/path answers, and says whether the documents state it', async () => {
    await openSubject();
    await page.locator('table.vuln-table button.why').first().click();
    const picked = (await page.locator('.selected-note .purl').textContent()) ?? '';
    const answer = (await server.get(`/v0/path?from=${enc(subject.purl)}&to=${enc(picked)}`)).body;
    await page.locator(`.path-note[data-via="${answer.via}"]`).waitFor({ timeout: 15_000 });
    const chain = (answer.paths[0] as { node: string }[]).slice(1).map((step) => step.node);
    for (const name of chain)
      expect(await page.locator(`[data-node="${name}"][data-on-path="true"]`).count(), name).toBeGreaterThan(0);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A small CycloneDX SBOM: `app` depends directly on each of `dependencies`. */
function cyclonedx(app: string, dependencies: string[]): unknown {
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    version: 1,
    metadata: { component: { type: 'application', 'bom-ref': 'app', name: 'app', purl: app } },
    components: dependencies.map((purl, i) => ({ type: 'library', 'bom-ref': `c${i}`, name: `c${i}`, purl })),
    dependencies: [{ ref: 'app', dependsOn: dependencies.map((_, i) => `c${i}`) }],
  };
}
