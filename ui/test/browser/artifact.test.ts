// The image page of the busybox image of the example data (a Grype report's image): its summary,
// contents and vulnerabilities equal what the API answers, and "Why?" selects the vulnerable
// package for the graph view. The /info parts (provenance, documents) and the graph's highlighted
// path are in their own describes: they pass once those are integrated.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/helpers/server.js';
import { launchBrowser, screenshot, seriousViolations, startUiServer } from './harness.js';

let server: TestServer;
let browser: Browser;
let page: Page;
let image: string;

const enc = encodeURIComponent;
const artifactUrl = (digest: string) => `${server.url}/ui/artifact/${enc(digest)}`;
const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN'];

interface Vuln {
  id: string;
  vulnerabilityIDs: string[];
  severity: string;
  package: string;
}

/** The busybox image, found through the API: an artifact shipping a busybox package. */
async function findImage(): Promise<string> {
  const found = await server.get('/v0/search?q=busybox&kind=package');
  for (const result of found.body.results as { purls: string[] }[]) {
    for (const purl of result.purls) {
      const artifacts = await server.get(`/v0/package/${enc(purl)}/artifacts`);
      if (artifacts.body.artifacts.length > 0) return artifacts.body.artifacts[0].digest as string;
    }
  }
  throw new Error('no artifact of the example data ships busybox');
}

async function apiVulns(digest: string): Promise<{ total: number; items: Vuln[] }> {
  const answer = (await server.get(`/v0/artifact/${enc(digest)}/vulns?includeDependencies=true`)).body;
  return { total: answer.PaginationInfo.TotalCount, items: answer.vulnerabilities };
}

async function openImage(): Promise<void> {
  await page.goto(artifactUrl(image));
  await page.getByTestId('vuln-count').waitFor();
  await page.getByTestId('package-count').waitFor();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startUiServer(), launchBrowser()]);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  image = await findImage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the artifact page', () => {
  it('says at the top how many packages, vulnerabilities and findings (per severity) it has, as the API does', async () => {
    const deps = (await server.get(`/v0/artifact/${enc(image)}/dependencies`)).body;
    const vulns = await apiVulns(image);
    expect(vulns.total).toBeGreaterThan(0);
    await openImage();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(image);
    const packages = await page.getByTestId('package-count').textContent();
    expect(packages).toMatch(new RegExp(`^${deps.PaginationInfo.TotalCount} packages? of `));
    // A vulnerability is counted once (its entries for several packages carry the same alias set);
    // a finding is one vulnerability in one package, as the API lists them.
    const distinct = new Set(vulns.items.map((v) => [...v.vulnerabilityIDs].sort().join(' '))).size;
    const count = await page.getByTestId('vuln-count').textContent();
    expect(count).toMatch(new RegExp(`^${distinct} vulnerabilit(y|ies) · ${vulns.total} findings?: `));
    expect(await page.getByTestId('finding-count').textContent()).toBe(`${vulns.total} findings`);
    const perSeverity = await page
      .getByTestId('vuln-count')
      .locator('[data-severity]')
      .evaluateAll((els) => els.map((e) => [(e as HTMLElement).dataset.severity, e.textContent?.trim()]));
    const expected = SEVERITIES.map((s) => [s, vulns.items.filter((v) => v.severity === s).length] as const)
      .filter(([, n]) => n > 0)
      .map(([s, n]) => [s, `${s} ${n}`]);
    expect(perSeverity.map(([s, text]) => [s, text?.replace(/^,\s*/, '')])).toEqual(expected);
  });

  it('lists every vulnerability, most severe first, with its package', async () => {
    const vulns = await apiVulns(image);
    await openImage();
    const rows = page.locator('table.vuln-table tbody tr');
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => [
        (tr as HTMLElement).dataset.vuln,
        tr.querySelector('.badge')?.textContent,
        tr.querySelector('a.purl')?.textContent,
      ]),
    );
    expect(shown.length).toBe(vulns.total);
    const key = (v: unknown[]) => v.join(' ');
    expect(shown.map(key).sort()).toEqual(vulns.items.map((v) => key([v.id, v.severity, v.package])).sort());
    const ranks = shown.map(([, severity]) => SEVERITIES.indexOf(severity ?? ''));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('summarises its contents by purl type and by licence, and lists them', async () => {
    const deps = (await server.get(`/v0/artifact/${enc(image)}/dependencies`)).body.PurlList as string[];
    const licences = (await server.get(`/analysis/licenses?artifact=${enc(image)}`)).body as {
      License: string;
      Count: number;
    }[];
    await openImage();
    const table = (caption: string) =>
      page
        .locator('table.count-table', { has: page.locator(`caption:text-is("${caption}")`) })
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    const byType = new Map<string, number>();
    for (const purl of deps) {
      const type = /^pkg:([^/]+)\//.exec(purl)?.[1] ?? 'unknown';
      byType.set(type, (byType.get(type) ?? 0) + 1);
    }
    expect(new Map((await table('By package type')).map(([t, n]) => [t, Number(n)]))).toEqual(byType);
    expect(await table('By licence')).toEqual(licences.map((l) => [l.License, String(l.Count)]));
    const listed = await page.locator('section[aria-labelledby="contents-h"] .item-list a.purl').allTextContents();
    expect(listed).toEqual(deps.slice(0, 200));
  });

  it('"Why?" selects the vulnerable package for the graph view', async () => {
    const vulns = await apiVulns(image);
    await openImage();
    await page.locator('table.vuln-table button.why').first().click();
    await expect.poll(() => page.locator('.selected-note').textContent()).toContain(vulns.items[0].package);
    await screenshot(page, 'artifact');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('an image where one vulnerability is in two packages', () => {
  const digest = `sha256:${'5ec'.padEnd(64, '0')}`;
  const finding = (id: string, name: string, severity: string) => ({
    VulnerabilityID: id,
    PkgName: name,
    InstalledVersion: '3.0.11-1',
    PkgIdentifier: { PURL: `pkg:deb/debian/${name}@3.0.11-1?distro=debian-12` },
    Severity: severity,
    SeveritySource: 'debian',
  });
  const report = {
    SchemaVersion: 2,
    ArtifactName: 'two-packages:1',
    ArtifactType: 'container_image',
    Metadata: { ImageID: digest },
    Results: [
      {
        Target: 'two-packages:1 (debian 12.5)',
        Class: 'os-pkgs',
        Type: 'debian',
        Vulnerabilities: [
          finding('CVE-2024-0001', 'openssl', 'LOW'),
          finding('CVE-2024-0001', 'libssl3', 'LOW'),
          finding('CVE-2024-0002', 'libssl3', 'HIGH'),
        ],
      },
    ],
  };
  let own: TestServer;
  afterAll(() => own?.close());

  it('counts 2 vulnerabilities and 3 findings, the severities per finding', async () => {
    own = await startUiServer({ 'trivy.json': report });
    const vulns = await own.get(`/v0/artifact/${enc(digest)}/vulns?includeDependencies=true`);
    expect(vulns.body.PaginationInfo.TotalCount).toBe(3);
    await page.goto(`${own.url}/ui/artifact/${enc(digest)}`);
    const count = page.getByTestId('vuln-count');
    await count.waitFor();
    expect(await count.textContent()).toMatch(/^2 vulnerabilities · 3 findings: /);
    const perSeverity = await count.locator('[data-severity]').allTextContents();
    expect(perSeverity.map((t) => t.replace(/^,\s*/, '').trim())).toEqual(['HIGH 1', 'LOW 2']);
  });
});

describe('an unknown artifact', () => {
  it('says so once', async () => {
    const digest = `sha256:${'0'.repeat(64)}`;
    expect((await server.get(`/v0/artifact/${digest}/dependencies`)).status).toBe(404);
    await page.goto(artifactUrl(digest));
    await page.getByText('No artifact in the graph has this digest.').waitFor();
    expect(await page.locator('.failure').count()).toBe(0);
  });
});

describe('the artifact page with /v0/artifact/{digest}/info', () => {
  it('shows the packages the artifact is, and the documents naming it, as /info answers', async () => {
    const info = (await server.get(`/v0/artifact/${enc(image)}/info`)).body;
    expect(info.digest).toBeDefined();
    await page.goto(artifactUrl(image));
    await page.locator('#about-h').waitFor({ timeout: 15_000 });
    expect(await page.locator('dt:has-text("Is the package") + dd a').allTextContents()).toEqual(info.subjects);
    expect(await page.locator('dt:has-text("Documents") + dd a').allTextContents()).toEqual(info.documents);
  });

  it('shows the SLSA provenance of an artifact built by a builder, as /info answers', async () => {
    // The artifacts documents are about (SBOM and provenance subjects), as /v0/documents lists them.
    const documents = (await server.get('/v0/documents?PageSize=100')).body.documents as { subject?: string }[];
    const found = documents.flatMap((d) => (d.subject && /^sha\d+:/.test(d.subject) ? [{ digest: d.subject }] : []));
    let built:
      { digest: string; provenance: { builder: string; materials: string[]; signature?: string }[] } | undefined;
    for (const { digest } of found) {
      const info = await server.get(`/v0/artifact/${enc(digest)}/info`);
      if (info.status === 200 && info.body.provenance.length > 0) built = info.body;
      if (built) break;
    }
    expect(built, 'an artifact of the example data with provenance').toBeDefined();
    await page.goto(artifactUrl(built!.digest));
    await page.locator('.provenance').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.provenance dt:text-is("Builder") + dd').allTextContents()).toEqual(
      built!.provenance.map((p) => p.builder),
    );
    // The signature as judged at ingest: this server trusts no key, so none is verified.
    const signatures = await page
      .locator('.provenance dd.signature')
      .evaluateAll((els) => els.map((e) => [(e as HTMLElement).dataset.signature, e.textContent]));
    expect(signatures.map(([s]) => s)).toEqual(built!.provenance.map((p) => p.signature));
    for (const [s, text] of signatures) expect(text).toMatch(s === 'unsigned' ? /^unsigned$/ : /^signed, not verified/);
  });
});

describe('the artifact page with the graph view', () => {
  it('"Why?" highlights the path from the image to the vulnerable package', async () => {
    const vulns = await apiVulns(image);
    await openImage();
    await page.locator('table.vuln-table button.why').first().click();
    const node = page.locator(`[data-node="${vulns.items[0].package}"][data-on-path="true"]`);
    await node.first().waitFor({ timeout: 15_000 });
    expect(await node.count()).toBeGreaterThan(0);
  });
});
