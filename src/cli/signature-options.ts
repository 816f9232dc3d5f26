import type { SettingValues } from '../config/settings.js';
import { loadSignatureVerifier, type SignatureVerifier } from '../ingest/signatures/index.js';

type SignatureSettings = Pick<SettingValues, 'trustedKeys' | 'sigstoreTrustedRoot' | 'requireSignedProvenance'>;

/** The provenance signature verifier the settings ask for, or undefined when none is set. */
export function signatureVerifierOf(settings: SignatureSettings): SignatureVerifier | undefined {
  const { trustedKeys, sigstoreTrustedRoot, requireSignedProvenance } = settings;
  if (!requireSignedProvenance && trustedKeys === undefined && sigstoreTrustedRoot === undefined) return undefined;
  return loadSignatureVerifier({ trustedKeys, sigstoreTrustedRoot, requireSignedProvenance });
}
