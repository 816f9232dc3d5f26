// The web UI's bundle: every dist/ui asset raw and gzipped, what the first page load fetches
// (index.html's scripts and stylesheets, with their module preloads) and what only the graph pages
// fetch (the graph page chunk, the drawing module and Cytoscape.js).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface AssetSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface BundleSizes {
  assets: AssetSize[];
  initial: { files: string[]; raw: number; gzip: number };
  graph: { files: string[]; raw: number; gzip: number };
}

const sum = (list: AssetSize[]) => ({
  files: list.map((a) => a.file),
  raw: list.reduce((n, a) => n + a.raw, 0),
  gzip: list.reduce((n, a) => n + a.gzip, 0),
});

export function bundleSizes(dir: string): BundleSizes {
  const assetsDir = join(dir, 'assets');
  const assets = readdirSync(assetsDir)
    .sort()
    .map((file) => {
      const bytes = readFileSync(join(assetsDir, file));
      return { file: `assets/${file}`, raw: bytes.length, gzip: gzipSync(bytes).length };
    });
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const referenced = new Set([...html.matchAll(/(?:src|href)="\/ui\/(assets\/[^"]+)"/g)].map((m) => m[1]));
  const initial = assets.filter((a) => referenced.has(a.file));
  // Named by Vite after their entry modules: pages/graph.tsx, graph/draw.ts, and the library.
  const graph = assets.filter((a) => /^assets\/(graph|draw|cytoscape)[.-]/.test(a.file));
  return { assets, initial: sum(initial), graph: sum(graph) };
}
