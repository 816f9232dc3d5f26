// Artifact identity (SPEC §1): "<algorithm>:<digest>", both lowercase.

export class DigestError extends Error {
  constructor(
    readonly input: string,
    reason: string,
  ) {
    super(`invalid digest "${input.length > 200 ? input.slice(0, 200) + '…' : input}": ${reason}`);
  }
}

const ALGORITHM = /^[a-z0-9][a-z0-9_+.-]{0,31}$/;
const DIGEST_VALUE = /^[a-z0-9+/=_-]{8,512}$/;

/** "SHA256:ABC…" → "sha256:abc…". Throws DigestError naming the reason. */
export function canonicalArtifact(algorithm: string, digest: string): string {
  const alg = algorithm
    .trim()
    .toLowerCase()
    .replace(/^sha-(\d+)$/, 'sha$1');
  const value = digest.trim().toLowerCase();
  if (!ALGORITHM.test(alg)) throw new DigestError(`${algorithm}:${digest}`, `"${algorithm}" is not a digest algorithm`);
  if (!DIGEST_VALUE.test(value))
    throw new DigestError(
      `${algorithm}:${digest}`,
      'the digest value is not a hex or base64 string of 8 to 512 characters',
    );
  return `${alg}:${value}`;
}

/** Parses "alg:value" (or a bare value, returned with algorithm undefined). */
export function parseDigestQuery(input: string): { algorithm?: string; value: string } {
  const text = input.trim();
  const colon = text.indexOf(':');
  if (colon < 0) {
    const value = text.toLowerCase();
    if (!DIGEST_VALUE.test(value))
      throw new DigestError(input, 'the digest value is not a hex or base64 string of 8 to 512 characters');
    return { value };
  }
  const key = canonicalArtifact(text.slice(0, colon), text.slice(colon + 1));
  const sep = key.indexOf(':');
  return { algorithm: key.slice(0, sep), value: key.slice(sep + 1) };
}
