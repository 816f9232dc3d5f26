// A CycloneDX JSON document parsed as it is read (large documents) gives exactly the facts of
// the same document parsed whole, the same digest, and errors that name the field; a document
// whose members come in an order the stream reader cannot follow is handed back to be read whole.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DocumentError } from '../../src/model/facts.js';
import { detectFormat, sniff } from '../../src/ingest/detect.js';
import { parseCycloneDxFile } from '../../src/ingest/streaming/cyclonedx-file.js';
import { NotStreamableError } from '../../src/ingest/streaming/root-object-stream.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'cyclonedx');
const CTX = { origin: 'test', collector: 'vitest', now: '2024-01-01T00:00:00.000Z' };
const work = mkdtempSync(join(tmpdir(), 'supplygraph-streaming-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function whole(bytes: Buffer) {
  const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  const doc = sniff('doc.json', bytes);
  return { digest, facts: detectFormat(doc).parse(doc, { ...CTX, documentDigest: digest }) };
}

let counter = 0;
function fileOf(content: string | Buffer): string {
  const path = join(work, `doc-${counter++}.json`);
  writeFileSync(path, content);
  return path;
}

const streamed = (path: string) => parseCycloneDxFile(path, 1 << 30, CTX);

async function expectSameFacts(content: string | Buffer): Promise<void> {
  const path = fileOf(content);
  const expected = whole(readFileSync(path));
  expect(await streamed(path)).toEqual(expected);
}

/** A BOM with nested components, skips, licences, vcs references, vulnerabilities and their extension. */
function generated(components: number): Record<string, unknown> {
  const list = Array.from({ length: components }, (_, i) => ({
    type: i % 7 === 0 ? 'operating-system' : 'library',
    'bom-ref': i % 5 === 0 ? `ref-${i}` : `pkg:npm/p${i}@1.${i}.0`,
    name: `p${i}`,
    version: `1.${i}.0`,
    ...(i % 7 === 0 ? {} : { purl: i % 11 === 3 ? 'pkg:bad' : `pkg:npm/p${i}@1.${i}.0` }),
    hashes: [
      { alg: 'SHA-256', content: createHash('sha256').update(String(i)).digest('hex') },
      ...(i % 4 === 0 ? [{ alg: 'SHA-1', content: 'not hex' }] : []),
    ],
    licenses: i % 3 === 0 ? [{ expression: 'MIT OR Apache-2.0' }] : [{ license: { id: 'MIT' } }, {}],
    externalReferences: [{ type: 'vcs', url: `https://github.com/o/p${i}` }],
    ...(i % 9 === 0
      ? { components: [{ type: 'library', name: `inner${i}`, version: '1', purl: `pkg:npm/inner${i}@1` }] }
      : {}),
    ...(i % 13 === 0 ? { vulnerabilities: [{ id: `CVE-2024-${1000 + i}`, ratings: [{ severity: 'high' }] }] } : {}),
  }));
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: 'urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79',
    version: 1,
    metadata: {
      timestamp: '2024-05-01T10:00:00Z',
      tools: { components: [{ name: 'gen', version: '2' }] },
      component: { type: 'application', 'bom-ref': 'app', name: 'app', version: '1', purl: 'pkg:npm/app@1' },
    },
    components: list,
    dependencies: [
      { ref: 'app', dependsOn: list.slice(0, 5).map((c) => c['bom-ref']) },
      ...list.map((c, i) => ({
        ref: c['bom-ref'],
        dependsOn: [`pkg:npm/p${(i * 7) % components}@1.${(i * 7) % components}.0`, 'missing'],
      })),
    ],
    vulnerabilities: [
      {
        id: 'CVE-2024-1',
        affects: [{ ref: 'pkg:npm/p1@1.1.0' }, { ref: 'nowhere' }],
        analysis: { state: 'not_affected' },
      },
    ],
  };
}

describe('a CycloneDX document streamed', () => {
  const fixtures = readdirSync(FIXTURES).filter((f) => f.endsWith('.json'));

  it.each(fixtures)('gives the facts and digest of the whole path: %s', async (file) => {
    await expectSameFacts(readFileSync(join(FIXTURES, file)));
  });

  it('gives the same facts for a generated document, compact and indented, with a byte-order mark', async () => {
    const doc = generated(400);
    await expectSameFacts(JSON.stringify(doc));
    await expectSameFacts(`\uFEFF${JSON.stringify(doc, null, 2)}\n`);
  });

  it('names a subject-less BOM after its serial number, or at the end after its digest', async () => {
    const doc = generated(20);
    delete (doc.metadata as Record<string, unknown>).component;
    await expectSameFacts(JSON.stringify(doc));
    const { components, dependencies, ...rest } = doc;
    const noSerial = { ...rest, serialNumber: undefined };
    await expectSameFacts(JSON.stringify({ ...noSerial, components: null, dependencies: null }));
    await expect(streamed(fileOf(JSON.stringify({ ...noSerial, components, dependencies })))).rejects.toThrow(
      NotStreamableError,
    );
  });

  it('hands back documents whose members come in an order it cannot follow', async () => {
    const doc = generated(5);
    const { metadata, ...rest } = doc;
    const { components, dependencies, ...header } = doc;
    const cases = [
      { ...rest, metadata }, // the header after the components
      { ...header, dependencies, components },
      { ...doc, spdxVersion: 'SPDX-2.3' },
      { ...doc, bomFormat: 'Other' },
    ];
    expect(await streamed(fileOf(JSON.stringify(doc)))).toHaveProperty('facts');
    for (const bad of cases) await expect(streamed(fileOf(JSON.stringify(bad)))).rejects.toThrow(NotStreamableError);
    const repeated = JSON.stringify(doc).replace(/}$/, ',"components":[]}');
    await expect(streamed(fileOf(repeated))).rejects.toThrow(NotStreamableError);
  });

  it('rejects a bad document naming the field, with the digest of all its bytes', async () => {
    const doc = generated(10);
    (doc.components as Record<string, unknown>[])[4].hashes = 'abc';
    const text = JSON.stringify(doc);
    const result = await streamed(fileOf(text));
    expect(result).toEqual({
      digest: `sha256:${createHash('sha256').update(text).digest('hex')}`,
      error: expect.any(DocumentError),
    });
    expect('error' in result && result.error.message).toBe('/components/4: "hashes" must be an array');
    const dep = { ...generated(3), dependencies: [{ ref: 'app' }, { dependsOn: [] }] };
    await expect(streamed(fileOf(JSON.stringify(dep)))).resolves.toMatchObject({
      error: { message: '/dependencies/1: required field "ref" is missing' },
    });
  });

  it('rejects malformed JSON, bad UTF-8 and deep nesting as the whole path does', async () => {
    const text = JSON.stringify(generated(3));
    const errorOf = async (content: string | Buffer) => {
      const result = await streamed(fileOf(content));
      return 'error' in result ? result.error.message : 'no error';
    };
    expect(await errorOf(text.slice(0, -20))).toMatch(/^the JSON is malformed/);
    expect(await errorOf(Buffer.concat([Buffer.from(text.slice(0, -1)), Buffer.from([0xff]), Buffer.from('}')]))).toBe(
      'the document is not valid UTF-8 text',
    );
    const deep = text.replace(/}$/, `,"x":${'['.repeat(600)}${']'.repeat(600)}}`);
    expect(await errorOf(deep)).toBe('the JSON is nested too deeply (more than 512 levels)');
  });
});
