// The web UI's files over HTTP: `/` leads to /ui/, every page path answers index.html (deep links),
// hashed assets are cached for good and the page is revalidated, the page's CSP allows scripts from
// this origin only, a missing asset is a 404 rather than the page, the UI is open while reads need a
// token, and a server whose UI was never built says so with a problem. Over a real socket, on a
// directory of the shape `vite build` writes (the real build is exercised by the browser tests).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/ui/assets/index-AbC123.js"></script></head></html>';
const SCRIPT = 'console.log("ui");';

function builtUi(): string {
  const dir = tempDir('sg-ui-');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  return dir;
}

describe('a built UI', () => {
  let t: TestServer;
  const uiDir = builtUi();
  beforeAll(async () => {
    t = await startTestServer({}, undefined, { uiDirectory: uiDir, access: { readAccess: 'token' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('/ redirects to /ui/', async () => {
    const res = await fetch(`${t.url}/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/ui/');
  });

  it('/ui/ and /ui answer the page, revalidated, with a CSP that allows scripts from this origin only', async () => {
    for (const path of ['/ui/', '/ui']) {
      const res = await t.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text).toBe(INDEX);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('a deep link answers the page (the browser router shows it)', async () => {
    for (const path of [
      '/ui/package/pkg%3Anpm%2F%2540scope%2Fname%401.0.0',
      '/ui/package/pkg:npm/lodash@4.17.21',
      '/ui/vuln/CVE-2021-44228',
      '/ui/documents',
    ]) {
      const res = await t.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toBe(INDEX);
    }
  });

  it('hashed assets are cached for a year and immutable; other files are revalidated', async () => {
    const asset = await t.get('/ui/assets/index-AbC123.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe(SCRIPT);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = asset.headers.get('etag');
    expect(etag).toBeTruthy();
    // A browser revalidating sends max-age=0 (fetch would otherwise add no-cache, which forces a 200).
    const revalidate = { 'if-none-match': etag!, 'cache-control': 'max-age=0' };
    expect((await t.get('/ui/assets/index-AbC123.js', revalidate)).status).toBe(304);
    const robots = await t.get('/ui/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('cache-control')).toBe('no-cache');
  });

  it('a missing asset is a 404 problem, not the page', async () => {
    const res = await t.get('/ui/assets/index-Gone99.js');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'SG_ROUTE_NOT_FOUND' });
  });

  it('an asset built while the server runs is served (the files are listed again)', async () => {
    // The files are listed again at most once a second, on the server's clock (frozen here): a
    // missing name lists them now, and a file built right after waits for the next second.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect((await t.get('/ui/assets/page-Other789.js')).status).toBe(404);
      writeFileSync(join(uiDir, 'assets', 'page-New456.js'), SCRIPT);
      expect((await t.get('/ui/assets/page-New456.js')).status).toBe(404);
      vi.setSystemTime(Date.now() + 1_000);
      const res = await t.get('/ui/assets/page-New456.js');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    } finally {
      vi.useRealTimers();
    }
  });

  it('the pages need no token while reads do; paths outside the UI stay out of reach', async () => {
    expect((await t.get('/ui/')).status).toBe(200);
    expect((await t.get('/v0/stats')).status).toBe(401);
    expect((await t.get('/ui/../v0/stats')).status).not.toBe(200);
    expect((await t.get('/ui/%2e%2e/package.json')).text).not.toContain('"dependencies"');
  });

  it('the pages answer GET and HEAD only', async () => {
    expect((await t.request('HEAD', '/ui/')).status).toBe(200);
    const post = await t.request('POST', '/ui/', { 'content-type': 'application/json' }, '{}');
    expect(post.status).toBe(405);
  });
});

describe('a UI that was never built', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({}, undefined, { uiDirectory: tempDir('sg-ui-empty-') });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 SG_UI_NOT_BUILT naming the build command; the API still answers', async () => {
    for (const path of ['/ui/', '/ui/package/pkg%3Anpm%2Fa%401']) {
      const res = await t.get(path);
      expect(res.status, path).toBe(503);
      expect(res.body).toMatchObject({ code: 'SG_UI_NOT_BUILT' });
      expect(res.body.detail).toContain('npm run build:ui');
    }
    expect((await t.get('/readyz')).status).toBe(200);
  });
});
