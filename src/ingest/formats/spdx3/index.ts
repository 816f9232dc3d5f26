// SPDX 3.0 JSON-LD documents (Core, Software, SimpleLicensing and Security profiles).
import type { FormatParser } from '../types.js';
import { isSpdx3 } from './detect.js';
import { parseSpdx3 } from './parse.js';
import { translateSpdx3 } from './translate.js';

export const spdx3Parser: FormatParser = {
  name: 'spdx-3',
  detect: isSpdx3,
  parse: (doc, ctx) => translateSpdx3(parseSpdx3(doc), ctx),
};
