// GUAC ingest-predicates JSON (assembler.IngestPredicates, with the JSON tags of GUAC's generated
// input specs). Every predicate kind of SPEC §2 can be written in it.
import type { FormatParser } from '../types.js';
import { isIngestPredicates } from './detect.js';
import { parseIngestPredicatesRoot } from './parse.js';
import { translateIngestPredicates } from './translate.js';

export const guacPredicatesParser: FormatParser = {
  name: 'guac-predicates',
  detect: (doc) => isIngestPredicates(doc.json),
  parse: (doc, ctx) => translateIngestPredicates(parseIngestPredicatesRoot(doc.json), ctx),
};
