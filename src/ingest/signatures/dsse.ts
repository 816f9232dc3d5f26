// DSSE envelope verification with trusted public keys: each signature is checked over the PAE of
// the payload with every trusted key (the one its keyid names first); one good signature verifies.
import { verify, type KeyObject } from 'node:crypto';
import { base64Bytes, isObject, type Json } from '../formats/common/json.js';
import type { TrustedKey } from './keys.js';
import { preAuthEncoding } from './pae.js';
import type { SignatureCheck } from './types.js';
import { lookupTable } from '../../model/lookup-table.js';

/** Signatures tried per envelope: a hostile envelope with thousands must not cost thousands of verifies per key. */
const MAX_SIGNATURES = 16;

const EC_HASH = lookupTable<string>({ prime256v1: 'sha256', secp384r1: 'sha384', secp521r1: 'sha512' });

/** Whether `signature` over `data` verifies with `key` (ECDSA in DER or IEEE P1363 form, Ed25519, RSA PKCS#1 v1.5 or PSS). */
export function verifiesWith(key: KeyObject, data: Buffer, signature: Buffer): boolean {
  try {
    switch (key.asymmetricKeyType) {
      case 'ed25519':
        return verify(null, data, key, signature);
      case 'ec': {
        const hash = EC_HASH[key.asymmetricKeyDetails?.namedCurve ?? ''] ?? 'sha256';
        return (
          verify(hash, data, { key, dsaEncoding: 'der' }, signature) ||
          verify(hash, data, { key, dsaEncoding: 'ieee-p1363' }, signature)
        );
      }
      case 'rsa':
      case 'rsa-pss':
        return (
          verify('sha256', data, key, signature) || verify('sha256', data, { key, padding: 6 /* PSS */ }, signature)
        );
      default:
        return false;
    }
  } catch {
    return false; // a malformed signature for this key type
  }
}

export function verifyDsseEnvelope(envelope: Json, keys: readonly TrustedKey[]): SignatureCheck {
  const signatures = Array.isArray(envelope.signatures) ? envelope.signatures.filter(isObject) : [];
  const sigs = signatures.map((s) => ({ keyid: typeof s.keyid === 'string' ? s.keyid : '', sig: base64Bytes(s.sig) }));
  if (!signatures.some((s) => typeof s.sig === 'string' && s.sig !== '')) return { signature: 'unsigned' };
  const payload = base64Bytes(envelope.payload);
  if (typeof envelope.payloadType !== 'string' || !payload)
    return { signature: 'unverified', reason: 'the envelope has no payloadType or base64 payload' };
  if (keys.length === 0) return { signature: 'unverified', reason: 'no trusted keys configured (--trusted-keys)' };
  const pae = preAuthEncoding(envelope.payloadType, payload);
  for (const { keyid, sig } of sigs.slice(0, MAX_SIGNATURES)) {
    if (!sig || sig.length === 0) continue;
    // The key the signature names first; keyid is only a hint (DSSE), so every key is tried.
    const ordered = [...keys].sort((a, b) => Number(b.id === keyid) - Number(a.id === keyid));
    for (const k of ordered) if (verifiesWith(k.key, pae, sig)) return { signature: 'verified', signedBy: k.id };
  }
  return {
    signature: 'unverified',
    reason: `no signature verifies with any of the ${keys.length} trusted key(s)`,
  };
}
