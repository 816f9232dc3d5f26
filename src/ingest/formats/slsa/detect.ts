// Is this document SLSA provenance? Only the statement says so, so detection unwraps the
// wrapper (memoised, parse does not decode twice).
import { isObject } from '../common/json.js';
import type { SniffedDocument } from '../types.js';
import { NotProvenance, unwrapProvenance } from './envelope.js';

function looksWrapped(json: unknown): boolean {
  return (
    isObject(json) &&
    (typeof json._type === 'string' ||
      typeof json.payloadType === 'string' ||
      (typeof json.mediaType === 'string' && json.mediaType.startsWith('application/vnd.dev.sigstore.bundle')) ||
      Array.isArray(json.attestations))
  );
}

export function isSlsaProvenance(doc: SniffedDocument): boolean {
  if (!looksWrapped(doc.json)) return false;
  try {
    unwrapProvenance(doc.json);
    return true;
  } catch (err) {
    // Broken provenance (bad base64, …) is still claimed, so parse rejects it with its reason.
    if (err instanceof NotProvenance) return false;
    return true;
  }
}
