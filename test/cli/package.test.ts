// What `npm pack` would ship: the compiled CLI and its launcher, docs and README; never the
// tests, the benchmarks or TypeScript sources (a global install of the tarball has no tsc).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = new URL('../..', import.meta.url).pathname;

describe('the package tarball', () => {
  it('ships dist/ and bin/, and no test/, bench/ or sources', async () => {
    // --ignore-scripts: list the files only (the build ran before the tests).
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT });
    const [{ files }] = JSON.parse(stdout) as [{ files: { path: string }[] }];
    const paths = files.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'bin/supplygraph.js', 'dist/cli/main.js', 'docs/api.md']),
    );
    expect(paths.filter((p) => /^(test|bench|src|examples|node_modules)\//.test(p))).toEqual([]);
    expect(paths.filter((p) => p.endsWith('.ts') || p.endsWith('.map') || p.endsWith('.tgz'))).toEqual([]);
    // The incremental compiler's state (npm run build) stays in the checkout.
    expect(paths.filter((p) => p.endsWith('.tsbuildinfo'))).toEqual([]);
  });
});
