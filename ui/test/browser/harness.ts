// The browser tests' parts: a real server on a real socket over a store holding real documents,
// Debian's Chromium driven by playwright-core (no browser download), screenshots kept as test
// artefacts, and an axe-core accessibility check.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { ServeOptions } from '../../../src/http/server.js';
import { startTestServer, type TestServer } from '../../../test/helpers/server.js';
import { CHROMIUM } from './chromium.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Where screenshots go: a test artefact, not committed (docs/ui/ holds the ones kept). */
export const SCREENSHOT_DIR = resolve(ROOT, 'test-artifacts', 'screenshots');

/** The documents the README's first command loads (examples/real and examples/demo). */
export function exampleDocuments(): Record<string, string> {
  const docs: Record<string, string> = {};
  for (const dir of ['examples/real', 'examples/demo']) {
    for (const file of readdirSync(join(ROOT, dir)).sort()) {
      if (file.endsWith('.json')) docs[file] = readFileSync(join(ROOT, dir, file), 'utf8');
    }
  }
  return docs;
}

/** A server on 127.0.0.1 (a real socket) over a new store holding `documents`. */
export function startUiServer(
  documents: Record<string, unknown> = exampleDocuments(),
  options: Partial<ServeOptions> = {},
): Promise<TestServer> {
  return startTestServer(documents, undefined, options);
}

/** Headless Chromium with the flags this machine's closed network needs (no background calls). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Keeps a full-page screenshot as `test-artifacts/screenshots/<name>.png`. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's violations of impact serious or critical on the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol: the page's CSP (rightly) refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    }
    const results = await axe.run(document);
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
}
