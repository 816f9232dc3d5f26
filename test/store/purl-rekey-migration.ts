// Step 9 (src/store/purl-rekey.ts), shared by both backends' migration tests: a store whose purls
// were keyed in the canonical form before ECMA-427 ("+" raw in versions, ":" encoded in qualifier
// values) gets each key, and each document subject, in the standard form; a key that no longer
// parses, or whose new form is taken, stays as it was.
import { ingestInto } from '../helpers/server.js';

export const REKEY_DOC = {
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  version: 1,
  metadata: { component: { type: 'application', 'bom-ref': 'app', name: 'app', purl: 'pkg:generic/app@1.0+build' } },
  components: [
    { type: 'library', 'bom-ref': 'bash', name: 'bash', purl: 'pkg:deb/debian/bash@5.2.15-2+b10?arch=amd64' },
    { type: 'library', 'bom-ref': 'ssl', name: 'openssl', purl: 'pkg:generic/openssl@3.0.7?checksum=sha256:abc' },
    { type: 'library', 'bom-ref': 'dup', name: 'dup', purl: 'pkg:generic/dup@1+x' },
  ],
  dependencies: [{ ref: 'app', dependsOn: ['bash', 'ssl', 'dup'] }],
};

/** Stored key as the release before ECMA-427 wrote it → the key step 9 gives it. */
export const OLD_TO_NEW: [string, string][] = [
  ['pkg:generic/app@1.0+build', 'pkg:generic/app@1.0%2Bbuild'],
  ['pkg:deb/debian/bash@5.2.15-2+b10?arch=amd64', 'pkg:deb/debian/bash@5.2.15-2%2Bb10?arch=amd64'],
  ['pkg:generic/openssl@3.0.7?checksum=sha256%3Aabc', 'pkg:generic/openssl@3.0.7?checksum=sha256:abc'],
];
/** Kept: invalid by ECMA-427 (an empty name), and a key whose new form another node has. */
export const KEPT = ['pkg:maven/@1.3.4', 'pkg:generic/dup@1+x'];

export async function ingestRekeyDoc(location: string): Promise<void> {
  await ingestInto(location, { 'rekey.cdx.json': REKEY_DOC });
}
