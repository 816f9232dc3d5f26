// Shared by the OSV / scanner / OpenVEX / Scorecard tests: the shared corpus, read as the
// ingest would (content only), and the parsers under test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormatParser, ParseContext, SniffedDocument } from '../../../src/ingest/formats/types.js';
import { osvParser } from '../../../src/ingest/formats/osv/index.js';
import { grypeParser, osvScannerParser, trivyParser } from '../../../src/ingest/formats/scanners/index.js';
import { openvexParser } from '../../../src/ingest/formats/openvex/index.js';
import { scorecardParser } from '../../../src/ingest/formats/scorecard/index.js';

export { CORPUS, manifest, rawJson, type CorpusEntry } from '../../helpers/corpus.js';
import { CORPUS, manifest } from '../../helpers/corpus.js';

export function filesOfKind(kind: string): string[] {
  return manifest()
    .filter((e) => e.kind === kind)
    .map((e) => e.file);
}

export function load(file: string): SniffedDocument {
  const text = readFileSync(join(CORPUS, file), 'utf8').replace(/^\uFEFF/, '');
  const first = /\S/.exec(text)?.[0];
  if (first === '{' || first === '[') return { name: file, text, json: JSON.parse(text), xml: false };
  return { name: file, text, json: undefined, xml: first === '<' };
}

export const CTX: ParseContext = {
  origin: 'test',
  collector: 'vitest',
  documentDigest: 'sha256:0000000000000000000000000000000000000000000000000000000000000000',
  now: '2030-01-01T00:00:00.000Z',
};

/** Corpus kind each parser owns. */
export const PARSER_KIND: [FormatParser, string][] = [
  [osvParser, 'osv'],
  [osvScannerParser, 'osv-scanner'],
  [grypeParser, 'grype'],
  [trivyParser, 'trivy'],
  [openvexParser, 'openvex'],
  [scorecardParser, 'scorecard'],
];

export function sorted<T>(xs: Iterable<T>): T[] {
  return [...xs].sort();
}

/** Every corpus file is claimed by `parser` exactly when its MANIFEST kind is `kind`. */
export function detectionMismatches(parser: FormatParser, kind: string): string[] {
  return manifest()
    .filter((e) => parser.detect(load(e.file)) !== (e.kind === kind))
    .map((e) => `${e.file} (${e.kind}) ${e.kind === kind ? 'not detected' : 'wrongly claimed'} by ${parser.name}`);
}
