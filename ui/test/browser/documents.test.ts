// The documents pages: the list and one document as /v0/documents answers them, the upload form
// without a token (the sentence, the field, the server's 401 when forced) and with an ingest
// token (a fixture stored, shown with its skipped item, and listed first).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/helpers/server.js';
import { createTestToken } from '../../../test/helpers/tokens.js';
import { launchBrowser, screenshot, seriousViolations, startUiServer } from './harness.js';

/** An SPDX SBOM that is not in examples/, with one item ingest skips. */
const FIXTURE = fileURLToPath(
  new URL('../../../test/fixtures/spdx/spdx-sbom-tool-missionlz-build-manifest.json', import.meta.url),
);
const FIXTURE_DIGEST = `sha256:${createHash('sha256').update(readFileSync(FIXTURE)).digest('hex')}`;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startUiServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newPage(): Promise<Page> {
  return browser.newPage({ viewport: { width: 1280, height: 800 } });
}

function zipOf(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A page on the documents list with an ingest token entered in the upload section's field. */
async function pageWithToken(): Promise<Page> {
  const { token } = await createTestToken(server.storeDir, 'ingest');
  const page = await newPage();
  await page.goto(`${server.url}/ui/documents`);
  await page.getByLabel('API token with the ingest scope').fill(token);
  await page.keyboard.press('Enter');
  await page.getByLabel(/^Document file/).waitFor();
  return page;
}

async function apiDocuments(): Promise<any[]> {
  const res = await server.get('/v0/documents?PageSize=25');
  expect(res.status).toBe(200);
  return res.body.documents;
}

/** The list's rows as the page shows them: link target and text of each cell. */
async function shownRows(page: Page) {
  await page.locator('table.documents tbody tr').first().waitFor();
  return page.locator('table.documents tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = [...row.querySelectorAll('td')];
      return {
        href: cells[0].querySelector('a')!.getAttribute('href'),
        format: cells[1].textContent,
        // A digest subject is shortened in the table, the whole of it in the link's title.
        subject: cells[2].querySelector('a')?.getAttribute('title') ?? cells[2].textContent,
        subjectHref: cells[2].querySelector('a')?.getAttribute('href') ?? null,
        ingestedAt: cells[3].querySelector('time')!.getAttribute('datetime'),
        by: cells[4].textContent,
        origin: cells[5].textContent,
        facts: [...cells[6].querySelectorAll('.fact')].map((fact) => fact.textContent),
        skipped: cells[7].textContent,
      };
    }),
  );
}

describe('the document list and a document', () => {
  it('lists the same documents as GET /v0/documents, newest first, subjects linked', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/ui/documents`);
    const expected = await apiDocuments();
    expect(expected.length).toBeGreaterThan(0);
    const rows = await shownRows(page);
    expect(rows.map((r) => r.href)).toEqual(expected.map((d) => `/ui/documents/${encodeURIComponent(d.digest)}`));
    expect(rows.map((r) => r.format)).toEqual(expected.map((d) => d.format));
    expect(rows.map((r) => r.subject)).toEqual(expected.map((d) => d.subject ?? 'none'));
    expect(rows.map((r) => r.ingestedAt)).toEqual(expected.map((d) => d.ingestedAt));
    expect(rows.map((r) => r.by)).toEqual(expected.map((d) => d.ingestedBy ?? 'unknown'));
    expect(rows.map((r) => r.origin)).toEqual(expected.map((d) => d.origin));
    const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
    expect(rows.map((r) => r.facts)).toEqual(
      expected.map((d) => [
        count(d.counts.packages, 'package', 'packages'),
        count(d.counts.artifacts, 'artifact', 'artifacts'),
        count(d.counts.dependencies, 'dependency', 'dependencies'),
      ]),
    );
    expect(rows.map((r) => r.skipped)).toEqual(expected.map((d) => d.skippedCount.toLocaleString('en-US')));
    // A purl subject leads to its package page, a digest to its artifact page.
    const purlRow = expected.findIndex((d) => d.subject?.startsWith('pkg:'));
    const digestRow = expected.findIndex((d) => /^sha256:[0-9a-f]{64}$/.test(d.subject ?? ''));
    expect(rows[purlRow].subjectHref).toBe(`/ui/package/${encodeURIComponent(expected[purlRow].subject)}`);
    expect(rows[digestRow].subjectHref).toBe(`/ui/artifact/${encodeURIComponent(expected[digestRow].subject)}`);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'documents');
    await page.close();
  });

  it('a document link opens the document with what GET /v0/documents/{digest} answers', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/ui/documents`);
    const [first] = await apiDocuments();
    await page.locator('table.documents tbody tr a.digest').first().click();
    await page.waitForURL((url) => url.pathname === `/ui/documents/${encodeURIComponent(first.digest)}`);
    const res = await server.get(`/v0/documents/${encodeURIComponent(first.digest)}`);
    await page.locator('dl.facts-list').waitFor();
    const facts = await page.locator('dl.facts-list dd').allTextContents();
    expect(facts.slice(0, 2)).toEqual([res.body.digest, res.body.format]);
    expect(facts[5]).toBe(res.body.origin);
    expect(res.body.skipped).toEqual([]);
    await page.getByText('Ingest left nothing out of this document.').waitFor();
    await page.close();
  });

  it('fits a 375 px phone: the table scrolls inside its box, the page does not', async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await phone.goto(`${server.url}/ui/documents`);
    await phone.locator('table.documents tbody tr').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const [first] = await apiDocuments();
    await phone.goto(`${server.url}/ui/documents/${encodeURIComponent(first.digest)}`);
    await phone.locator('dl.facts-list').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await phone.close();
  });

  it('an unknown document shows the API’s 404 detail', async () => {
    const page = await newPage();
    const digest = `sha256:${'0'.repeat(64)}`;
    const res = await server.get(`/v0/documents/${digest}`);
    expect(res.status).toBe(404);
    await page.goto(`${server.url}/ui/documents/${encodeURIComponent(digest)}`);
    await expect(page.getByRole('alert').textContent()).resolves.toContain(res.body.detail);
    await page.close();
  });
});

describe('uploading', () => {
  it('without a token: the sentence and the token field; a forced upload shows the server’s 401', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/ui/documents`);
    await page.getByText('Uploads need an API token with the ingest scope').waitFor();
    await expect(page.getByLabel('API token with the ingest scope').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel(/^Document file/).isVisible()).resolves.toBe(false);

    const refused = await server.request('POST', '/v0/documents', {}, readFileSync(FIXTURE));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);

    await page.getByText('Try without a token').click();
    await page.getByLabel(/^Document file/).setInputFiles(FIXTURE);
    await page.getByRole('button', { name: 'Upload' }).click();
    const alert = page.locator('.upload-status [role=alert]');
    await expect(alert.textContent()).resolves.toContain(`Upload refused (HTTP 401): ${refused.body.detail}`);
    // Nothing was stored.
    expect((await apiDocuments()).map((d) => d.digest)).not.toContain(FIXTURE_DIGEST);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('with an ingest token: stores a fixture, shows its skipped item, lists it first', async () => {
    const { token } = await createTestToken(server.storeDir, 'ingest', { name: 'ui-upload' });
    const page = await newPage();
    await page.goto(`${server.url}/ui/documents`);
    await page.getByLabel('API token with the ingest scope').fill(token);
    await page.keyboard.press('Enter');
    await page.getByLabel(/^Document file/).setInputFiles(FIXTURE);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.locator('.upload-result').getByText('Stored', { exact: true }).waitFor();

    const stored = await server.get(`/v0/documents/${encodeURIComponent(FIXTURE_DIGEST)}`);
    expect(stored.status).toBe(200);
    expect(stored.body.ingestedBy).toBe('ui-upload');
    expect(stored.body.origin).toBe('spdx-sbom-tool-missionlz-build-manifest.json');
    expect(stored.body.skipped.length).toBeGreaterThan(0);
    const answerSkips = await page.locator('.upload-result table.skipped tbody tr td').allTextContents();
    expect(answerSkips).toEqual(stored.body.skipped.flatMap((s: any) => [s.path, s.reason]));

    // The list was asked again: the new document is first, as the API lists it.
    await expect
      .poll(async () => (await shownRows(page))[0].href)
      .toBe(`/ui/documents/${encodeURIComponent(FIXTURE_DIGEST)}`);
    expect((await apiDocuments())[0].digest).toBe(FIXTURE_DIGEST);
    expect(await seriousViolations(page)).toEqual([]);

    // The same bytes again change nothing.
    await page.getByLabel(/^Document file/).setInputFiles(FIXTURE);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.locator('.upload-result').getByText('Already present (nothing changed)').waitFor();
    await page.close();
  });

  it('a document with skipped items shows each, with path and reason', async () => {
    const page = await newPage();
    const res = await server.get(`/v0/documents/${encodeURIComponent(FIXTURE_DIGEST)}`);
    expect(res.body.skipped.length).toBeGreaterThan(0);
    await page.goto(`${server.url}/ui/documents/${encodeURIComponent(FIXTURE_DIGEST)}`);
    await page.locator('table.skipped').waitFor();
    const cells = await page.locator('table.skipped tbody tr td').allTextContents();
    expect(cells).toEqual(res.body.skipped.flatMap((s: any) => [s.path, s.reason]));
    const subject = page.locator('dl.facts-list dd a.purl');
    await expect(subject.getAttribute('href')).resolves.toBe(`/ui/package/${encodeURIComponent(res.body.subject)}`);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'document-detail');
    await page.close();
  });

  it('a zip archive: each entry’s result, the good one stored even though another failed (422)', async () => {
    const osv = readFileSync(
      fileURLToPath(new URL('../../../test/fixtures/osv/osv-pysec-pypi-requests-PYSEC-2023-74.json', import.meta.url)),
    );
    const osvDigest = `sha256:${createHash('sha256').update(osv).digest('hex')}`;
    const zip = await zipOf({ 'good/pysec.json': osv, 'bad.json': '{"isDependency": [{"pkg": 7}]}' });
    const page = await pageWithToken();
    await page
      .getByLabel(/^Document file/)
      .setInputFiles({ name: 'batch.zip', mimeType: 'application/zip', buffer: zip });
    await page.getByRole('button', { name: 'Upload' }).click();
    const rows = page.locator('.upload-result table tbody tr');
    await rows.first().waitFor();
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    );
    expect(cells.map((c) => c.slice(0, 2))).toEqual([
      ['good/pysec.json', 'Stored'],
      ['bad.json', 'Failed'],
    ]);
    await expect(page.locator('.upload-result').textContent()).resolves.toContain(
      '1 failed (the others are stored; HTTP 422)',
    );
    const stored = await server.get(`/v0/documents/${encodeURIComponent(osvDigest)}`);
    expect(stored.status).toBe(200);
    expect(stored.body.origin).toBe('batch.zip!/good/pysec.json');
    expect(await rows.first().locator('a').getAttribute('href')).toBe(`/ui/documents/${encodeURIComponent(osvDigest)}`);
    await page.close();
  });

  it('a gzip-compressed document is sent as application/gzip and stored under its decoded digest', async () => {
    const bytes = readFileSync(
      fileURLToPath(
        new URL(
          '../../../test/fixtures/scorecard/scorecard-scorecard-action-rohankh532-oidc-test.json',
          import.meta.url,
        ),
      ),
    );
    const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    const page = await pageWithToken();
    await page
      .getByLabel(/^Document file/)
      .setInputFiles({ name: 'scorecard.json.gz', mimeType: '', buffer: gzipSync(bytes) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.locator('.upload-result').getByText('Stored', { exact: true }).waitFor();
    await expect(page.locator('.upload-result a.digest').getAttribute('href')).resolves.toBe(
      `/ui/documents/${encodeURIComponent(digest)}`,
    );
    expect((await server.get(`/v0/documents/${encodeURIComponent(digest)}`)).status).toBe(200);
    await page.close();
  });
});
