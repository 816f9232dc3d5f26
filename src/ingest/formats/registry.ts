// Every supported format, in detection order (the first parser whose detect() accepts wins).
import type { FormatParser } from './types.js';
import { guacPredicatesParser } from './guac-predicates/index.js';

export const FORMAT_PARSERS: readonly FormatParser[] = [
  guacPredicatesParser,
];
