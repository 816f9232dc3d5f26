// CycloneDX 1.7: the specification's own examples (test/fixtures/cyclonedx-1.7/, from
// github.com/CycloneDX/specification tools/src/test/resources/1.7/) and a cyclonedx-npm 1.7 SBOM,
// in JSON and XML, whole and streamed; what 1.7 adds that the graph keeps (external components'
// version ranges on dependency edges, mixed licence lists, new hash algorithms) and what is
// refused naming the field; later 1.x versions read as 1.7 with a note, 2.x refused.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectFormat, sniff } from '../../../src/ingest/detect.js';
import { cyclonedxJsonParser, cyclonedxXmlParser } from '../../../src/ingest/formats/cyclonedx/index.js';
import { parseCycloneDxFile } from '../../../src/ingest/streaming/cyclonedx-file.js';
import { DocumentError, type DocumentFacts } from '../../../src/model/facts.js';
import { expectDocumentError, PARSE_CTX, sniffText } from '../../helpers/documents.js';

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'cyclonedx-1.7');
const NPM = 'cyclonedx-npm-with-prepared-package-lock-only.cdx';

const text = (file: string) => readFileSync(join(DIR, file), 'utf8');
const raw = (file: string) => JSON.parse(text(file)) as Record<string, any>;

/** A fixture through detection, as ingest reads it. */
function ingest(file: string): DocumentFacts {
  const doc = sniff(file, readFileSync(join(DIR, file)));
  return detectFormat(doc).parse(doc, PARSE_CTX);
}

const json = (body: Record<string, unknown>) =>
  cyclonedxJsonParser.parse(
    sniffText('inline.json', JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.7', ...body })),
    PARSE_CTX,
  );
const xml = (body: string, version = '1.7') =>
  cyclonedxXmlParser.parse(
    sniffText(
      'inline.xml',
      `<?xml version="1.0"?><bom xmlns="http://cyclonedx.org/schema/bom/${version}">${body}</bom>`,
    ),
    PARSE_CTX,
  );

/**
 * The facts without what names the syntax (format, skipped paths). Licences sorted: XML gives a
 * licence list's <license> and <expression> items grouped by element, not in document order.
 */
function graphOf(facts: DocumentFacts) {
  const { skipped, licenses } = facts;
  const key = (l: DocumentFacts['licenses'][number]) => `${l.package} ${l.kind} ${l.expression}`;
  return {
    ...facts,
    format: undefined,
    licenses: [...licenses].sort((a, b) => key(a).localeCompare(key(b))),
    skipped: skipped.map((s) => s.reason),
  };
}

const pairs = readdirSync(DIR)
  .filter((f) => f.startsWith('valid-') && f.endsWith('.json'))
  .filter((f) => readdirSync(DIR).includes(f.replace(/\.json$/, '.xml')));

describe('CycloneDX 1.7 examples of the specification', () => {
  it.each(pairs)('are read, and JSON and XML give the same graph: %s', (file) => {
    const fromJson = ingest(file);
    const fromXml = ingest(file.replace(/\.json$/, '.xml'));
    expect(fromJson.format).toBe('cyclonedx-1.7-json');
    expect(fromXml.format).toBe('cyclonedx-1.7-xml');
    expect(graphOf(fromXml)).toEqual(graphOf(fromJson));
  });

  it('puts an external component’s versionRange on the edges to it; the package has no version', () => {
    for (const file of [
      'valid-component-external-with-versionRange.json',
      'valid-component-external-with-versionRange.xml',
    ]) {
      const facts = ingest(file);
      expect(facts.packages).toEqual(['pkg:guac/cdx/My%20Application', 'pkg:guac/pkg/libcurl']);
      expect(facts.dependencies).toEqual([
        expect.objectContaining({
          from: 'pkg:guac/cdx/My%20Application',
          to: 'pkg:guac/pkg/libcurl',
          type: 'DIRECT',
          versionRange: 'vers:generic/>=8.7.1|<9.0.0',
        }),
      ]);
      expect(facts.skipped).toEqual([]);
    }
  });

  it('gives the range to the top-level heuristic edge too, and only to edges into the external component', () => {
    const facts = json({
      metadata: { component: { type: 'application', name: 'app', version: '1', purl: 'pkg:npm/app@1' } },
      components: [
        { type: 'library', name: 'curl', purl: 'pkg:generic/curl', isExternal: true, versionRange: 'vers:generic/>=8' },
        { type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' },
      ],
    });
    expect(facts.dependencies.map((d) => [d.to, d.type, d.versionRange])).toEqual([
      ['pkg:generic/curl', 'UNKNOWN', 'vers:generic/>=8'],
      ['pkg:npm/left-pad@1.3.0', 'UNKNOWN', undefined],
    ]);
  });

  it('leaves out and records a range that is not in vers syntax, keeping the edge', () => {
    const facts = json({
      metadata: { component: { type: 'application', 'bom-ref': 'app', name: 'app', version: '1' } },
      components: [{ 'bom-ref': 'c', type: 'library', name: 'curl', isExternal: true, versionRange: '>=8.7.1 <9' }],
      dependencies: [{ ref: 'app', dependsOn: ['c'] }],
    });
    expect(facts.dependencies).toHaveLength(1);
    expect(facts.dependencies[0].versionRange).toBeUndefined();
    expect(facts.skipped).toEqual([
      { path: '/components/0/versionRange', reason: expect.stringMatching(/not a vers range/) },
    ]);
  });

  it('keeps every entry of a licence list mixing ids, names and expressions, with its acknowledgement', () => {
    for (const ext of ['json', 'xml']) {
      const facts = ingest(`valid-license-declared-concluded-mix-1.7.${ext}`);
      const of = (name: string) =>
        facts.licenses
          .filter((l) => l.package === `pkg:guac/pkg/com.example/${name}@1`)
          .map((l) => `${l.kind} ${l.expression}`)
          .sort();
      expect(of('situation-A')).toEqual([
        'concluded MIT OR PostgreSQL OR Apache-2.0',
        'declared Apache Software License',
        'declared MIT',
        'declared PostgreSQL',
      ]);
      // expressionDetails (JSON) / <expression-detailed> (XML): the expression is kept, its details not.
      expect(of('situation-D')).toEqual(['concluded GPL-3.0-only', 'declared GPL-3.0-or-later OR GPL-2.0-only']);
      expect(of('situation-E')).toContain('concluded MIT AND PostgreSQL AND Apache-2.0');
      expect(facts.skipped).toEqual([]);
    }
  });

  it('keeps a licence expression that carries 1.7 licensing details', () => {
    const facts = ingest('valid-license-expression-with-licensing-1.7.json');
    expect(facts.licenses.map((l) => l.expression)).toEqual(['LicenseRef-AcmeCommercialLicense']);
  });

  it('turns every hash of the 1.7 algorithm list into an artifact of the component', () => {
    const facts = ingest('valid-component-hashes-1.7.json');
    const hashes = raw('valid-component-hashes-1.7.json').components[0].hashes as { alg: string; content: string }[];
    expect(facts.artifacts).toHaveLength(hashes.length);
    expect(facts.artifacts).toContain(`blake3:${hashes.find((h) => h.alg === 'BLAKE3')!.content}`);
    expect(facts.artifacts).toContain(`blake2b-512:${hashes.find((h) => h.alg === 'BLAKE2b-512')!.content}`);
    const streebog = json({
      components: [
        {
          type: 'file',
          name: 'a.bin',
          purl: 'pkg:generic/a@1',
          hashes: [{ alg: 'Streebog-256', content: 'AB'.repeat(32) }],
        },
      ],
    });
    expect(streebog.artifacts).toEqual([`streebog-256:${'ab'.repeat(32)}`]);
    expect(streebog.occurrences[0]).toMatchObject({ subject: { kind: 'package', purl: 'pkg:generic/a@1' } });
  });

  it('records a TLP other than CLEAR as not kept, and refuses an unknown one naming the field', () => {
    for (const ext of ['json', 'xml']) {
      const facts = ingest(`valid-metadata-distribution-1.7.${ext}`);
      expect(facts.skipped).toEqual([
        {
          path: ext === 'json' ? '/metadata/distributionConstraints/tlp' : '/bom/metadata/distributionConstraints/tlp',
          reason: expect.stringMatching(/TLP:RED is not kept/),
        },
      ]);
    }
    expect(json({ metadata: { distributionConstraints: { tlp: 'CLEAR' } } }).skipped).toEqual([]);
    expectDocumentError(
      () => json({ metadata: { distributionConstraints: { tlp: 'PURPLE' } } }),
      /^\/metadata\/distributionConstraints\/tlp: "PURPLE" is not a TLP classification/,
    );
    expectDocumentError(
      () => xml('<metadata><distributionConstraints><tlp>red</tlp></distributionConstraints></metadata>'),
      /^\/bom\/metadata\/distributionConstraints\/tlp: "red" is not a TLP/,
    );
    expectDocumentError(
      () => json({ metadata: { distributionConstraints: 'RED' } }),
      /^\/metadata: "distributionConstraints" must be an object/,
    );
  });

  it('reads the vulnerabilities of a 1.7 BOM', () => {
    const facts = ingest('valid-vulnerability-1.7.json');
    const id = raw('valid-vulnerability-1.7.json').vulnerabilities[0].id as string;
    expect(facts.certifyVulns.map((c) => c.vulnerability?.id)).toEqual([id]);
    expect(facts.vex).toHaveLength(1);
  });
});

describe('CycloneDX 1.7 fields refused, naming the field', () => {
  it.each([
    [
      'invalid-component-external-version-and-range.json',
      '/components/0/versionRange',
      /either "version" or "versionRange"/,
    ],
    ['invalid-component-versionRange-non-external-explicit.json', '/components/0/versionRange', /only on an external/],
    ['invalid-component-versionRange-non-external-implicit.json', '/components/0/versionRange', /only on an external/],
    [
      'informal-invalid-component-versionRange-non-external-implicit.xml',
      '/bom/components/component[1]/versionRange',
      /only on an external/,
    ],
  ])('%s', (file, path, reason) => {
    const err = expectDocumentError(() => ingest(file), reason);
    expect(err.path).toBe(path);
  });

  const external = (extra: Record<string, unknown>) => json({ components: [{ type: 'library', name: 'x', ...extra }] });

  it('refuses wrong types and sizes of isExternal and versionRange', () => {
    expect(expectDocumentError(() => external({ isExternal: 'yes' }), /must be a boolean/).path).toBe(
      '/components/0/isExternal',
    );
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ isExternal: true, versionRange: 5 }, /must be a string/],
      [{ isExternal: true, versionRange: ' ' }, /must not be empty/],
      [{ isExternal: true, versionRange: `vers:npm/${'1|'.repeat(2100)}` }, /longer than 4096/],
    ];
    for (const [extra, reason] of cases)
      expect(expectDocumentError(() => external(extra), reason).path).toBe('/components/0/versionRange');
    // XML gives the attribute as text: xs:boolean's forms are read, others refused.
    expect(
      xml(
        '<components><component type="library" isExternal="1"><name>x</name><versionRange>vers:npm/>=1</versionRange></component></components>',
      ).packages,
    ).toEqual(['pkg:guac/cdx/' + PARSE_CTX.documentDigest, 'pkg:guac/pkg/x']);
    expect(
      expectDocumentError(
        () => xml('<components><component type="library" isExternal="maybe"><name>x</name></component></components>'),
        /must be a boolean/,
      ).path,
    ).toBe('/bom/components/component[1]/isExternal');
  });

  it('refuses an external SBOM subject', () => {
    expect(
      expectDocumentError(
        () => json({ metadata: { component: { type: 'application', name: 'app', isExternal: true } } }),
        /cannot be external/,
      ).path,
    ).toBe('/metadata/component/isExternal');
  });
});

describe('CycloneDX versions after 1.7', () => {
  const doc = raw('valid-dependency-1.7.json');

  it('reads a later 1.x as 1.7 and says so in the skipped list', () => {
    const as17 = json(doc);
    const as18 = json({ ...doc, specVersion: '1.8' });
    expect(as18.format).toBe('cyclonedx-1.8-json');
    expect(as18.skipped).toEqual([
      { path: '/specVersion', reason: expect.stringMatching(/^CycloneDX 1\.8 is newer than 1\.7.*read as 1\.7/) },
    ]);
    expect({ ...as18, format: '', skipped: [] }).toEqual({ ...as17, format: '', skipped: [] });
    const xmlText = text('valid-dependency-1.7.xml').replace('schema/bom/1.7', 'schema/bom/1.12');
    const fromXml = cyclonedxXmlParser.parse(sniffText('x.xml', xmlText), PARSE_CTX);
    expect(fromXml.format).toBe('cyclonedx-1.12-xml');
    expect(fromXml.skipped).toEqual([
      { path: '/bom/@xmlns', reason: expect.stringMatching(/CycloneDX 1\.12 is newer/) },
    ]);
    expect(fromXml.dependencies).toEqual(as17.dependencies);
  });

  it('refuses 2.x, 1.0/1.1 and malformed versions with the reason', () => {
    expect(expectDocumentError(() => json({ ...doc, specVersion: '2.0' }), /major version 2 is not read/).path).toBe(
      '/specVersion',
    );
    for (const v of ['1.1', '1.07', '1.7.1', 'latest'])
      expectDocumentError(() => json({ ...doc, specVersion: v }), /unsupported CycloneDX version/);
    // A 2.x XML namespace is claimed by the CycloneDX XML parser, so the refusal says why.
    const xml2 = sniff(
      'x.xml',
      Buffer.from(text('valid-dependency-1.7.xml').replace('schema/bom/1.7', 'schema/bom/2.0')),
    );
    const parser = detectFormat(xml2);
    expect(parser.name).toBe('cyclonedx-xml');
    expect(expectDocumentError(() => parser.parse(xml2, PARSE_CTX), /major version 2/).path).toBe('/bom/@xmlns');
  });
});

describe('a cyclonedx-npm 1.7 SBOM', () => {
  const bom = raw(`${NPM}.json`);
  const facts = ingest(`${NPM}.json`);

  it('has every component as a package and every declared edge, DIRECT', () => {
    const all: any[] = [];
    const walk = (list: any[] = []) => list.forEach((c) => (all.push(c), walk(c.components)));
    walk(bom.components);
    const purls = new Set(all.map((c) => c.purl));
    // The subject's purl and the components' (npm purls are canonical as cyclonedx-npm writes them).
    expect(new Set(facts.packages)).toEqual(new Set([bom.metadata.component.purl, ...purls]));
    const byRef = new Map<string, string>([
      [bom.metadata.component['bom-ref'], bom.metadata.component.purl],
      ...all.map((c): [string, string] => [c['bom-ref'], c.purl]),
    ]);
    const edges = new Set<string>();
    for (const d of bom.dependencies as { ref: string; dependsOn?: string[] }[])
      for (const t of d.dependsOn ?? [])
        if (byRef.get(d.ref) !== byRef.get(t)) edges.add(`${byRef.get(d.ref)} ${byRef.get(t)}`);
    expect(new Set(facts.dependencies.map((d) => `${d.from} ${d.to}`))).toEqual(edges);
    expect(facts.dependencies.every((d) => d.type === 'DIRECT' && d.versionRange === undefined)).toBe(true);
    expect(facts.skipped).toEqual([]);
  });

  it('gives the same graph from its XML form', () => {
    const fromXml = ingest(`${NPM}.xml`);
    const sorted = (f: DocumentFacts) => ({
      packages: [...f.packages].sort(),
      dependencies: f.dependencies.map((d) => `${d.from} ${d.to} ${d.type}`).sort(),
      licenses: f.licenses.map((l) => `${l.package} ${l.kind} ${l.expression}`).sort(),
      sources: [...f.sources].sort(),
    });
    expect(sorted(fromXml)).toEqual(sorted(facts));
    expect(facts.licenses.length).toBeGreaterThan(50);
  });
});

describe('a CycloneDX 1.7 document streamed', () => {
  const work = mkdtempSync(join(tmpdir(), 'supplygraph-cdx17-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const CTX = { origin: 'test', collector: 'vitest', now: '2024-01-01T00:00:00.000Z' };
  let n = 0;

  async function both(content: string) {
    const path = join(work, `doc-${n++}.json`);
    writeFileSync(path, content);
    const digest = `sha256:${createHash('sha256').update(content).digest('hex')}`;
    const doc = sniff('doc.json', Buffer.from(content));
    let whole: unknown;
    try {
      whole = { digest, facts: detectFormat(doc).parse(doc, { ...CTX, documentDigest: digest }) };
    } catch (err) {
      whole = { digest, error: err };
    }
    return { whole, streamed: await parseCycloneDxFile(path, 1 << 30, CTX) };
  }

  const files = readdirSync(DIR).filter((f) => f.endsWith('.json') && f.startsWith('valid-'));
  it.each([...files, `${NPM}.json`])('gives the facts of the whole path: %s', async (file) => {
    const { whole, streamed } = await both(text(file));
    expect(streamed).toEqual(whole);
  });

  it('notes a later 1.x and gives the range edges as the whole path does', async () => {
    const doc = raw('valid-component-external-with-versionRange.json');
    const { whole, streamed } = await both(JSON.stringify({ ...doc, specVersion: '1.9' }));
    expect(streamed).toEqual(whole);
    const facts = (streamed as { facts: DocumentFacts }).facts;
    expect(facts.skipped.map((s) => s.path)).toEqual(['/specVersion']);
    expect(facts.dependencies[0].versionRange).toBe('vers:generic/>=8.7.1|<9.0.0');
  });

  it('refuses an invalid 1.7 field naming it', async () => {
    for (const file of [
      'invalid-component-external-version-and-range.json',
      'invalid-component-versionRange-non-external-implicit.json',
    ]) {
      const { streamed } = await both(text(file));
      expect(streamed).toMatchObject({ error: expect.any(DocumentError) });
      expect((streamed as { error: DocumentError }).error.path).toBe('/components/0/versionRange');
    }
    const { streamed } = await both(JSON.stringify({ ...raw('valid-dependency-1.7.json'), specVersion: '2.1' }));
    expect((streamed as { error: DocumentError }).error.message).toMatch(/^\/specVersion: .*major version 2/);
  });
});
