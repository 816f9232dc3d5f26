// Sigstore bundle verification, offline, against a user-supplied trusted root (the
// trusted_root.json of sigstore/root-signing, or a private deployment's): @sigstore/verify checks
// the signature over the DSSE envelope, the signing certificate's chain to a trusted Fulcio CA at
// the time the transparency log recorded it, the log entry (inclusion promise or proof), and the
// certificate transparency SCT. Nothing is fetched.
import { readFileSync } from 'node:fs';
import { bundleFromJSON } from '@sigstore/bundle';
import { TrustedRoot } from '@sigstore/protobuf-specs';
import { toSignedEntity, toTrustMaterial, Verifier, type TrustMaterial } from '@sigstore/verify';
import type { Json } from '../formats/common/json.js';
import type { TrustedKey } from './keys.js';
import type { SignatureCheck } from './types.js';

const ROOT_FILE_LIMIT = 16 * 1024 * 1024;

/**
 * The trust material of a trusted_root.json; keys (by fingerprint) verify bundles signed with a
 * public key rather than a certificate. Throws naming the file when it is not a trusted root.
 */
export function loadTrustedRoot(file: string, keys: readonly TrustedKey[] = []): TrustMaterial {
  let json: unknown;
  try {
    const text = readFileSync(file, 'utf8');
    if (text.length > ROOT_FILE_LIMIT) throw new Error('too large');
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`--sigstore-trusted-root ${file}: cannot be read as JSON (${(err as Error).message})`, {
      cause: err,
    });
  }
  if (typeof json !== 'object' || json === null || !('tlogs' in json) || !('certificateAuthorities' in json))
    throw new Error(
      `--sigstore-trusted-root ${file}: not a Sigstore trusted root (no "tlogs" and "certificateAuthorities")`,
    );
  try {
    return toTrustMaterial(TrustedRoot.fromJSON(json), (hint) => {
      const k = keys.find((key) => key.id === hint || key.id === `sha256:${hint}`);
      if (!k) throw new Error(`no trusted key ${hint}`);
      return { publicKey: k.key, validFor: () => true };
    });
  } catch (err) {
    throw new Error(`--sigstore-trusted-root ${file}: not a usable trusted root (${(err as Error).message})`, {
      cause: err,
    });
  }
}

/** Who signed, as the certificate says: its SAN and the OIDC issuer extension. */
function identityOf(
  identity: { subjectAlternativeName?: string; extensions?: { issuer?: string } } | undefined,
): string | undefined {
  if (!identity?.subjectAlternativeName) return undefined;
  const issuer = identity.extensions?.issuer;
  return issuer ? `${identity.subjectAlternativeName} (issuer ${issuer})` : identity.subjectAlternativeName;
}

export function verifySigstoreBundle(json: Json, trust: TrustMaterial): SignatureCheck {
  let bundle;
  try {
    bundle = bundleFromJSON(json);
  } catch (err) {
    return { signature: 'unverified', reason: `the Sigstore bundle is malformed (${(err as Error).message})` };
  }
  try {
    const signer = new Verifier(trust).verify(toSignedEntity(bundle));
    const content = bundle.verificationMaterial.content;
    const signedBy =
      identityOf(signer.identity) ?? (content.$case === 'publicKey' ? content.publicKey.hint : undefined);
    return signedBy ? { signature: 'verified', signedBy } : { signature: 'verified' };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    return {
      signature: 'unverified',
      reason: `Sigstore verification failed${typeof code === 'string' ? ` (${code})` : ''}: ${(err as Error).message}`,
    };
  }
}
