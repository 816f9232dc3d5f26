// Helpers shared by the SBOM and provenance formats (SPDX, CycloneDX, SLSA): purls and digests
// that are skipped with a reason when unusable, GUAC-style fallback purls, digest preferences,
// once-only occurrences (OpenVEX uses these too) and the HasSBOM fact. See docs/formats/sbom.md.
import { canonicalArtifact } from '../../../model/artifact.js';
import type { FactsBuilder, HasSbomFact, OccurrenceFact } from '../../../model/facts.js';
import { canonicalParts, canonicalPurl, formatPurl, parsePurl } from '../../../model/purl.js';
import type { ParseContext } from '../types.js';
import { errorMessage } from './json.js';

/** Canonical purl, or undefined after recording the reason with builder.skip. */
export function purlOrSkip(builder: FactsBuilder, raw: string, path: string): string | undefined {
  try {
    return canonicalPurl(raw.trim());
  } catch (err) {
    builder.skip(path, `unusable purl: ${errorMessage(err)}`);
    return undefined;
  }
}

/** Canonical artifact, or undefined after recording the reason with builder.skip. */
export function artifactOrSkip(builder: FactsBuilder, alg: string, value: string, path: string): string | undefined {
  try {
    return canonicalArtifact(alg, unquoteDigest(value));
  } catch (err) {
    builder.skip(path, errorMessage(err));
    return undefined;
  }
}

/** Some generators quote digests ('abc…'). */
function unquoteDigest(value: string): string {
  return value.trim().replace(/^'+|'+$/g, '');
}

/**
 * artifactOrSkip for formats whose schema defines digest values as hexadecimal (SPDX checksums,
 * CycloneDX hashes): another value is skipped with the reason, the document is kept.
 */
export function hexArtifactOrSkip(
  builder: FactsBuilder,
  format: string,
  alg: string | undefined,
  value: string | undefined,
  path: string,
): string | undefined {
  if (!alg || !value?.trim()) {
    builder.skip(path, `${format} digest left out: it needs both an algorithm and a value`);
    return undefined;
  }
  if (!/^[0-9a-f]+$/i.test(unquoteDigest(value))) {
    builder.skip(path, `${format} digest left out: "${value.slice(0, 80)}" is not hexadecimal, as ${format} requires`);
    return undefined;
  }
  return artifactOrSkip(builder, alg, value, path);
}

// Digests of zero-length content and all-zero placeholders: as GUAC does, these are not turned
// into artifacts, since they would make every empty file in every SBOM "the same bytes".
const EMPTY_DIGESTS = new Set([
  'da39a3ee5e6b4b0d3255bfef95601890afd80709',
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  'd14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f',
  '38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b',
  'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e',
  'd41d8cd98f00b204e9800998ecf8427e',
  '00000001',
  'a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a',
]);

export function isEmptyDigest(value: string): boolean {
  const v = value.trim().toLowerCase();
  return EMPTY_DIGESTS.has(v) || /^0+$/.test(v);
}

const DIGEST_PREFERENCE = ['sha256', 'sha512', 'sha384', 'sha3-256', 'sha3-512', 'sha3-384', 'sha224', 'sha1', 'md5'];

/** The artifact to name a subject by when it has several digests: strongest common algorithm first. */
export function preferredDigest(artifacts: readonly string[]): string | undefined {
  const rank = (a: string) => {
    const i = DIGEST_PREFERENCE.indexOf(a.slice(0, a.indexOf(':')));
    return i < 0 ? DIGEST_PREFERENCE.length : i;
  };
  return [...artifacts].sort((a, b) => rank(a) - rank(b))[0];
}

/**
 * A digest written as a version: "sha256:abc…" (syft container images, oci purls) or JFrog Xray's
 * "sha256__abc…". Undefined when the text is not one.
 */
export function digestFromText(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const m = /^(sha-?(?:1|224|256|384|512)|md5)(?::|__)([0-9a-f]{32,128})$/i.exec(text.trim());
  if (!m) return undefined;
  try {
    return canonicalArtifact(m[1], m[2]);
  } catch {
    return undefined;
  }
}

/**
 * Canonical digests of one image, from texts such as "sha256:…" or "repo@sha256:…"; each once,
 * in order. An image's digests (manifest or repository digest, config digest or image id) all
 * name the same image (docs/formats/sbom.md).
 */
export function imageDigests(texts: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const t of texts) {
    if (typeof t !== 'string') continue;
    const digest = digestFromText(t.slice(t.lastIndexOf('@') + 1));
    if (digest && !out.includes(digest)) out.push(digest);
  }
  return out;
}

/** An oci purl's version is the image digest (pkg:oci/name@sha256:…). */
export function digestFromOciPurl(purl: string): string | undefined {
  const p = parsePurl(purl);
  return p.type === 'oci' ? digestFromText(p.version) : undefined;
}

/**
 * GUAC-style pseudo purl for things without one: `pkg:guac/<kind>/<path…>/<name>[@version]`.
 * kind is "pkg" (components, GUAC's GuacPkgPurl), "files" (file pseudo-packages), "spdx"/"cdx"
 * (a document's top-level element), or "generic". "/" in the name makes namespace segments, as in
 * GUAC; "." and ".." segments are dropped so paths like "./a/b" stay parseable.
 */
export function guacPurl(
  kind: string,
  path: string,
  version?: string,
  qualifiers?: Record<string, string>,
): string | undefined {
  const segments = path
    .split('/')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== '.' && s !== '..');
  const name = segments.pop();
  if (!name) return undefined;
  try {
    return canonicalPurl(
      formatPurl(
        canonicalParts({
          type: 'guac',
          namespace: [kind, ...segments].join('/'),
          name,
          version: version?.trim() || undefined,
          qualifiers,
        }),
      ),
    );
  } catch {
    return undefined;
  }
}

/** `pkg:guac/files/<alg>:<digest>?filename=<name>` for a file identified by a digest. */
export function guacFilePurl(artifact: string, filename?: string): string | undefined {
  return guacPurl('files', artifact, undefined, filename ? { filename } : undefined);
}

const occurrencesSeen = new WeakMap<FactsBuilder, Set<string>>();

/** builder.occurrence, once per (artifact, subject): SBOMs repeat components (nested copies, several refs). */
export function occurrenceOnce(builder: FactsBuilder, fact: OccurrenceFact): void {
  let seen = occurrencesSeen.get(builder);
  if (!seen) occurrencesSeen.set(builder, (seen = new Set()));
  const s = fact.subject;
  const key = `${fact.artifact}\n${s.kind === 'package' ? s.purl : s.url}`;
  if (seen.has(key)) return;
  seen.add(key);
  builder.occurrence(fact);
}

/** HasSBOM with GUAC's document fields: uri from the document, sha256 of its bytes, where it came from. */
export function hasSbomFact(
  subject: HasSbomFact['subject'],
  ctx: ParseContext,
  uri: string | undefined,
  knownSince: string | undefined,
): HasSbomFact {
  const colon = ctx.documentDigest.indexOf(':');
  return {
    subject,
    uri: uri || undefined,
    algorithm: colon > 0 ? ctx.documentDigest.slice(0, colon) : undefined,
    digest: colon > 0 ? ctx.documentDigest.slice(colon + 1) : undefined,
    downloadLocation: ctx.origin,
    knownSince: knownSince ?? ctx.now,
  };
}
