#!/usr/bin/env node
// @ts-check
// The web UI step of `npm run build` (and so of `npm install`, through `prepare`): runs
// `npm run build:ui` (the OpenAPI document, the UI's API types generated from it, the pages in
// dist/ui) unless nothing it is built from changed since it last ran here and its outputs are
// the ones that run wrote. A re-install, or `npm test` right after one, then skips it
// (docs/benchmarks.md, "Install"). `npm run build:ui` itself always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * What the UI build reads: the service's sources (the OpenAPI document is generated from them)
 * and its compiler settings, the pages, and the versions of every tool and library.
 */
export const INPUTS = ['src', 'ui', 'tsconfig.json', 'package.json', 'package-lock.json'];
/** Parts of `ui/` that are not inputs: its own outputs and its tests. */
const NOT_INPUTS = ['ui/generated', 'ui/test'];
/** What it writes: all must be there, as the last build left them, to skip it. */
export const OUTPUTS = ['dist/ui/index.html', 'ui/generated/openapi.json', 'ui/generated/api.d.ts'];
/** The record of the last build: the digests of its inputs and of its outputs. */
export const RECORD = 'ui/generated/build-record.txt';

/**
 * The files under `path` (a file or a directory, relative to `root`), as sorted relative paths
 * with `/` separators; none when it does not exist.
 * @param {string} root
 * @param {string} path
 * @returns {string[]}
 */
function filesUnder(root, path) {
  const full = join(root, path);
  if (NOT_INPUTS.includes(path) || !existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, `${path}/${name}`));
}

/**
 * SHA-256 over the paths and contents of `files` (relative to `root`).
 * @param {string} root
 * @param {string[]} files
 * @returns {string}
 */
function digestOf(root, files) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * The record a build of the UI from the checkout at `root`, as it is now, leaves.
 * @param {string} root
 * @returns {string}
 */
export function currentRecord(root) {
  const inputs = INPUTS.flatMap((path) => filesUnder(root, path));
  return `inputs ${digestOf(root, inputs)}\noutputs ${digestOf(root, OUTPUTS)}\n`;
}

/**
 * Whether the UI at `root` is built from its current inputs: every output is there and the
 * record of the last build names these inputs and these outputs (so outputs written by another
 * build, a direct `npm run build:ui` of other sources say, count as stale).
 * @param {string} root
 * @returns {boolean}
 */
export function isUpToDate(root) {
  if (!OUTPUTS.every((file) => existsSync(join(root, file)))) return false;
  const recordPath = join(root, RECORD);
  return existsSync(recordPath) && readFileSync(recordPath, 'utf8') === currentRecord(root);
}

/**
 * Runs `npm run build:ui` at `root`, through the npm that runs this script when there is one.
 * @param {string} root
 * @returns {number} its exit code
 */
function runBuild(root) {
  const npm = process.env.npm_execpath;
  const [command, args] =
    npm !== undefined && npm.endsWith('.js')
      ? [process.execPath, [npm, 'run', 'build:ui']]
      : ['npm', ['run', 'build:ui']];
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  return result.status ?? 1;
}

/**
 * @param {string} root
 * @returns {number} the exit code
 */
function main(root) {
  if (isUpToDate(root)) {
    console.log('web UI: up to date (no change to src/, ui/ or the dependencies since its last build)');
    return 0;
  }
  // A build that fails half-way leaves no record: the next one starts over.
  rmSync(join(root, RECORD), { force: true });
  const status = runBuild(root);
  if (status !== 0) return status;
  mkdirSync(dirname(join(root, RECORD)), { recursive: true });
  writeFileSync(join(root, RECORD), currentRecord(root));
  return 0;
}

// Run as a script (`node scripts/build-ui.js`), not imported (the tests import it).
if (process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === import.meta.url) {
  process.exitCode = main(fileURLToPath(new URL('..', import.meta.url)));
}
