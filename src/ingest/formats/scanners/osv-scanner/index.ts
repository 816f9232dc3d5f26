// osv-scanner JSON reports (`osv-scanner --format json`).
import type { FormatParser } from '../../types.js';
import { isOsvScannerReport } from './detect.js';
import { parseOsvScanner } from './parse.js';
import { translateOsvScanner } from './translate.js';

export const osvScannerParser: FormatParser = {
  name: 'osv-scanner',
  detect: (doc) => isOsvScannerReport(doc.json),
  parse: (doc, ctx) => translateOsvScanner(parseOsvScanner(doc.json), ctx.now),
};

export { isOsvScannerReport } from './detect.js';
export { OSV_SCANNER_URI } from './translate.js';
