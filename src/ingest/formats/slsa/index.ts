// SLSA provenance: in-toto statements (bare, DSSE, Sigstore bundle, npm attestation list) whose
// predicate is SLSA provenance v0.1, v0.2 or v1. Signatures are not verified; see envelope.ts and
// docs/formats/sbom.md.
import type { FormatParser } from '../types.js';
import { isSlsaProvenance } from './detect.js';
import { parseProvenance } from './parse.js';
import { translateProvenance } from './translate.js';

export const slsaParser: FormatParser = {
  name: 'slsa',
  detect: isSlsaProvenance,
  parse: (doc) => translateProvenance(parseProvenance(doc.json)),
};
