// SPDX 2.2/2.3 documents: JSON and tag-value.
import type { FormatParser } from '../types.js';
import { isSpdx } from './detect.js';
import { parseSpdx } from './parse.js';
import { translateSpdx } from './translate.js';

export const spdxParser: FormatParser = {
  name: 'spdx',
  detect: isSpdx,
  parse: (doc, ctx) => translateSpdx(parseSpdx(doc), ctx),
};
