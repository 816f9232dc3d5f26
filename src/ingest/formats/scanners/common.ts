// What the three scanner formats (Grype, Trivy, osv-scanner) share: reports name packages by
// purls that may be malformed, or by parts from which a purl is built; either may fail.
import { canonicalPurl, canonicalParts, formatPurl, type PurlParts } from '../../../model/purl.js';

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
