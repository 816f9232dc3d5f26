// Single OSV records (https://ossf.github.io/osv-schema/): GHSA, Go vulndb, PyPA, RustSec,
// OpenSSF malicious-packages…
import type { OsvAdvisory } from '../../../vuln/osv-match.js';
import type { FormatParser, SniffedDocument } from '../types.js';
import { isOsvRecord } from './detect.js';
import { parseOsvAdvisory } from './parse.js';
import { OSV_FORMAT, translateOsv } from './translate.js';

/** The advisory of an OSV document, for matching against packages (the store keeps it). */
export function advisoryFromDocument(doc: SniffedDocument): OsvAdvisory {
  return parseOsvAdvisory(doc.json, '');
}

export const osvParser: FormatParser = {
  name: OSV_FORMAT,
  detect: (doc) => isOsvRecord(doc.json),
  parse: (doc) => translateOsv(advisoryFromDocument(doc)),
};

export { isOsvRecord } from './detect.js';
export { parseOsvAdvisory } from './parse.js';
export { advisoryDatabase, emitAdvisoryFacts, OSV_FORMAT } from './translate.js';
