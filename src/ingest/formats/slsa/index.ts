// SLSA provenance: in-toto statements (bare, DSSE, Sigstore bundle, npm attestation list) whose
// predicate is SLSA provenance v0.1, v0.2 or v1. The signature of the envelope or bundle is
// verified by the verifier in ParseContext (signature.ts) and recorded on every HasSLSA fact.
import type { FormatParser } from '../types.js';
import { isSlsaProvenance } from './detect.js';
import { parseProvenance } from './parse.js';
import { checkSignature } from './signature.js';
import { translateProvenance } from './translate.js';

export const slsaParser: FormatParser = {
  name: 'slsa',
  detect: isSlsaProvenance,
  parse: (doc, ctx) => {
    const provenance = parseProvenance(doc.json);
    return translateProvenance(provenance, checkSignature(provenance, ctx));
  },
};
