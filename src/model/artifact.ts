// Artifact identity (docs/api.md, "Identity"): "<algorithm>:<digest>", both lowercase. As GUAC stores artifacts,
// any non-empty algorithm and digest is an identity; format-specific digest forms (hex in SPDX
// and CycloneDX) are checked by those parsers, not here. See docs/api.md ("Artifacts").

export class DigestError extends Error {
  constructor(
    readonly input: string,
    readonly reason: string,
  ) {
    super(`invalid digest "${input.length > 200 ? input.slice(0, 200) + '…' : input}": ${reason}`);
  }
}

// Control characters cannot be stored by every backend (PostgreSQL text refuses NUL) and never
// occur in a real digest.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The algorithm as stored: lowercase, with "sha-256" spelled "sha256" (one name per algorithm). */
function canonicalAlgorithm(algorithm: string): string {
  return algorithm
    .trim()
    .toLowerCase()
    .replace(/^sha-(\d+)$/, 'sha$1');
}

/** "SHA256:ABC…" → "sha256:abc…". Throws DigestError for an empty part or a control character. */
export function canonicalArtifact(algorithm: string, digest: string): string {
  const alg = canonicalAlgorithm(algorithm);
  const value = digest.trim().toLowerCase();
  const input = `${algorithm}:${digest}`;
  if (!alg) throw new DigestError(input, 'the algorithm is empty');
  if (!value) throw new DigestError(input, 'the digest value is empty');
  if (CONTROL.test(alg) || CONTROL.test(value)) throw new DigestError(input, 'it contains a control character');
  return `${alg}:${value}`;
}

export interface DigestQuery {
  /** The whole text read as "<algorithm>:<digest>" (undefined when it has no colon). */
  key?: string;
  /** The whole text read as a digest value alone (GUAC's REST server looks digests up this way). */
  value: string;
}

/** Reads a digest given on the API; throws DigestError when it cannot name any artifact. */
export function parseDigestQuery(input: string): DigestQuery {
  const text = input.trim();
  if (!text) throw new DigestError(input, 'the digest is empty');
  if (CONTROL.test(text)) throw new DigestError(input, 'it contains a control character');
  const colon = text.indexOf(':');
  const value = text.toLowerCase();
  if (colon <= 0 || colon === text.length - 1) return { value };
  return { key: `${canonicalAlgorithm(text.slice(0, colon))}:${text.slice(colon + 1).toLowerCase()}`, value };
}
