// What signature verification tells a parser: the state recorded on provenance facts and who
// signed. The verifier is built once per process from the user's trusted keys and Sigstore
// trusted root (index.ts) and handed to parsers through ParseContext, so parsers stay pure.
import type { SignatureState } from '../../model/facts.js';
import type { Json } from '../formats/common/json.js';

export type { SignatureState };

export interface SignatureCheck {
  signature: SignatureState;
  /** Key fingerprint ("sha256:<hex of the SPKI DER>") or certificate identity (SAN and issuer). */
  signedBy?: string;
  /** Why it is not verified (for messages and --require-signed-provenance). */
  reason?: string;
}

export interface SignatureVerifier {
  /** Refuse provenance whose signature is not verified. */
  readonly requireSigned: boolean;
  /** A DSSE envelope ({payloadType, payload, signatures}). */
  verifyEnvelope(envelope: Json): SignatureCheck;
  /** A Sigstore bundle (application/vnd.dev.sigstore.bundle…) as JSON. */
  verifyBundle(bundle: Json): SignatureCheck;
}
