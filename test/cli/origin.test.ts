// The origin recorded for a document is what the user named: the path as given (relative
// stays relative), the directory as given joined with the path inside it, "stdin", or
// --origin / SUPPLYGRAPH_ORIGIN in its place. Read back through the API's vulnerability metadata.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { cli } from './run-cli.js';

/** A scan with one finding on `purl`, its scan data without an origin of its own. */
function scan(purl: string): string {
  return JSON.stringify({
    certifyVuln: [
      {
        pkg: { type: 'npm', name: purl.slice('pkg:npm/'.length).split('@')[0], version: purl.split('@')[1] },
        vulnerability: { type: 'cve', vulnerabilityID: 'CVE-2024-0001' },
        vulnData: {
          timeScanned: '2024-03-01T10:00:00Z',
          dbUri: 'https://osv.dev',
          dbVersion: '2024-03-01',
          scannerUri: 'https://github.com/google/osv-scanner',
          scannerVersion: '1.7.0',
        },
      },
    ],
  });
}

let t: TestServer;
let work: string;
beforeAll(async () => {
  t = await startTestServer({});
  work = tempDir('sg-cli-origin-');
  mkdirSync(join(work, 'scans/nested'), { recursive: true });
  writeFileSync(join(work, 'scans/one.json'), scan('pkg:npm/relative-file@1.0.0'));
  writeFileSync(join(work, 'scans/nested/two.json'), scan('pkg:npm/in-directory@1.0.0'));
});
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

async function originOf(purl: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const r = await t.get(`/v0/package/${enc(purl)}/vulns`);
    if (r.status === 200 && r.body.length > 0) return r.body[0].metadata.origin;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no finding on ${purl}`);
}

describe('origin', () => {
  it('is the path as given, relative paths staying relative', async () => {
    const r = await cli(['ingest', '--store', t.storeDir, '--quiet', 'scans/one.json'], { cwd: work });
    expect(r.code).toBe(0);
    expect(await originOf('pkg:npm/relative-file@1.0.0')).toBe('scans/one.json');
  });

  it('is the directory as given joined with the path inside it', async () => {
    const r = await cli(['ingest', '--store', t.storeDir, '--quiet', './scans/nested'], { cwd: work });
    expect(r.code).toBe(0);
    expect(await originOf('pkg:npm/in-directory@1.0.0')).toBe('./scans/nested/two.json');
  });

  it('is "stdin" for a document read from stdin', async () => {
    const r = await cli(['ingest', '--store', t.storeDir, '--quiet', '-'], { input: scan('pkg:npm/from-stdin@1.0.0') });
    expect(r.code).toBe(0);
    expect(await originOf('pkg:npm/from-stdin@1.0.0')).toBe('stdin');
  });

  it('is what --origin says', async () => {
    const r = await cli(
      ['ingest', '--store', t.storeDir, '--origin', 'https://ci.example.com/build/7/scan.json', '-'],
      {
        input: scan('pkg:npm/named-by-flag@1.0.0'),
      },
    );
    expect(r.code).toBe(0);
    expect(await originOf('pkg:npm/named-by-flag@1.0.0')).toBe('https://ci.example.com/build/7/scan.json');
  });

  it('is what SUPPLYGRAPH_ORIGIN says', async () => {
    const r = await cli(['ingest', '--store', t.storeDir, '-'], {
      input: scan('pkg:npm/named-by-env@1.0.0'),
      env: { SUPPLYGRAPH_ORIGIN: 'urn:example:nightly-scan' },
    });
    expect(r.code).toBe(0);
    expect(await originOf('pkg:npm/named-by-env@1.0.0')).toBe('urn:example:nightly-scan');
  });

  it('--origin names one source: with two paths it is refused before anything is read', async () => {
    const r = await cli(
      ['ingest', '--store', join(work, 'never-created'), '--origin', 'x', 'scans/one.json', 'scans/nested'],
      { cwd: work },
    );
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('supplygraph: --origin names one source; ingest was given 2 paths');
  });
});
