// CSAF 2.0 / 2.1 documents (https://docs.oasis-open.org/csaf/csaf/v2.0/csaf-v2.0.html): security
// advisories and VEX. The product tree names products (purls, file hashes, CPEs); each
// vulnerability's product_status says which are affected, fixed, not affected or under
// investigation. See docs/formats/vulnerabilities.md ("CSAF").
import type { FormatParser } from '../types.js';
import { isCsaf } from './detect.js';
import { parseCsaf } from './parse.js';
import { CSAF_FORMAT, translateCsaf } from './translate.js';

export const csafParser: FormatParser = {
  name: CSAF_FORMAT,
  detect: (doc) => isCsaf(doc.json),
  parse: (doc, ctx) => translateCsaf(parseCsaf(doc.json, ctx.now)),
};

export { isCsaf } from './detect.js';
export { CSAF_FORMAT } from './translate.js';
