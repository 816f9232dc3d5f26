// GUAC ingest-predicates JSON (assembler.IngestPredicates, with the JSON tags of GUAC's generated
// input specs). Every fact kind of docs/model.md can be written in it.
import type { FormatParser } from '../types.js';
import { isIngestPredicates } from './detect.js';
import { parseIngestPredicatesRoot } from './parse.js';
import { translateIngestPredicates } from './translate.js';

export const guacPredicatesParser: FormatParser = {
  name: 'guac-predicates',
  detect: (doc) => isIngestPredicates(doc.json),
  parse: (doc, ctx) => translateIngestPredicates(parseIngestPredicatesRoot(doc.json), ctx),
};
