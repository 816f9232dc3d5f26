// The web UI's build: Preact pages compiled into dist/ui, served by `supplygraph serve` at /ui/.
// Asset names carry a content hash, so the server can let browsers cache them for good.
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/ui/',
  plugins: [preact()],
  build: {
    outDir: fileURLToPath(new URL('../dist/ui', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    // The graph library is loaded only by the pages that draw a graph (its own chunk).
    chunkSizeWarningLimit: 600,
    reportCompressedSize: true,
  },
  server: {
    // `npm run dev:ui`: the pages from Vite with the API of a server on :8080.
    proxy: {
      '/v0': 'http://127.0.0.1:8080',
      '/analysis': 'http://127.0.0.1:8080',
      '/openapi.json': 'http://127.0.0.1:8080',
    },
  },
});
