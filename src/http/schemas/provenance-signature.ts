// How a provenance statement was signed, as judged at ingest: shared by /v0/artifact/{digest}/info
// (per provenance) and /v0/path (per SLSA hop).
import { Type } from 'typebox';

export const ProvenanceSignatureSchema = Type.Union(
  [Type.Literal('verified'), Type.Literal('unverified'), Type.Literal('unsigned')],
  {
    description:
      'The provenance signature as judged at ingest: `verified` with a trusted key (`--trusted-keys`) or the ' +
      'Sigstore trusted root (`--sigstore-trusted-root`), `unverified` (signed, but no trust configured, wrong ' +
      'key or tampered), `unsigned` (a bare statement). Absent only for rows the store could not judge.',
  },
);

export const SignedBySchema = Type.String({
  description:
    'Who signed, when verified: a key fingerprint `sha256:<hex of the SPKI DER>`, or a certificate identity ' +
    '`<SAN> (issuer <OIDC issuer>)`.',
});
