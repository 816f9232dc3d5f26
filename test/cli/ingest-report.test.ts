// What `supplygraph ingest` reports: every skipped item (--json lists all, the text summary the
// first five and how to see the rest), the progress bar carrying on after a failed document,
// and an XML entity flood refused with the file and the limit named.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_XML_REFERENCES } from '../../src/ingest/formats/cyclonedx/xml.js';
import { createTestStore, tempDir } from '../helpers/server.js';

const run = promisify(execFile);
const BIN = new URL('../../bin/supplygraph.js', import.meta.url).pathname;

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], {
      env: { ...process.env, SUPPLYGRAPH_STORE: '' },
      maxBuffer: 1 << 26,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A VDR whose 7 affects refs name nothing in it: 7 skipped items. */
const vdr = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  metadata: { component: { type: 'application', name: 'shop', version: '1.0' } },
  components: [{ type: 'library', name: 'qs', version: '6.7.0', purl: 'pkg:npm/qs@6.7.0', 'bom-ref': 'qs' }],
  vulnerabilities: [
    {
      id: 'CVE-2022-24999',
      affects: [{ ref: 'qs' }, ...Array.from({ length: 7 }, (_, i) => ({ ref: `pkg:npm/ghost-${i}@1.0.0` }))],
    },
  ],
});
const reason = (i: number) =>
  `"pkg:npm/ghost-${i}@1.0.0" names no component of this BOM: not recorded, and not added to the SBOM`;

let work: string;
const stores: { remove(): Promise<void> }[] = [];
beforeAll(() => {
  work = tempDir('sg-ingest-report-');
  mkdirSync(join(work, 'batch'));
  writeFileSync(join(work, 'batch/1-vdr.json'), vdr);
  writeFileSync(join(work, 'batch/2-bad.json'), '{"isDependency": [{"pkg": 7}]}');
  writeFileSync(
    join(work, 'batch/3-good.json'),
    JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components: [{ type: 'library', name: 'x' }] }),
  );
});
afterAll(async () => {
  for (const s of stores) await s.remove();
  rmSync(work, { recursive: true, force: true });
});

async function store(): Promise<string> {
  const s = await createTestStore();
  stores.push(s);
  return s.location;
}

describe('ingest reports skipped items', () => {
  it('--json lists each one with its document, path and reason', async () => {
    const r = await cli(['ingest', '--store', await store(), '--json', join(work, 'batch/1-vdr.json')]);
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.skipped).toBe(7);
    expect(summary.skippedItems).toEqual(
      Array.from({ length: 7 }, (_, i) => ({
        document: join(work, 'batch/1-vdr.json'),
        path: `/vulnerabilities/0/affects/${i + 1}/ref`,
        reason: reason(i),
      })),
    );
  });

  it('the text summary names the first five and says how to see all', async () => {
    const r = await cli(['ingest', '--store', await store(), join(work, 'batch/1-vdr.json')]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stderr.trimEnd().split('\n');
    const file = join(work, 'batch/1-vdr.json');
    expect(lines.slice(-6)).toEqual([
      ...[0, 1, 2, 3, 4].map((i) => `  skipped ${file} /vulnerabilities/0/affects/${i + 1}/ref: ${reason(i)}`),
      '  … and 2 more skipped items; --json lists them all',
    ]);
  });
});

describe('ingest progress', () => {
  it('the bar carries on after a failed document', async () => {
    // `script` gives the child a terminal, so the bar is drawn as a user sees it.
    const command = [process.execPath, BIN, 'ingest', '--store', await store(), join(work, 'batch')]
      .map((a) => `'${a}'`)
      .join(' ');
    let out: string;
    try {
      out = (await run('script', ['-qec', command, '/dev/null'], { env: { ...process.env, SUPPLYGRAPH_STORE: '' } }))
        .stdout;
    } catch (err) {
      out = (err as { stdout: string }).stdout; // exit 2: one document failed
    }
    const failure = out.indexOf(`${join(work, 'batch/2-bad.json')}: /isDependency/0/pkg`);
    expect(failure).toBeGreaterThan(0);
    expect(out.slice(failure)).toMatch(/ingest \[[^\]]*\] 3\/3 files/);
  });
});

describe('XML entity flood', () => {
  it('is refused, naming the file and the limit', async () => {
    const file = join(work, 'flood.cdx.xml');
    writeFileSync(
      file,
      `<?xml version="1.0"?><bom xmlns="http://cyclonedx.org/schema/bom/1.3" version="1"><components>` +
        `<component type="library"><name>${'&amp;'.repeat(MAX_XML_REFERENCES + 1)}</name></component></components></bom>`,
    );
    const r = await cli(['ingest', '--store', await store(), '--json', file]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).failures).toEqual([
      {
        file,
        error: `/bom: XML with more than ${MAX_XML_REFERENCES} entity or character references is refused (the limit bounds the memory parsing takes)`,
      },
    ]);
  });
});
