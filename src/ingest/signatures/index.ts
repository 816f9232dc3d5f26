// Signature verification of provenance (DSSE envelopes with trusted keys, Sigstore bundles with a
// trusted root), built once from the settings and passed to parsers in ParseContext.
import { isObject } from '../formats/common/json.js';
import { verifyDsseEnvelope } from './dsse.js';
import { loadTrustedKeys, type TrustedKey } from './keys.js';
import { loadTrustedRoot, verifySigstoreBundle } from './sigstore.js';
import type { SignatureCheck, SignatureVerifier } from './types.js';
import type { TrustMaterial } from '@sigstore/verify';

export type { SignatureCheck, SignatureState, SignatureVerifier } from './types.js';
export { preAuthEncoding } from './pae.js';
export { keyFingerprint } from './keys.js';

export interface SignatureSettings {
  /** A PEM file or a directory of them. */
  trustedKeys?: string;
  /** A Sigstore trusted_root.json. */
  sigstoreTrustedRoot?: string;
  requireSignedProvenance?: boolean;
}

export function signatureVerifier(
  keys: readonly TrustedKey[],
  trust: TrustMaterial | undefined,
  requireSigned: boolean,
): SignatureVerifier {
  return {
    requireSigned,
    verifyEnvelope: (envelope) => verifyDsseEnvelope(envelope, keys),
    verifyBundle: (bundle): SignatureCheck => {
      if (trust) return verifySigstoreBundle(bundle, trust);
      // No trusted root: a bundle signed with one of the trusted keys still verifies by its DSSE signature.
      const envelope = bundle.dsseEnvelope;
      if (!isObject(envelope)) return { signature: 'unverified', reason: 'the bundle carries no DSSE envelope' };
      const check = verifyDsseEnvelope(envelope, keys);
      if (check.signature !== 'unverified') return check;
      const noRoot = 'no Sigstore trusted root configured (--sigstore-trusted-root)';
      return { signature: 'unverified', reason: keys.length > 0 ? `${check.reason}; ${noRoot}` : noRoot };
    },
  };
}

/** The settings each loaded verifier was built from: a worker thread builds its own from them. */
const settingsOf = new WeakMap<SignatureVerifier, SignatureSettings>();

/** Reads the configured keys and trusted root; throws naming the setting and file when one is unusable. */
export function loadSignatureVerifier(settings: SignatureSettings): SignatureVerifier {
  const keys = settings.trustedKeys ? loadTrustedKeys(settings.trustedKeys) : [];
  const trust = settings.sigstoreTrustedRoot ? loadTrustedRoot(settings.sigstoreTrustedRoot, keys) : undefined;
  const verifier = signatureVerifier(keys, trust, settings.requireSignedProvenance === true);
  settingsOf.set(verifier, { ...settings });
  return verifier;
}

/** The settings `verifier` was loaded from, or undefined for one built otherwise (in code, in tests). */
export function signatureSettingsOf(verifier: SignatureVerifier): SignatureSettings | undefined {
  return settingsOf.get(verifier);
}
