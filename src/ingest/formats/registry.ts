// Every supported format, in detection order (the first parser whose detect() accepts wins;
// the detectors are written so that no two claim the same document).
import type { FormatParser } from './types.js';
import { guacPredicatesParser } from './guac-predicates/index.js';
import { spdxParser } from './spdx/index.js';
import { cyclonedxJsonParser, cyclonedxXmlParser } from './cyclonedx/index.js';
import { slsaParser } from './slsa/index.js';

export const FORMAT_PARSERS: readonly FormatParser[] = [
  guacPredicatesParser,
  spdxParser,
  cyclonedxJsonParser,
  cyclonedxXmlParser,
  slsaParser,
];
