// Generated documents: hostile ones (deep nesting, entity floods, zip bombs, huge strings,
// wrong types…), a dependency graph of N components for the ranking, and a wide SBOM whose
// dependency list is a large response. Written to files, since ingest reads files.
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { Rng } from '../bench/rng.js';

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

/** Writes the hostile documents into `dir`; returns them in the order to try. */
export async function writeHostileDocuments(dir: string, options: HostileOptions): Promise<HostileDocument[]> {
  const full = options.scale === 'full';
  const docs: HostileDocument[] = [];
  const json = (file: string, what: string, expect: Expectation, value: unknown): void => {
    writeFileSync(join(dir, file), typeof value === 'string' ? value : JSON.stringify(value));
    docs.push({ file, what, expect });
  };
  const depth = full ? 200_000 : 20_000;

  // --- nesting ---
  json('deep-array.json', `JSON arrays nested ${depth} deep`, 'refused', '['.repeat(depth) + ']'.repeat(depth));
  json(
    'deep-object.cdx.json',
    `CycloneDX whose metadata nests objects ${depth} deep`,
    'refused',
    `{"bomFormat":"CycloneDX","specVersion":"1.5","metadata":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
  );
  // Written as text: JSON.stringify itself recurses once per level.
  const levels = full ? 5_000 : 500;
  const open = Array.from(
    { length: levels },
    (_, i) => `${JSON.stringify(component('hostile-nest', i)).slice(0, -1)},"components":[`,
  );
  const nestedText = JSON.stringify(cyclonedx('hostile-nest', [], [])).replace(
    '"components":[]',
    `"components":[${open.join('')}${JSON.stringify(component('hostile-nest', 'leaf'))}${']}'.repeat(levels)}]`,
  );
  json(
    'nested-components.cdx.json',
    `CycloneDX components nested ${levels} deep inside components`,
    'either',
    nestedText,
  );

  // --- XML entities ---
  const laughs = ['<!ENTITY lol0 "lol">'];
  for (let i = 1; i < 10; i++) laughs.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  json(
    'billion-laughs.cdx.xml',
    'CycloneDX XML with nested entity definitions (billion laughs)',
    'refused',
    `<?xml version="1.0"?>\n<!DOCTYPE bom [${laughs.join('')}]>\n<bom xmlns="http://cyclonedx.org/schema/bom/1.5" version="1"><components><component type="library"><name>&lol9;</name><version>1</version></component></components></bom>`,
  );
  json(
    'external-entity.cdx.xml',
    'CycloneDX XML with an external entity (XXE)',
    'refused',
    `<?xml version="1.0"?>\n<!DOCTYPE bom [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<bom xmlns="http://cyclonedx.org/schema/bom/1.5" version="1"><components><component type="library"><name>&xxe;</name><version>1</version><purl>pkg:npm/hostile-xxe@1</purl></component></components></bom>`,
  );
  const refs = full ? 2_000_000 : 100_000;
  json(
    'predefined-entity-flood.cdx.xml',
    `CycloneDX XML with ${refs} predefined entity references in one text`,
    'either',
    `<?xml version="1.0"?>\n<bom xmlns="http://cyclonedx.org/schema/bom/1.5" version="1"><components><component type="library"><name>hostile-flood</name><version>1</version><description>${'&lt;&amp;'.repeat(refs / 2)}</description><purl>pkg:npm/hostile-flood@1</purl></component></components></bom>`,
  );

  // --- huge strings ---
  const hugeMB = full ? 100 : 4;
  const hugeFile = 'huge-description.cdx.json';
  await writeParts(
    join(dir, hugeFile),
    (function* () {
      yield `{"bomFormat":"CycloneDX","specVersion":"1.5","version":1,"components":[{"type":"library","bom-ref":"h","name":"hostile-huge","version":"1","purl":"pkg:npm/hostile-huge@1","description":"`;
      const mb = 'x'.repeat(1 << 20);
      for (let i = 0; i < hugeMB; i++) yield mb;
      yield '"}]}';
    })(),
  );
  docs.push({ file: hugeFile, what: `CycloneDX with a ${hugeMB} MiB description string`, expect: 'either' });
  json('huge-purl.cdx.json', 'CycloneDX component whose purl is 1 MiB long', 'either', {
    ...cyclonedx(
      'hostile-longpurl',
      [{ ...component('hostile-longpurl', 1), purl: `pkg:npm/${'a'.repeat(1 << 20)}@1` }],
      [],
    ),
  });
  json('huge-name.cdx.json', 'CycloneDX component names of 64 KiB', 'either', {
    ...cyclonedx(
      'hostile-longname',
      [{ ...component('hostile-longname', 1), purl: `pkg:npm/hostile-${'n'.repeat(1 << 16)}@1` }],
      [],
    ),
  });

  // --- advisories (issue 29) ---
  // Maven range bounds of thousands of digit/letter segments ("1a.1a.1a…") overflowed the stack of
  // the Maven version comparison once the advisory named a package in the graph: every refresh
  // failed and serve would not start. The SBOM puts that package in the graph first.
  json('hostile-maven-graph.cdx.json', 'CycloneDX naming the Maven package the next advisory names', 'stored', {
    ...cyclonedx(
      'hostile-maven',
      [{ ...component('hostile-maven', 1), name: 'lib', purl: 'pkg:maven/org.hostile/lib@1.0' }],
      [],
    ),
  });
  const segments = full ? 100_000 : 10_000;
  const nested = Array.from({ length: segments }, () => '1a').join('.');
  json(
    'hostile-maven-bounds.osv.json',
    `OSV advisory whose Maven range bounds have ${segments} segments ("1a.1a.…")`,
    'stored',
    {
      id: 'GHSA-hhhh-hhhh-hhhh',
      modified: '2024-01-01T00:00:00Z',
      summary: 'hostile range bounds',
      affected: [
        {
          package: { ecosystem: 'Maven', name: 'org.hostile:lib' },
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: nested }, { fixed: `${nested}.2` }] }],
          versions: [nested],
        },
      ],
    },
  );

  // --- wrong types and malformed input ---
  const base = cyclonedx('hostile-types', [component('hostile-types', 1)], [{ ref: 'c1', dependsOn: [] }]);
  json('wrong-components-type.cdx.json', 'CycloneDX with components as an object', 'refused', {
    ...base,
    components: { a: 1 },
  });
  json('wrong-version-type.cdx.json', 'CycloneDX component version as a number and purl as an array', 'either', {
    ...base,
    components: [{ ...component('hostile-types', 2), version: 2, purl: ['pkg:npm/x@1'] }],
  });
  json('wrong-dependencies-type.cdx.json', 'CycloneDX with dependencies as a string', 'refused', {
    ...base,
    dependencies: 'c1',
  });
  json('wrong-dependson-type.cdx.json', 'CycloneDX dependsOn holding numbers and nulls', 'either', {
    ...base,
    dependencies: [{ ref: 'c1', dependsOn: [1, null, { a: 1 }] }],
  });
  json('null-everywhere.cdx.json', 'CycloneDX whose every field is null', 'refused', {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    metadata: null,
    components: [null, { type: null, name: null, purl: null }],
    dependencies: [null],
  });
  json('spdx-wrong-types.spdx.json', 'SPDX with packages as a string and relationships as numbers', 'refused', {
    spdxVersion: 'SPDX-2.3',
    SPDXID: 'SPDXRef-DOCUMENT',
    name: 'hostile',
    documentNamespace: 'https://example.com/hostile',
    packages: 'all of them',
    relationships: [1, 2, 3],
  });
  json('osv-wrong-types.json', 'OSV record with affected as a string', 'refused', {
    id: 'OSV-HOSTILE-1',
    modified: '2024-01-01T00:00:00Z',
    affected: 'everything',
  });
  json('scorecard-wrong-types.json', 'Scorecard with score as text and checks as an object', 'refused', {
    date: '2024-01-01',
    repo: { name: 'github.com/hostile/repo' },
    scorecard: { version: 'v4' },
    score: 'ten',
    checks: { a: 1 },
  });
  json('proto-keys.cdx.json', 'CycloneDX with __proto__ and constructor keys', 'either', {
    ...base,
    __proto__: { polluted: true },
    components: [
      { ...component('hostile-proto', 1), __proto__: { admin: true }, constructor: { prototype: { x: 1 } } },
    ],
  });
  json(
    'duplicate-keys.cdx.json',
    'CycloneDX with duplicate object keys',
    'either',
    `{"bomFormat":"CycloneDX","specVersion":"1.5","version":1,"components":[{"type":"library","bom-ref":"d","name":"hostile-dup","version":"1","purl":"pkg:npm/hostile-dup@1","purl":"pkg:npm/hostile-dup@2"}],"components":[]}`,
  );
  writeFileSync(
    join(dir, 'invalid-utf8.cdx.json'),
    Buffer.concat([
      Buffer.from('{"bomFormat":"CycloneDX","specVersion":"1.5","components":[{"type":"library","name":"'),
      Buffer.from([0xff, 0xfe, 0xc0, 0xaf]),
      Buffer.from('"}]}'),
    ]),
  );
  docs.push({ file: 'invalid-utf8.cdx.json', what: 'CycloneDX holding bytes that are not UTF-8', expect: 'refused' });
  json('empty.json', 'an empty file', 'refused', '');
  json('nul-bytes.json', 'NUL bytes only', 'refused', '\0'.repeat(1000));
  json('huge-number.json', 'a JSON number of 1e999', 'refused', '1e999');
  json('truncated.cdx.json', 'CycloneDX cut off half-way', 'refused', JSON.stringify(base).slice(0, 90));

  // --- graph shapes ---
  const ring = full ? 50_000 : 2_000;
  json(
    'cycle-and-self.cdx.json',
    `CycloneDX: a ring of ${ring} components, each also depending on itself`,
    'stored',
    cyclonedx(
      'hostile-ring',
      Array.from({ length: ring }, (_, i) => component('hostile-ring', i)),
      [
        { ref: 'croot', dependsOn: ['c0'] },
        ...Array.from({ length: ring }, (_, i) => ({ ref: `c${i}`, dependsOn: [`c${(i + 1) % ring}`, `c${i}`] })),
      ],
    ),
  );
  const dangling = full ? 500_000 : 20_000;
  json(
    'dangling-refs.cdx.json',
    `CycloneDX with ${dangling} dependency refs to nothing`,
    'either',
    cyclonedx(
      'hostile-dangling',
      [component('hostile-dangling', 1)],
      [{ ref: 'c1', dependsOn: Array.from({ length: dangling }, (_, i) => `missing-${i}`) }],
    ),
  );

  // --- zip archives ---
  // Past the 256 MiB document limit; level 1 deflates zeros fastest (still about 1000:1).
  const bombBytes = full ? 300 * 1024 ** 2 : 64 * 1024 ** 2;
  await writeZip(join(dir, 'bomb.zip'), (zip) =>
    zip.addReadStream(zeros(bombBytes), 'zeros.json', { compress: true, compressionLevel: 1, size: bombBytes }),
  );
  docs.push({
    file: 'bomb.zip',
    what: `zip with one entry of ${bombBytes / 1024 ** 2} MiB of zeros (deflated)`,
    expect: 'refused',
  });
  const entries = full ? 10_000 : 2_000;
  await writeZip(join(dir, 'many-entries.zip'), (zip) => {
    for (let i = 0; i < entries; i++) zip.addBuffer(Buffer.from('{}'), `e/${i}.json`, { compress: false });
  });
  docs.push({ file: 'many-entries.zip', what: `zip with ${entries} entries of "{}"`, expect: 'either' });
  await writeZip(join(dir, 'nested.zip'), (zip) =>
    zip.addFile(join(dir, 'bomb.zip'), 'inner.zip', { compress: false }),
  );
  docs.push({ file: 'nested.zip', what: 'zip holding a zip bomb', expect: 'either' });
  const liar = join(dir, 'lying-sizes.zip');
  await writeZip(liar, (zip) => zip.addReadStream(zeros(8 << 20), 'liar.json', { compress: true, size: 8 << 20 }));
  writeFileSync(liar, lieAboutSizes(readFileSync(liar), 100));
  docs.push({
    file: 'lying-sizes.zip',
    what: 'zip whose headers claim 100 bytes for 8 MiB of content',
    expect: 'refused',
  });
  const whole = readFileSync(join(dir, 'many-entries.zip'));
  writeFileSync(join(dir, 'truncated.zip'), whole.subarray(0, Math.floor(whole.length / 2)));
  docs.push({ file: 'truncated.zip', what: 'zip cut off half-way (no central directory)', expect: 'refused' });
  // yazl refuses ".." in names: write a same-length placeholder, then patch the name bytes.
  const traversal = join(dir, 'traversal.zip');
  await writeZip(traversal, (zip) =>
    zip.addBuffer(
      Buffer.from(JSON.stringify(cyclonedx('hostile-zipname', [component('hostile-zipname', 1)], []))),
      'DOTDOT/DOTDOT/tmp/escape.cdx.json'.replace(/DOTDOT/g, '__'),
    ),
  );
  writeFileSync(
    traversal,
    Buffer.from(readFileSync(traversal).toString('latin1').replaceAll('__/__/tmp/', '../../tmp/'), 'latin1'),
  );
  docs.push({ file: 'traversal.zip', what: 'zip entry named ../../tmp/escape.cdx.json', expect: 'either' });
  return docs;
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
