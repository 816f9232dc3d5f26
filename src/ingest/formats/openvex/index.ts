// OpenVEX documents (https://github.com/openvex/spec): each statement says whether products are
// affected by a vulnerability.
import type { FormatParser } from '../types.js';
import { isOpenVex } from './detect.js';
import { parseOpenVex } from './parse.js';
import { OPENVEX_FORMAT, translateOpenVex } from './translate.js';

export const openvexParser: FormatParser = {
  name: OPENVEX_FORMAT,
  detect: (doc) => isOpenVex(doc.json),
  parse: (doc, ctx) => translateOpenVex(parseOpenVex(doc.json, ctx.now)),
};

export { isOpenVex } from './detect.js';
export { OPENVEX_FORMAT } from './translate.js';
