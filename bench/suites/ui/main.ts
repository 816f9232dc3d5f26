// npm run bench:ui — the web UI's figures (reported, not asserted): bundle sizes, the graph view
// on a generated 10,000-package closure in Chromium, and Cytoscape.js alone on 300, 2,000 and
// 10,000 nodes. Prints a summary and writes bench/out/ui.json. The server runs as child processes
// (`supplygraph ingest`, then `serve`) over a temporary store.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { BIN as CLI, OUT_DIR as OUT, ROOT } from '../../lib/paths.js';
import { freePort, get, machineFacts, runToEnd, startChild, stopChild, waitFor } from '../../lib/proc.js';
import { bundleSizes } from './bundle-size.js';
import { closureDocument } from './closure-document.js';
import { viewFigures } from './graph-view.js';
import { libraryFigures } from './library.js';

const RUNS = Number(process.env.BENCH_UI_RUNS ?? 5);
const SIZES = (process.env.BENCH_UI_SIZES ?? '300,2000,10000').split(',').map(Number);
const CHROMIUM = process.env.SUPPLYGRAPH_CHROMIUM ?? '/usr/bin/chromium';
// The flags of ui/test/browser/harness.ts (this machine's closed network, no background calls).
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number): string => `${value.toFixed(0)} ms`;

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const sizes = bundleSizes(join(ROOT, 'dist', 'ui'));
  console.log(
    `initial load: ${kb(sizes.initial.raw)} raw, ${kb(sizes.initial.gzip)} gzip (${sizes.initial.files.join(', ')})`,
  );
  console.log(
    `graph pages add: ${kb(sizes.graph.raw)} raw, ${kb(sizes.graph.gzip)} gzip (${sizes.graph.files.join(', ')})`,
  );

  const work = mkdtempSync(join(tmpdir(), 'sg-bench-ui-'));
  const closure = closureDocument();
  const file = join(work, 'closure-10k.cdx.json');
  writeFileSync(file, JSON.stringify(closure.document));
  const store = join(work, 'store');
  const log = join(OUT, 'ui-server.log');
  const ingest = await runToEnd('node', [CLI, 'ingest', '--store', store, file], log, 300_000);
  if (ingest.code !== 0) throw new Error(`ingest failed (${ingest.code}): see ${log}`);
  const port = await freePort();
  const server = startChild(
    'node',
    [CLI, 'serve', '--store', store, '--port', String(port), '--log-level', 'warn'],
    log,
  );
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    const rootPath = `/v0/package/${encodeURIComponent(closure.root)}/dependencies?PageSize=1`;
    await waitFor(async () => (await get(base, rootPath)).status === 200, 120_000, 100);
    const view = await viewFigures(browser, base, closure, RUNS);
    const m = view.median;
    console.log(
      `10,000-package closure, median of ${RUNS}: first draw ${ms(m.firstDrawMs)} (API answered at ${ms(m.dataMs)}), group click ${ms(m.groupClickMs)}, ` +
        `path (root) ${ms(m.pathMs)}, path (hub, ${closure.hubDepth} steps) ${ms(m.hubPathMs)}, heap ${m.heapMB.toFixed(1)} MB`,
    );
    const library = await libraryFigures(browser, SIZES, RUNS);
    for (const f of library)
      console.log(`Cytoscape alone, ${f.nodes} nodes / ${f.edges} edges: draw ${ms(f.drawMs)}, click ${ms(f.clickMs)}`);
    const report = {
      machine: machineFacts(),
      chromium: browser.version(),
      runs: RUNS,
      bundle: sizes,
      closure: { packages: closure.purls.length, root: closure.root, deep: closure.deep, hub: closure.hub },
      view,
      library: { name: 'cytoscape', layout: 'breadthfirst', figures: library },
    };
    writeFileSync(join(OUT, 'ui.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`written: ${join(OUT, 'ui.json')}`);
  } finally {
    await browser.close();
    await stopChild(server);
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
