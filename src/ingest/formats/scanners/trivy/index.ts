// Trivy JSON reports (`trivy … -f json`).
import type { FormatParser } from '../../types.js';
import { trivyResults } from './detect.js';
import { parseTrivy } from './parse.js';
import { translateTrivy } from './translate.js';

export const trivyParser: FormatParser = {
  name: 'trivy',
  detect: (doc) => trivyResults(doc.json) !== undefined,
  parse: (doc, ctx) => translateTrivy(parseTrivy(doc.json, ctx.now), ctx),
};

export { trivyResults } from './detect.js';
export { TRIVY_URI } from './parse.js';
