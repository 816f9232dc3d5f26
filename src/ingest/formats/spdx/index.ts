// SPDX 2.2/2.3 parser: JSON (detected by its "spdxVersion" field) and tag-value. Other SPDX
// versions are detected too, so they are rejected with a clear message rather than "unsupported".
import type { FormatParser } from '../types.js';
import { isObject } from '../sbom-common.js';
import { translateSpdx } from './parse.js';
import { looksLikeSpdxTagValue, tagValueToJson } from './tagvalue.js';

export const spdxParser: FormatParser = {
  name: 'spdx',
  detect(doc) {
    if (doc.json !== undefined) {
      return isObject(doc.json) && typeof doc.json.spdxVersion === 'string' && doc.json.spdxVersion.startsWith('SPDX-');
    }
    return !doc.xml && looksLikeSpdxTagValue(doc.text);
  },
  parse(doc, ctx) {
    return translateSpdx(doc.json !== undefined ? doc.json : tagValueToJson(doc.text), ctx);
  },
};

export { translateSpdx } from './parse.js';
