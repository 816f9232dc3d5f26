// The CI recipe end to end: `supplygraph policies set` on the store, a server over it, and
// `supplygraph check --server URL --token T sbom.json` judging SBOMs: exit 1 and a readable report
// for a failing build, 0 for a passing one, 2 when the server cannot give a verdict.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../helpers/corpus.js';
import { serviceSbom } from '../helpers/builds.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';
import { cli } from './run-cli.js';

const ADVISORY = readFileSync(join(FIXTURES_DIR, 'diff', 'osv-GHSA-35jh-r3h4-6jhm.json'), 'utf8');

let t: TestServer;
let token: string;
const files = tempDir('sg-check-');

function sbomFile(name: string, components: string[]): string {
  const path = join(files, `${name}.cdx.json`);
  writeFileSync(path, serviceSbom({ service: 'cart', version: name, components }));
  return path;
}

beforeAll(async () => {
  t = await startTestServer({ 'advisory.json': ADVISORY });
  token = (await createTestToken(t.storeDir, 'ingest')).token;
  const set = await cli([
    'policies',
    'set',
    'fixable-high',
    '--store',
    t.storeDir,
    '--expression',
    'vuln.fixAvailable && (vuln.severity == "HIGH" || vuln.severity == "CRITICAL")',
  ]);
  expect(set.code, set.stderr).toBe(0);
  const bad = await cli(['policies', 'set', 'bad', '--store', t.storeDir, '--expression', 'vuln.severity ==']);
  expect(bad.code).toBe(1);
  expect(bad.stderr).toMatch(/expression: <input>:1:/);
});
afterAll(async () => {
  await t?.close();
});

describe('supplygraph check', () => {
  it('fails a build with a fixable high vulnerability: exit 1, the violation and its path', async () => {
    const r = await cli(['check', '--server', t.url, '--token', token, sbomFile('1.0.0', ['pkg:npm/lodash@4.17.20'])]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^verdict: FAIL \(project cart; policies: fixable-high\)/);
    expect(r.stdout).toContain('FAIL fixable-high: pkg:npm/lodash@4.17.20 GHSA-35jh-r3h4-6jhm');
    expect(r.stdout).toContain('via pkg:npm/cart@1.0.0 → pkg:npm/lodash@4.17.20');
  });

  it('passes the build with the fix: exit 0; --json gives the verdict', async () => {
    const r = await cli([
      'check',
      '--server',
      t.url,
      '--token',
      token,
      '--json',
      sbomFile('1.0.1', ['pkg:npm/lodash@4.17.21']),
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ verdict: 'pass', violations: [] });
  });

  it('exit 2 when no verdict can be had: no token, or no server', async () => {
    const noToken = await cli(['check', '--server', t.url, sbomFile('1.0.2', [])]);
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/the server answered 401/);
    const noServer = await cli(['check', '--server', 'http://127.0.0.1:9', '--token', token, sbomFile('1.0.3', [])]);
    expect(noServer.code).toBe(2);
  });
});
