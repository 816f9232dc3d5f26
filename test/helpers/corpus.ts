// Real documents for the tests, as named sets that the same checks run over:
// - FIXTURES: the subset copied into test/fixtures/<kind>/<file> (always there, see its README);
// - CORPUS: the whole shared corpus (../shared/corpus beside the project, or SUPPLYGRAPH_CORPUS),
//   read-only, used by the sweep in test/corpus-sweep/ (vitest.config.ts runs that only when present).
// Files keep their corpus names, so a test that names one file finds it in either set.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SniffedDocument } from '../../src/ingest/formats/types.js';

export interface CorpusEntry {
  file: string;
  kind: string;
}

export interface DocumentSet {
  /** Shown in test names: "fixtures" or "corpus". */
  name: string;
  root: string;
  entries(): CorpusEntry[];
  filesOfKind(...kinds: string[]): string[];
  path(file: string): string;
  text(file: string): string;
  rawJson(file: string): any;
  /** The document as detection would see it (content only; a leading BOM dropped). */
  load(file: string): SniffedDocument;
}

/** Kinds of real documents (the corpus MANIFEST's `kind` column, the fixture directory names). */
export const KINDS = [
  'spdx',
  'cyclonedx',
  'cyclonedx-xml',
  'slsa-provenance',
  'osv',
  'osv-scanner',
  'grype',
  'trivy',
  'openvex',
  'scorecard',
] as const;

const HERE = fileURLToPath(new URL('.', import.meta.url));

export const FIXTURES_DIR = resolve(HERE, '../fixtures');

/** Where the whole corpus is looked for; see corpusStatus() for whether it is there. */
export const CORPUS_DIR = resolve(process.env.SUPPLYGRAPH_CORPUS ?? resolve(HERE, '../../../shared/corpus'));

export const hasCorpus = existsSync(join(CORPUS_DIR, 'MANIFEST.tsv'));

function documentSet(name: string, root: string, list: () => CorpusEntry[], pathOf: (e: CorpusEntry) => string) {
  let cached: Map<string, CorpusEntry> | undefined;
  const byFile = () => (cached ??= new Map(list().map((e) => [e.file, e])));
  const set: DocumentSet = {
    name,
    root,
    entries: () => [...byFile().values()],
    filesOfKind: (...kinds) =>
      set
        .entries()
        .filter((e) => kinds.includes(e.kind))
        .map((e) => e.file),
    path(file) {
      const entry = byFile().get(file);
      if (!entry)
        throw new Error(
          `${file} is not in the ${name} (${root}); copy it from the corpus into test/fixtures/<kind>/ and list it in test/fixtures/README.md`,
        );
      return pathOf(entry);
    },
    text: (file) => readFileSync(set.path(file), 'utf8').replace(/^\uFEFF/, ''),
    rawJson: (file) => JSON.parse(set.text(file)),
    load(file) {
      const text = set.text(file);
      const first = /\S/.exec(text)?.[0];
      if (first === '{' || first === '[') return { name: file, text, json: JSON.parse(text), xml: false };
      return { name: file, text, json: undefined, xml: first === '<' };
    },
  };
  return set;
}

export const FIXTURES: DocumentSet = documentSet(
  'fixtures',
  FIXTURES_DIR,
  () =>
    KINDS.filter((kind) => existsSync(join(FIXTURES_DIR, kind)))
      .flatMap((kind) => readdirSync(join(FIXTURES_DIR, kind)).map((file) => ({ file, kind })))
      .filter((e) => statSync(join(FIXTURES_DIR, e.kind, e.file)).isFile())
      .sort((a, b) => (a.file < b.file ? -1 : 1)),
  (e) => join(FIXTURES_DIR, e.kind, e.file),
);

export const CORPUS: DocumentSet = documentSet(
  'corpus',
  CORPUS_DIR,
  () => {
    if (!hasCorpus) throw new Error(`no corpus at ${CORPUS_DIR} (MANIFEST.tsv missing)`);
    const lines = readFileSync(join(CORPUS_DIR, 'MANIFEST.tsv'), 'utf8')
      .split('\n')
      .filter((l) => l.trim());
    return lines.slice(1).map((l) => {
      const [file, kind] = l.split('\t');
      return { file, kind };
    });
  },
  (e) => join(CORPUS_DIR, e.file),
);
