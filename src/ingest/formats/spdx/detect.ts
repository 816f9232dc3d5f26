// Is this document SPDX? JSON with an "SPDX-…" spdxVersion, or tag-value text with an SPDXVersion
// line. Other SPDX versions are claimed too, so parse refuses them with a clear message rather
// than "unsupported document".
import { isObject } from '../common/json.js';
import type { SniffedDocument } from '../types.js';
import { looksLikeSpdxTagValue } from './tagvalue.js';

export function isSpdx(doc: SniffedDocument): boolean {
  if (doc.json !== undefined) {
    return isObject(doc.json) && typeof doc.json.spdxVersion === 'string' && doc.json.spdxVersion.startsWith('SPDX-');
  }
  return !doc.xml && looksLikeSpdxTagValue(doc.text);
}
