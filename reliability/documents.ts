// Generated documents: hostile ones (deep nesting, entity floods, zip bombs, huge strings,
// wrong types…), a dependency graph of N components for the ranking, and a wide SBOM whose
// dependency list is a large response. Written to files, since ingest reads files.
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { Rng } from '../bench/lib/rng.js';

/** What a well-behaved ingest does with the document. */
export type Expectation = 'refused' | 'stored' | 'either';

export interface HostileDocument {
  file: string;
  what: string;
  expect: Expectation;
}

interface Component {
  type: string;
  'bom-ref': string;
  name: string;
  version: string;
  purl: string;
}

const component = (ns: string, i: number | string): Component => ({
  type: 'library',
  'bom-ref': `c${i}`,
  name: `${ns}-${i}`,
  version: '1.0.0',
  purl: `pkg:npm/${ns}-${i}@1.0.0`,
});

/** A CycloneDX 1.5 JSON SBOM with `root` as its subject. */
export function cyclonedx(
  ns: string,
  components: unknown[],
  dependencies: { ref: string; dependsOn: string[] }[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: `urn:uuid:00000000-0000-4000-8000-${Buffer.from(ns).toString('hex').padEnd(12, '0').slice(0, 12)}`,
    version: 1,
    metadata: { component: { ...component(ns, 'root'), type: 'application' } },
    components,
    dependencies,
    ...extra,
  };
}

/** Writes a large JSON document piece by piece (strings of hundreds of MB do not fit in one write). */
async function writeParts(path: string, parts: Iterable<string>): Promise<void> {
  await pipeline(Readable.from(parts), createWriteStream(path));
}

/** Zeros, `bytes` of them, as a stream (the content of a zip bomb's entry). */
function zeros(bytes: number): Readable {
  const block = Buffer.alloc(1 << 20);
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const n = Math.min(left, block.length);
      left -= n;
      this.push(n === block.length ? block : block.subarray(0, n));
    },
  });
}

async function writeZip(path: string, add: (zip: yazl.ZipFile) => void): Promise<void> {
  const zip = new yazl.ZipFile();
  const done = pipeline(zip.outputStream, createWriteStream(path));
  add(zip);
  zip.end();
  await done;
}

/** Overwrites the uncompressed-size fields of every entry (local and central headers) with `size`. */
function lieAboutSizes(buf: Buffer, size: number): Buffer {
  for (let i = 0; i + 30 < buf.length; i++) {
    const sig = buf.readUInt32LE(i);
    if (sig === 0x04034b50) buf.writeUInt32LE(size, i + 22);
    else if (sig === 0x02014b50) buf.writeUInt32LE(size, i + 24);
  }
  return buf;
}

export interface HostileOptions {
  /** Scale: 'quick' keeps every document small enough for the unit-test run. */
  scale: 'quick' | 'full';
}

/** A hostile document with what to write: text and bytes as they are, anything else as JSON. */
interface HostileContent extends HostileDocument {
  content: unknown;
}

/** Writes hostile documents into one directory and lists them in the order they were written. */
class HostileWriter {
  readonly docs: HostileDocument[] = [];

  constructor(
    private readonly dir: string,
    /** The full-size run (else the quick one). */
    readonly full: boolean,
  ) {}

  path(file: string): string {
    return join(this.dir, file);
  }

  write(...docs: HostileContent[]): void {
    for (const { content, ...doc } of docs) {
      const data = typeof content === 'string' || Buffer.isBuffer(content) ? content : JSON.stringify(content);
      writeFileSync(this.path(doc.file), data);
      this.docs.push(doc);
    }
  }

  /** A document too large to hold as one string, written piece by piece. */
  async writeParts(doc: HostileDocument, parts: Iterable<string>): Promise<void> {
    await writeParts(this.path(doc.file), parts);
    this.docs.push(doc);
  }

  /** A zip archive of what `add` puts in, its bytes then rewritten by `patch` when given. */
  async writeZip(
    doc: HostileDocument,
    add: (zip: yazl.ZipFile) => void,
    patch?: (bytes: Buffer) => Buffer,
  ): Promise<void> {
    const path = this.path(doc.file);
    await writeZip(path, add);
    if (patch) writeFileSync(path, patch(readFileSync(path)));
    this.docs.push(doc);
  }
}

/** A CycloneDX SBOM of one component, `component(ns, 1)` with `overrides`. */
const oneComponentSbom = (ns: string, overrides: Partial<Component>): Record<string, unknown> =>
  cyclonedx(ns, [{ ...component(ns, 1), ...overrides }], []);

/** CycloneDX components nested `levels` deep, as text: JSON.stringify itself recurses once per level. */
function nestedComponentsText(levels: number): string {
  const open = Array.from(
    { length: levels },
    (_, i) => `${JSON.stringify(component('hostile-nest', i)).slice(0, -1)},"components":[`,
  );
  return JSON.stringify(cyclonedx('hostile-nest', [], [])).replace(
    '"components":[]',
    `"components":[${open.join('')}${JSON.stringify(component('hostile-nest', 'leaf'))}${']}'.repeat(levels)}]`,
  );
}

/** Nesting deep enough to overflow a parser that recurses once per level. */
function nesting(w: HostileWriter): void {
  const depth = w.full ? 200_000 : 20_000;
  const levels = w.full ? 5_000 : 500;
  w.write(
    {
      file: 'deep-array.json',
      what: `JSON arrays nested ${depth} deep`,
      expect: 'refused',
      content: '['.repeat(depth) + ']'.repeat(depth),
    },
    {
      file: 'deep-object.cdx.json',
      what: `CycloneDX whose metadata nests objects ${depth} deep`,
      expect: 'refused',
      content: `{"bomFormat":"CycloneDX","specVersion":"1.5","metadata":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
    },
    {
      file: 'nested-components.cdx.json',
      what: `CycloneDX components nested ${levels} deep inside components`,
      expect: 'either',
      content: nestedComponentsText(levels),
    },
  );
}

/** A CycloneDX XML document of one library component (`inner`: its elements), after `doctype` when given. */
function xmlBom(inner: string, doctype?: string): string {
  const head = doctype === undefined ? '' : `${doctype}\n`;
  return `<?xml version="1.0"?>\n${head}<bom xmlns="http://cyclonedx.org/schema/bom/1.5" version="1"><components><component type="library">${inner}</component></components></bom>`;
}

/** Ten entities, each expanding to ten of the one before: lol9 is 10⁹ "lol"s. */
function billionLaughs(): string {
  const laughs = ['<!ENTITY lol0 "lol">'];
  for (let i = 1; i < 10; i++) laughs.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  return `<!DOCTYPE bom [${laughs.join('')}]>`;
}

function xmlEntities(w: HostileWriter): void {
  const refs = w.full ? 2_000_000 : 100_000;
  w.write(
    {
      file: 'billion-laughs.cdx.xml',
      what: 'CycloneDX XML with nested entity definitions (billion laughs)',
      expect: 'refused',
      content: xmlBom('<name>&lol9;</name><version>1</version>', billionLaughs()),
    },
    {
      file: 'external-entity.cdx.xml',
      what: 'CycloneDX XML with an external entity (XXE)',
      expect: 'refused',
      content: xmlBom(
        '<name>&xxe;</name><version>1</version><purl>pkg:npm/hostile-xxe@1</purl>',
        '<!DOCTYPE bom [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
      ),
    },
    {
      file: 'predefined-entity-flood.cdx.xml',
      what: `CycloneDX XML with ${refs} predefined entity references in one text`,
      expect: 'either',
      content: xmlBom(
        `<name>hostile-flood</name><version>1</version><description>${'&lt;&amp;'.repeat(refs / 2)}</description><purl>pkg:npm/hostile-flood@1</purl>`,
      ),
    },
  );
}

/** CycloneDX with a description of `mb` MiB, in pieces of 1 MiB. */
function* hugeDescriptionParts(mb: number): Generator<string> {
  yield `{"bomFormat":"CycloneDX","specVersion":"1.5","version":1,"components":[{"type":"library","bom-ref":"h","name":"hostile-huge","version":"1","purl":"pkg:npm/hostile-huge@1","description":"`;
  const piece = 'x'.repeat(1 << 20);
  for (let i = 0; i < mb; i++) yield piece;
  yield '"}]}';
}

async function hugeStrings(w: HostileWriter): Promise<void> {
  const hugeMB = w.full ? 100 : 4;
  await w.writeParts(
    { file: 'huge-description.cdx.json', what: `CycloneDX with a ${hugeMB} MiB description string`, expect: 'either' },
    hugeDescriptionParts(hugeMB),
  );
  w.write(
    {
      file: 'huge-purl.cdx.json',
      what: 'CycloneDX component whose purl is 1 MiB long',
      expect: 'either',
      content: oneComponentSbom('hostile-longpurl', { purl: `pkg:npm/${'a'.repeat(1 << 20)}@1` }),
    },
    {
      file: 'huge-name.cdx.json',
      what: 'CycloneDX component names of 64 KiB',
      expect: 'either',
      content: oneComponentSbom('hostile-longname', { purl: `pkg:npm/hostile-${'n'.repeat(1 << 16)}@1` }),
    },
  );
}

/** An OSV advisory on org.hostile:lib whose range bounds and version are `bound`. */
function mavenAdvisory(bound: string): Record<string, unknown> {
  return {
    id: 'GHSA-hhhh-hhhh-hhhh',
    modified: '2024-01-01T00:00:00Z',
    summary: 'hostile range bounds',
    affected: [
      {
        package: { ecosystem: 'Maven', name: 'org.hostile:lib' },
        ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: bound }, { fixed: `${bound}.2` }] }],
        versions: [bound],
      },
    ],
  };
}

/**
 * Issue 29: Maven range bounds of thousands of digit/letter segments ("1a.1a.1a…") overflowed the
 * stack of the Maven version comparison once the advisory named a package in the graph: every
 * refresh failed and serve would not start. The SBOM puts that package in the graph first.
 */
function advisories(w: HostileWriter): void {
  const segments = w.full ? 100_000 : 10_000;
  w.write(
    {
      file: 'hostile-maven-graph.cdx.json',
      what: 'CycloneDX naming the Maven package the next advisory names',
      expect: 'stored',
      content: oneComponentSbom('hostile-maven', { name: 'lib', purl: 'pkg:maven/org.hostile/lib@1.0' }),
    },
    {
      file: 'hostile-maven-bounds.osv.json',
      what: `OSV advisory whose Maven range bounds have ${segments} segments ("1a.1a.…")`,
      expect: 'stored',
      content: mavenAdvisory(Array.from({ length: segments }, () => '1a').join('.')),
    },
  );
}

/** The well-formed SBOM that the wrong-typed and malformed documents are made from. */
const TYPES_BASE = cyclonedx('hostile-types', [component('hostile-types', 1)], [{ ref: 'c1', dependsOn: [] }]);

function wrongTypes(w: HostileWriter): void {
  w.write(
    {
      file: 'wrong-components-type.cdx.json',
      what: 'CycloneDX with components as an object',
      expect: 'refused',
      content: { ...TYPES_BASE, components: { a: 1 } },
    },
    {
      file: 'wrong-version-type.cdx.json',
      what: 'CycloneDX component version as a number and purl as an array',
      expect: 'either',
      content: { ...TYPES_BASE, components: [{ ...component('hostile-types', 2), version: 2, purl: ['pkg:npm/x@1'] }] },
    },
    {
      file: 'wrong-dependencies-type.cdx.json',
      what: 'CycloneDX with dependencies as a string',
      expect: 'refused',
      content: { ...TYPES_BASE, dependencies: 'c1' },
    },
    {
      file: 'wrong-dependson-type.cdx.json',
      what: 'CycloneDX dependsOn holding numbers and nulls',
      expect: 'either',
      content: { ...TYPES_BASE, dependencies: [{ ref: 'c1', dependsOn: [1, null, { a: 1 }] }] },
    },
    {
      file: 'null-everywhere.cdx.json',
      what: 'CycloneDX whose every field is null',
      expect: 'refused',
      content: {
        bomFormat: 'CycloneDX',
        specVersion: '1.5',
        metadata: null,
        components: [null, { type: null, name: null, purl: null }],
        dependencies: [null],
      },
    },
  );
}

function wrongTypesInOtherFormats(w: HostileWriter): void {
  w.write(
    {
      file: 'spdx-wrong-types.spdx.json',
      what: 'SPDX with packages as a string and relationships as numbers',
      expect: 'refused',
      content: {
        spdxVersion: 'SPDX-2.3',
        SPDXID: 'SPDXRef-DOCUMENT',
        name: 'hostile',
        documentNamespace: 'https://example.com/hostile',
        packages: 'all of them',
        relationships: [1, 2, 3],
      },
    },
    {
      file: 'osv-wrong-types.json',
      what: 'OSV record with affected as a string',
      expect: 'refused',
      content: { id: 'OSV-HOSTILE-1', modified: '2024-01-01T00:00:00Z', affected: 'everything' },
    },
    {
      file: 'scorecard-wrong-types.json',
      what: 'Scorecard with score as text and checks as an object',
      expect: 'refused',
      content: {
        date: '2024-01-01',
        repo: { name: 'github.com/hostile/repo' },
        scorecard: { version: 'v4' },
        score: 'ten',
        checks: { a: 1 },
      },
    },
  );
}

function malformedInput(w: HostileWriter): void {
  w.write(
    {
      file: 'proto-keys.cdx.json',
      what: 'CycloneDX with __proto__ and constructor keys',
      expect: 'either',
      content: {
        ...TYPES_BASE,
        __proto__: { polluted: true },
        components: [
          { ...component('hostile-proto', 1), __proto__: { admin: true }, constructor: { prototype: { x: 1 } } },
        ],
      },
    },
    {
      file: 'duplicate-keys.cdx.json',
      what: 'CycloneDX with duplicate object keys',
      expect: 'either',
      content: `{"bomFormat":"CycloneDX","specVersion":"1.5","version":1,"components":[{"type":"library","bom-ref":"d","name":"hostile-dup","version":"1","purl":"pkg:npm/hostile-dup@1","purl":"pkg:npm/hostile-dup@2"}],"components":[]}`,
    },
    {
      file: 'invalid-utf8.cdx.json',
      what: 'CycloneDX holding bytes that are not UTF-8',
      expect: 'refused',
      content: Buffer.concat([
        Buffer.from('{"bomFormat":"CycloneDX","specVersion":"1.5","components":[{"type":"library","name":"'),
        Buffer.from([0xff, 0xfe, 0xc0, 0xaf]),
        Buffer.from('"}]}'),
      ]),
    },
    { file: 'empty.json', what: 'an empty file', expect: 'refused', content: '' },
    { file: 'nul-bytes.json', what: 'NUL bytes only', expect: 'refused', content: '\0'.repeat(1000) },
    { file: 'huge-number.json', what: 'a JSON number of 1e999', expect: 'refused', content: '1e999' },
    {
      file: 'truncated.cdx.json',
      what: 'CycloneDX cut off half-way',
      expect: 'refused',
      content: JSON.stringify(TYPES_BASE).slice(0, 90),
    },
  );
}

/** `n` components in a ring, each also depending on itself. */
function ringSbom(n: number): Record<string, unknown> {
  return cyclonedx(
    'hostile-ring',
    Array.from({ length: n }, (_, i) => component('hostile-ring', i)),
    [
      { ref: 'croot', dependsOn: ['c0'] },
      ...Array.from({ length: n }, (_, i) => ({ ref: `c${i}`, dependsOn: [`c${(i + 1) % n}`, `c${i}`] })),
    ],
  );
}

function graphShapes(w: HostileWriter): void {
  const ring = w.full ? 50_000 : 2_000;
  const dangling = w.full ? 500_000 : 20_000;
  w.write(
    {
      file: 'cycle-and-self.cdx.json',
      what: `CycloneDX: a ring of ${ring} components, each also depending on itself`,
      expect: 'stored',
      content: ringSbom(ring),
    },
    {
      file: 'dangling-refs.cdx.json',
      what: `CycloneDX with ${dangling} dependency refs to nothing`,
      expect: 'either',
      content: cyclonedx(
        'hostile-dangling',
        [component('hostile-dangling', 1)],
        [{ ref: 'c1', dependsOn: Array.from({ length: dangling }, (_, i) => `missing-${i}`) }],
      ),
    },
  );
}

/** Zip bombs and archives that lie. nested.zip and truncated.zip are made from the ones before. */
async function zipArchives(w: HostileWriter): Promise<void> {
  // Past the 256 MiB document limit; level 1 deflates zeros fastest (still about 1000:1).
  const bombBytes = w.full ? 300 * 1024 ** 2 : 64 * 1024 ** 2;
  const entries = w.full ? 10_000 : 2_000;
  await w.writeZip(
    {
      file: 'bomb.zip',
      what: `zip with one entry of ${bombBytes / 1024 ** 2} MiB of zeros (deflated)`,
      expect: 'refused',
    },
    (zip) =>
      zip.addReadStream(zeros(bombBytes), 'zeros.json', { compress: true, compressionLevel: 1, size: bombBytes }),
  );
  await w.writeZip(
    { file: 'many-entries.zip', what: `zip with ${entries} entries of "{}"`, expect: 'either' },
    (zip) => {
      for (let i = 0; i < entries; i++) zip.addBuffer(Buffer.from('{}'), `e/${i}.json`, { compress: false });
    },
  );
  await w.writeZip({ file: 'nested.zip', what: 'zip holding a zip bomb', expect: 'either' }, (zip) =>
    zip.addFile(w.path('bomb.zip'), 'inner.zip', { compress: false }),
  );
  await w.writeZip(
    { file: 'lying-sizes.zip', what: 'zip whose headers claim 100 bytes for 8 MiB of content', expect: 'refused' },
    (zip) => zip.addReadStream(zeros(8 << 20), 'liar.json', { compress: true, size: 8 << 20 }),
    (bytes) => lieAboutSizes(bytes, 100),
  );
  const whole = readFileSync(w.path('many-entries.zip'));
  w.write({
    file: 'truncated.zip',
    what: 'zip cut off half-way (no central directory)',
    expect: 'refused',
    content: whole.subarray(0, Math.floor(whole.length / 2)),
  });
  // yazl refuses ".." in names: write a same-length placeholder, then patch the name bytes.
  await w.writeZip(
    { file: 'traversal.zip', what: 'zip entry named ../../tmp/escape.cdx.json', expect: 'either' },
    (zip) =>
      zip.addBuffer(
        Buffer.from(JSON.stringify(cyclonedx('hostile-zipname', [component('hostile-zipname', 1)], []))),
        'DOTDOT/DOTDOT/tmp/escape.cdx.json'.replace(/DOTDOT/g, '__'),
      ),
    (bytes) => Buffer.from(bytes.toString('latin1').replaceAll('__/__/tmp/', '../../tmp/'), 'latin1'),
  );
}

/** The groups of hostile documents, in the order they are tried. */
const HOSTILE_GROUPS: readonly ((w: HostileWriter) => void | Promise<void>)[] = [
  nesting,
  xmlEntities,
  hugeStrings,
  advisories,
  wrongTypes,
  wrongTypesInOtherFormats,
  malformedInput,
  graphShapes,
  zipArchives,
];

/** Writes the hostile documents into `dir`; returns them in the order to try. */
export async function writeHostileDocuments(dir: string, options: HostileOptions): Promise<HostileDocument[]> {
  const w = new HostileWriter(dir, options.scale === 'full');
  for (const group of HOSTILE_GROUPS) await group(w);
  return w.docs;
}

/**
 * The ranking stress graph: one CycloneDX SBOM of `n` components, a root depending on 1,000 of
 * them and each component on two others (seeded, any index: one large strongly connected mass).
 */
export async function writeRankingGraph(path: string, n: number, seed: string): Promise<void> {
  const rng = new Rng(`ranking:${seed}:${n}`);
  const rootDeps = Array.from({ length: Math.min(1000, n) }, () => `c${rng.int(0, n)}`);
  await writeParts(
    path,
    (function* () {
      const head = cyclonedx('rank', [], []);
      delete head.components;
      delete head.dependencies;
      yield JSON.stringify(head).slice(0, -1) + ',"components":[';
      for (let i = 0; i < n; i++) yield (i ? ',' : '') + JSON.stringify(component('rank', i));
      yield `],"dependencies":[${JSON.stringify({ ref: 'croot', dependsOn: [...new Set(rootDeps)] })}`;
      for (let i = 0; i < n; i++) {
        let a = rng.int(0, n);
        let b = rng.int(0, n);
        if (a === i) a = (a + 1) % n;
        if (b === i || b === a) b = (i + 2) % n === a ? (i + 3) % n : (i + 2) % n;
        yield `,{"ref":"c${i}","dependsOn":["c${a}","c${b}"]}`;
      }
      yield ']}';
    })(),
  );
}

/**
 * An SBOM whose subject depends directly on `n` components with names padded to about
 * `nameLength` characters: its dependency list is a response larger than the socket buffers.
 */
export function writeWideSbom(path: string, n: number, nameLength = 200): string {
  const pad = 'p'.repeat(Math.max(0, nameLength - 12));
  const components = Array.from({ length: n }, (_, i) => {
    const c = component('wide', i);
    return { ...c, name: `${c.name}-${pad}`, purl: `pkg:npm/wide-${i}-${pad}@1.0.0` };
  });
  writeFileSync(
    path,
    JSON.stringify(cyclonedx('wide', components, [{ ref: 'croot', dependsOn: components.map((c) => c['bom-ref']) }])),
  );
  return 'pkg:npm/wide-root@1.0.0';
}
