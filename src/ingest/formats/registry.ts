// Every supported format, in detection order (the first parser whose detect() accepts wins;
// the detectors are written so that no two claim the same document).
import type { FormatParser } from './types.js';
import { guacPredicatesParser } from './guac-predicates/index.js';
import { spdxParser } from './spdx/index.js';
import { spdx3Parser } from './spdx3/index.js';
import { cyclonedxJsonParser, cyclonedxXmlParser } from './cyclonedx/index.js';
import { slsaParser } from './slsa/index.js';
import { osvParser } from './osv/index.js';
import { grypeParser, osvScannerParser, trivyParser } from './scanners/index.js';
import { openvexParser } from './openvex/index.js';
import { scorecardParser } from './scorecard/index.js';
import { csafParser } from './csaf/index.js';

export const FORMAT_PARSERS: readonly FormatParser[] = [
  guacPredicatesParser,
  spdxParser,
  spdx3Parser,
  cyclonedxJsonParser,
  cyclonedxXmlParser,
  slsaParser,
  osvParser,
  osvScannerParser,
  grypeParser,
  trivyParser,
  openvexParser,
  scorecardParser,
  csafParser,
];
