// Where the repository's parts are, whether a benchmark module runs compiled (bench/dist/...) or
// from its source under vitest (bench/...): the repository is the nearest folder above it with a
// package.json.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

function repositoryRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const ROOT = repositoryRoot(dirname(fileURLToPath(import.meta.url)));
/** bench/: its sources, bench/wrk/ and bench/profiles/. */
export const BENCH_DIR = join(ROOT, 'bench');
/** Generated data, stores, logs and results (git-ignored). */
export const OUT_DIR = join(BENCH_DIR, 'out');
/** The service's command line, from the build (`npm run build`). */
export const BIN = join(ROOT, 'bin', 'supplygraph.js');

/** A module of the service's own build (dist/), as the server runs it. */
export function builtModule(path: string): Promise<Record<string, unknown>> {
  return import(pathToFileURL(join(ROOT, 'dist', path)).href) as Promise<Record<string, unknown>>;
}
