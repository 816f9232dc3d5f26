// SLSA provenance parser: in-toto statements (bare, DSSE, Sigstore bundle, npm attestation list)
// whose predicate is SLSA provenance v0.1, v0.2 or v1. Detection decodes the wrapper (memoised, so
// parse does not decode twice) because only the statement says whether it is SLSA provenance.
// Signatures are not verified; see envelope.ts and docs/formats/sbom.md.
import { isObject } from '../sbom-common.js';
import type { FormatParser } from '../types.js';
import { NotProvenance, unwrapProvenance } from './envelope.js';
import { translateProvenance } from './provenance.js';

function looksWrapped(json: unknown): boolean {
  return (
    isObject(json) &&
    (typeof json._type === 'string' ||
      typeof json.payloadType === 'string' ||
      (typeof json.mediaType === 'string' && json.mediaType.startsWith('application/vnd.dev.sigstore.bundle')) ||
      Array.isArray(json.attestations))
  );
}

export const slsaParser: FormatParser = {
  name: 'slsa',
  detect(doc) {
    if (!looksWrapped(doc.json)) return false;
    try {
      unwrapProvenance(doc.json);
      return true;
    } catch (err) {
      // Broken provenance (bad base64, …) is still claimed, so parse rejects it with its reason.
      if (err instanceof NotProvenance) return false;
      return true;
    }
  },
  parse: (doc) => translateProvenance(unwrapProvenance(doc.json)),
};
