// How many licence fields of a directory of documents normalise to SPDX expressions: per format,
// the fields seen (SPDX packages' licenseConcluded and licenseDeclared, CycloneDX components'
// licenses[] entries, Trivy Packages[].Licenses, Grype artifact.licenses once per artifact), those that parse as written, those that parse after correction (case,
// spdx-correct where faithful), those kept verbatim, and NOASSERTION / NONE. The fields are the
// ones ingest reads (the build's own parse step), each read by the build's normaliser
// (src/model/license.ts). Prints a table and the texts most often kept verbatim; then the time one
// hostile licence text takes to read (long names, thousands of operators, deep parentheses, runs of
// spaces: docs/formats/sbom.md#licences), at ingest (readLicense) and as a `?license=` query
// (parseLicenseFilter), which LICENSE_LIMITS and the linear scanner keep to about a millisecond.
//   npm run bench:licenses -- [DIR]        (default ../shared/corpus)
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtModule } from '../lib/paths.js';

type Reading = 'as-written' | 'corrected' | 'verbatim' | 'none' | 'over-limit';
interface SniffedDocument {
  json?: unknown;
}
interface LicenceEntry {
  text?: string;
}
interface CdxComponent {
  licenses: LicenceEntry[];
}
interface SpdxElement {
  kind: 'package' | 'file';
  licenseConcluded?: string;
  licenseDeclared?: string;
}

// The service's own code, from the build (`npm run build`).
const { sniff, detectFormat } = (await builtModule('ingest/detect.js')) as {
  sniff: (name: string, bytes: Uint8Array) => SniffedDocument;
  detectFormat: (doc: SniffedDocument) => { name: string };
};
const { parseSpdx } = (await builtModule('ingest/formats/spdx/parse.js')) as {
  parseSpdx: (doc: SniffedDocument) => { elements: SpdxElement[] };
};
const { parseCycloneDx } = (await builtModule('ingest/formats/cyclonedx/parse.js')) as {
  parseCycloneDx: (doc: SniffedDocument) => { top?: CdxComponent; components: CdxComponent[] };
};
const { parseTrivy } = (await builtModule('ingest/formats/scanners/trivy/parse.js')) as {
  parseTrivy: (json: unknown, now: string) => { results: { packages: { licenses: string[] }[] }[] };
};
const { parseGrype } = (await builtModule('ingest/formats/scanners/grype/parse.js')) as {
  parseGrype: (json: unknown, now: string) => { matches: { artifact: { purl: unknown; licenses: string[] } }[] };
};
const { readLicense } = (await builtModule('model/license.js')) as {
  readLicense: (text: string) => { reading: Reading };
};
const { parseLicenseFilter } = (await builtModule('query/licenses.js')) as {
  parseLicenseFilter: (text: string) => unknown;
};

/** The licence fields of a document, by the format name shown, or undefined for other formats. */
function licenceFields(doc: SniffedDocument, parser: string): { format: string; texts: string[] } | undefined {
  if (parser === 'spdx') {
    const texts = parseSpdx(doc).elements.flatMap((e) =>
      e.kind === 'package' ? [e.licenseConcluded, e.licenseDeclared].filter((t) => t !== undefined) : [],
    );
    return { format: doc.json !== undefined ? 'SPDX JSON' : 'SPDX tag-value', texts };
  }
  if (parser === 'cyclonedx-json' || parser === 'cyclonedx-xml') {
    const bom = parseCycloneDx(doc);
    const components = bom.top ? [bom.top, ...bom.components] : bom.components;
    // Entries without an id, name or expression carry no licence text: not fields.
    const texts = components.flatMap((c) => c.licenses.flatMap((l) => (l.text === undefined ? [] : [l.text])));
    return { format: parser === 'cyclonedx-json' ? 'CycloneDX JSON' : 'CycloneDX XML', texts };
  }
  const now = new Date().toISOString();
  if (parser === 'trivy') {
    const texts = parseTrivy(doc.json, now).results.flatMap((r) => r.packages.flatMap((p) => p.licenses));
    return { format: 'Trivy JSON', texts };
  }
  if (parser === 'grype') {
    // Matches repeat an artifact for each of its vulnerabilities: its licences count once.
    const byArtifact = new Map<string, string[]>();
    for (const { artifact } of parseGrype(doc.json, now).matches)
      byArtifact.set(JSON.stringify([artifact.purl, artifact.licenses]), artifact.licenses);
    return { format: 'Grype JSON', texts: [...byArtifact.values()].flat() };
  }
  return undefined;
}

const dir = resolve(process.argv[2] ?? '../shared/corpus');
const READINGS: readonly Reading[] = ['as-written', 'corrected', 'verbatim', 'none', 'over-limit'];
const rows = new Map<string, { documents: number; fields: number } & Record<Reading, number>>();
const verbatimTexts = new Map<string, number>();

for (const file of readdirSync(dir).sort()) {
  if (!/\.(json|xml|spdx)$/i.test(file)) continue;
  let fields: ReturnType<typeof licenceFields>;
  try {
    const doc = sniff(file, readFileSync(join(dir, file)));
    fields = licenceFields(doc, detectFormat(doc).name);
  } catch {
    continue; // not a document ingest accepts
  }
  if (!fields) continue;
  const row = rows.get(fields.format) ?? {
    documents: 0,
    fields: 0,
    'as-written': 0,
    corrected: 0,
    verbatim: 0,
    none: 0,
    'over-limit': 0,
  };
  rows.set(fields.format, row);
  row.documents++;
  for (const text of fields.texts) {
    const { reading } = readLicense(text);
    row.fields++;
    row[reading]++;
    if (reading === 'verbatim') verbatimTexts.set(text.trim(), (verbatimTexts.get(text.trim()) ?? 0) + 1);
  }
}

/** The sum of the rows whose format matches. */
function sum(matches: (format: string) => boolean) {
  const out = { documents: 0, fields: 0, 'as-written': 0, corrected: 0, verbatim: 0, none: 0, 'over-limit': 0 };
  for (const [format, row] of rows)
    if (matches(format)) for (const key of Object.keys(out) as (keyof typeof out)[]) out[key] += row[key];
  return out;
}
const totals = [
  ['SBOMs (SPDX, CycloneDX)', sum((f) => /^(SPDX|CycloneDX)/.test(f))],
  ['all', sum(() => true)],
] as const;
const share = (n: number, of: number): string => (of === 0 ? '–' : `${((100 * n) / of).toFixed(1)} %`);

console.log(`Licence fields in ${dir}\n`);
console.log(
  '| format | documents | fields | parsed as written | parsed after correction | verbatim | NOASSERTION / NONE | over the limits | SPDX share of licences |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [format, r] of [...[...rows].sort(([a], [b]) => a.localeCompare(b)), ...totals]) {
  const licences = r.fields - r.none - r['over-limit'];
  const cells = [
    format,
    r.documents,
    r.fields,
    ...READINGS.map((k) => `${r[k]} (${share(r[k], r.fields)})`),
    share(r['as-written'] + r.corrected, licences),
  ];
  console.log(`| ${cells.join(' | ')} |`);
}
console.log('\n"SPDX share of licences": fields that normalise to an SPDX expression, of those that state a licence.');
console.log('\nMost frequent texts kept verbatim:');
for (const [text, n] of [...verbatimTexts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 15))
  console.log(`  ${String(n).padStart(5)}  ${text.length > 100 ? `${text.slice(0, 100)}…` : text}`);

/** `unit` repeated, joined by `separator`, as long as the whole fits in `size` characters. */
function repeated(unit: string, size: number, separator = ''): string {
  const count = Math.max(1, Math.floor((size + separator.length) / (unit.length + separator.length)));
  return Array.from({ length: count }, () => unit).join(separator);
}

const HOSTILE: Record<string, (size: number) => string> = {
  'one long name': (n) => 'L'.repeat(n),
  'MIT AND MIT AND …': (n) => repeated('MIT', n, ' AND '),
  'mit and mit and … (case)': (n) => repeated('mit', n, ' and '),
  'MIT AND … AND junk!': (n) => `${repeated('MIT', n - 10, ' AND ')} AND junk!`,
  'MIT MIT MIT … (no operators)': (n) => repeated('MIT', n, ' '),
  'GPL-2.0+ GPL-2.0+ …': (n) => repeated('GPL-2.0+', n, ' '),
  'deep parentheses': (n) => `${'('.repeat((n - 3) >> 1)}MIT${')'.repeat((n - 3) >> 1)}`,
  'MIT))))…': (n) => `MIT${')'.repeat(n - 3)}`,
  'a, spaces, b': (n) => `a${' '.repeat(n - 2)}b`,
  'LicenseRef-aaaa…': (n) => `LicenseRef-${'a'.repeat(n - 11)}`,
};
const SIZES = [1024, 4096, 8192, 65536];

/** The least time of a few reads, each of a text not read before (readings are cached by text). */
function leastMs(read: (text: string) => unknown, text: string, pad: string): number {
  let least = Infinity;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    try {
      read(`${pad.repeat(i + 1)}${text}`);
    } catch {
      // a refused query: its time is what counts
    }
    least = Math.min(least, performance.now() - start);
  }
  return least;
}

console.log('\nHostile licence texts: ms to read one (least of 5), at ingest / as a ?license= query\n');
console.log(`| shape | ${SIZES.map((n) => `${n / 1024} KB`).join(' | ')} |`);
console.log(`|---|${SIZES.map(() => '---:').join('|')}|`);
for (const [shape, make] of Object.entries(HOSTILE)) {
  const cells = SIZES.map((n) => {
    const text = make(n);
    const { reading } = readLicense(text);
    const ingest = leastMs(readLicense, text, ' ');
    const query = leastMs(parseLicenseFilter, text, '\n'); // other texts than ingest's: not read from the cache
    return `${ingest.toFixed(2)} / ${query.toFixed(2)} (${reading})`;
  });
  console.log(`| ${shape} | ${cells.join(' | ')} |`);
}
