// Grype JSON reports (`grype -o json`).
import type { FormatParser } from '../../types.js';
import { isGrypeReport } from './detect.js';
import { parseGrype } from './parse.js';
import { translateGrype } from './translate.js';

export const grypeParser: FormatParser = {
  name: 'grype',
  detect: (doc) => isGrypeReport(doc.json),
  parse: (doc, ctx) => translateGrype(parseGrype(doc.json, ctx.now), ctx),
};

export { isGrypeReport } from './detect.js';
export { GRYPE_URI } from './parse.js';
