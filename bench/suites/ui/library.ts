// The library comparison: Cytoscape.js alone (no UI around it) drawing N = 300, 2,000 and 10,000
// nodes of a layered DAG with its breadthfirst layout, timed to the first painted frame, and its
// response to a click (a tap handler highlighting the node's neighbourhood, to the next frame).
// This is why the graph view draws a grouped neighbourhood instead of the whole closure.
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { median } from '../../lib/stats.js';

export interface LibraryFigure {
  nodes: number;
  edges: number;
  runs: number;
  drawMs: number;
  clickMs: number;
  drawAll: number[];
  clickAll: number[];
}

const require = createRequire(import.meta.url);
const CYTOSCAPE = require.resolve('cytoscape/dist/cytoscape.min.js');

// Runs in the page (a string: the bench is compiled without DOM types). Builds a layered DAG of
// `n` nodes (fan-out grows with depth, a third of the nodes get a second parent), draws it and
// resolves with the time to the frame after the layout.
const DRAW = `async (n) => {
  let seed = 42;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const elements = [{ data: { id: 'n0' } }];
  const layers = [[0]];
  let next = 1;
  while (next < n) {
    const prev = layers[layers.length - 1];
    const size = Math.min(n - next, Math.max(20, prev.length * 4));
    const layer = [];
    for (let i = 0; i < size; i++, next++) {
      elements.push({ data: { id: 'n' + next, label: 'package-' + next + '@1.0.0' } });
      const p = prev[Math.floor(rand() * prev.length)];
      elements.push({ data: { id: 'e' + p + '-' + next, source: 'n' + p, target: 'n' + next } });
      if (rand() < 0.33) {
        const q = prev[Math.floor(rand() * prev.length)];
        if (q !== p) elements.push({ data: { id: 'e' + q + '-' + next, source: 'n' + q, target: 'n' + next } });
      }
      layer.push(next);
    }
    layers.push(layer);
  }
  const container = document.getElementById('cy');
  if (window.benchCy) window.benchCy.destroy();
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  const t0 = performance.now();
  const cy = (window.benchCy = cytoscape({
    container,
    elements,
    style: [
      { selector: 'node', style: { label: 'data(label)', 'font-size': 10, width: 14, height: 14, 'min-zoomed-font-size': 6 } },
      { selector: 'edge', style: { width: 1, 'curve-style': 'straight', 'target-arrow-shape': 'triangle' } },
      { selector: '.hi', style: { 'background-color': '#bf3989', 'line-color': '#bf3989', width: 3 } },
    ],
    layout: { name: 'breadthfirst', directed: true, roots: ['n0'], animate: false },
  }));
  await frame();
  await frame();
  const drawMs = performance.now() - t0;
  cy.on('tap', 'node', (event) => {
    cy.elements('.hi').removeClass('hi');
    event.target.closedNeighborhood().addClass('hi');
    requestAnimationFrame(() => requestAnimationFrame(() => (window.tapDone = performance.now())));
  });
  const target = cy.getElementById('n' + Math.floor(n / 2));
  cy.center(target);
  await frame();
  const box = container.getBoundingClientRect();
  const at = target.renderedPosition();
  return { drawMs, edges: cy.edges().length, x: box.x + at.x, y: box.y + at.y };
}`;

export async function libraryFigures(browser: Browser, sizes: number[], runs: number): Promise<LibraryFigure[]> {
  const figures: LibraryFigure[] = [];
  for (const n of sizes) {
    const drawAll: number[] = [];
    const clickAll: number[] = [];
    let edges = 0;
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.setContent('<div id="cy" style="width:1200px;height:800px"></div>');
      await page.addScriptTag({ path: CYTOSCAPE });
      await page.evaluate(`window.addEventListener('pointerdown', (e) => (window.downAt = e.timeStamp), true)`);
      const drawn = await page.evaluate<{ drawMs: number; edges: number; x: number; y: number }>(`(${DRAW})(${n})`);
      edges = drawn.edges;
      await page.mouse.click(drawn.x, drawn.y);
      await page.waitForFunction('window.tapDone !== undefined', undefined, { timeout: 120_000 });
      clickAll.push(await page.evaluate<number>('window.tapDone - window.downAt'));
      drawAll.push(drawn.drawMs);
      await page.close();
    }
    figures.push({ nodes: n, edges, runs, drawMs: median(drawAll), clickMs: median(clickAll), drawAll, clickAll });
  }
  return figures;
}
