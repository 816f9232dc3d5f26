import type { FormatParser } from '../types.js';
import { parseIngestPredicates, PREDICATE_KEYS } from './parse.js';

export const guacPredicatesParser: FormatParser = {
  name: 'guac-predicates',
  detect(doc) {
    const json = doc.json;
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
    const keys = Object.keys(json);
    // Every key an IngestPredicates field, at least one holding a list.
    return (
      keys.length > 0 &&
      keys.every((k) => (PREDICATE_KEYS as readonly string[]).includes(k)) &&
      keys.some((k) => Array.isArray((json as Record<string, unknown>)[k]))
    );
  },
  parse: parseIngestPredicates,
};
