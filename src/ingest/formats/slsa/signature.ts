// The signature of a provenance document: the verifier of ParseContext (built from
// --trusted-keys and --sigstore-trusted-root) judges the DSSE envelope or Sigstore bundle; without
// one, nothing is trusted and a signed document is "unverified". With --require-signed-provenance
// anything but "verified" rejects the document, saying why.
import { DocumentError } from '../../../model/facts.js';
import { signatureVerifier, type SignatureCheck } from '../../signatures/index.js';
import type { ParseContext } from '../types.js';
import type { Provenance } from './parse.js';

const NO_TRUST = signatureVerifier([], undefined, false);

export function checkSignature(p: Provenance, ctx: ParseContext): SignatureCheck {
  const verifier = ctx.signatures ?? NO_TRUST;
  const check: SignatureCheck = !p.signed
    ? { signature: 'unsigned', reason: 'a bare in-toto statement carries no signature' }
    : p.signed.kind === 'dsse'
      ? verifier.verifyEnvelope(p.signed.json)
      : verifier.verifyBundle(p.signed.json);
  if (verifier.requireSigned && check.signature !== 'verified') {
    const why =
      check.signature === 'unsigned'
        ? (check.reason ?? 'the envelope carries no signature')
        : (check.reason ?? 'the signature does not verify');
    throw new DocumentError(
      p.signed?.at ?? '',
      `provenance signature is ${check.signature}: ${why} (--require-signed-provenance refuses it)`,
    );
  }
  return check;
}
