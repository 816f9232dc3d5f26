// What the three scanner formats (Grype, Trivy, osv-scanner) share: reports name packages by
// purls that may be malformed, or by parts from which a purl is built; either may fail.
import type { FactsBuilder } from '../../../model/facts.js';
import { canonicalPurl, canonicalParts, formatPurl, type PurlParts } from '../../../model/purl.js';
import { hasSbomFact } from '../common/sbom.js';
import type { ParseContext } from '../types.js';

/** Canonical purl or undefined (reports sometimes carry malformed purls; callers fall back). */
export function tryCanonicalPurl(purl: unknown): string | undefined {
  if (typeof purl !== 'string' || !purl.trim()) return undefined;
  try {
    return canonicalPurl(purl.trim());
  } catch {
    return undefined;
  }
}

export function tryFormatParts(parts: PurlParts | undefined): string | undefined {
  if (!parts) return undefined;
  try {
    return formatPurl(canonicalParts(parts));
  } catch {
    return undefined;
  }
}

// The scanners' parse steps read a scanned image's digests with the rule SBOM subjects follow too.
export { imageDigests } from '../common/sbom.js';

/**
 * The image a report scanned, as an artifact whose SBOM the report is: the report lists what is
 * in the image (every package it names, found vulnerable or scanned clean), so the image includes
 * them, as an SBOM of it would. Its other digests (image id beside manifest digest) are HashEqual.
 */
export function scannedImage(builder: FactsBuilder, digests: readonly string[], ctx: ParseContext | undefined): void {
  const [image, ...others] = digests;
  if (!image || !ctx) return;
  builder.sbom(hasSbomFact({ kind: 'artifact', digest: image }, ctx, undefined, undefined));
  for (const other of others)
    builder.hashEqual({ artifact: image, equal: other, justification: 'digests of the same scanned image' });
}
