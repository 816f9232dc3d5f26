// What SPDX 2 and SPDX 3 packages and files become, and how an SPDX document's subject is stated:
// the one mapping both versions share (docs/formats/sbom.md). A package is named by its purls
// (a GUAC pkg:guac/pkg purl when it has none), its checksums are artifacts it is an occurrence of,
// a VCS download location is its source; a file is a pkg:guac/files pseudo-package named by its
// strongest checksum, and no node at all without one.
import type { FactsBuilder, LicenseKind } from '../../../model/facts.js';
import { sourceFromVcsLocation } from '../../../model/source.js';
import type { DependencyEdges } from './dependency-edges.js';
import { stateLicense } from './licenses.js';
import {
  digestFromOciPurl,
  guacFilePurl,
  guacPurl,
  hasSbomFact,
  hexArtifactOrSkip,
  imageDigests,
  isEmptyDigest,
  occurrenceOnce,
  preferredDigest,
  purlOrSkip,
} from './sbom.js';
import type { ParseContext } from '../types.js';

export interface SpdxChecksumInput {
  path: string;
  algorithm?: string;
  value?: string;
}

/** One SPDX element (package or file) as a node. */
export interface SpdxElement {
  purls: string[];
  /**
   * The artifact naming this element when it is an SBOM subject: its strongest checksum, else its
   * image's digest (oci purl, else Trivy's RepoDigest, else its ImageID).
   */
  subjectDigest?: string;
  /** True when subjectDigest is an image digest, not a checksum: the occurrence still has to be stated. */
  digestFromPurl: boolean;
  /** The image's other digests (Trivy's ImageID beside the repository digest): the same image. */
  equalDigests: string[];
}

export interface SpdxPackageInput {
  /** JSON pointer of the package, for its skip reason. */
  path: string;
  /** purl references: their values ('' when missing) and paths. */
  purlRefs: { path: string; value: string }[];
  name?: string;
  version?: string;
  downloadLocation?: string;
  checksums: readonly SpdxChecksumInput[];
  licenses?: { text: string; kind: LicenseKind }[];
  /** Texts naming the package's image besides its purl ("repo@sha256:…", "sha256:…"; Trivy's). */
  imageDigestTexts?: readonly string[];
}

/** Checksums → artifacts; unusable ones skipped with the reason, empty-content digests left out. */
export function spdxChecksums(builder: FactsBuilder, checksums: readonly SpdxChecksumInput[]): string[] {
  const out: string[] = [];
  for (const { path, algorithm, value } of checksums) {
    if (value && isEmptyDigest(value)) continue;
    const artifact = hexArtifactOrSkip(builder, 'SPDX', algorithm, value, path);
    if (artifact) out.push(artifact);
  }
  return out;
}

export function spdxPackageElement(builder: FactsBuilder, raw: SpdxPackageInput): SpdxElement | undefined {
  const purls: string[] = [];
  for (const ref of raw.purlRefs) {
    const purl = purlOrSkip(builder, ref.value, ref.path);
    if (purl && !purls.includes(purl)) purls.push(purl);
  }
  if (raw.purlRefs.length > 0 && purls.length === 0) return undefined; // skipped, reason recorded above
  if (purls.length === 0) {
    const fallback = guacPurl('pkg', raw.name ?? '', raw.version);
    if (!fallback) {
      builder.skip(raw.path, 'package has neither a purl nor a usable name');
      return undefined;
    }
    purls.push(fallback);
  }
  for (const purl of purls) {
    builder.package(purl);
    for (const { text, kind } of raw.licenses ?? []) stateLicense(builder, purl, text, kind, raw.path);
  }
  const source = sourceFromVcsLocation(raw.downloadLocation);
  if (source)
    for (const purl of purls)
      builder.hasSourceAt({ package: purl, allVersions: false, source, justification: 'spdx downloadLocation' });
  const artifacts = spdxChecksums(builder, raw.checksums);
  for (const artifact of artifacts) {
    for (const purl of purls)
      occurrenceOnce(builder, {
        artifact,
        subject: { kind: 'package', purl },
        justification: 'spdx package with checksum',
      });
  }
  const fromChecksum = preferredDigest(artifacts);
  if (fromChecksum) return { purls, subjectDigest: fromChecksum, digestFromPurl: false, equalDigests: [] };
  const fromPurl = purls.map(digestFromOciPurl).find((d) => d !== undefined);
  const [image, ...equalDigests] = imageDigests([fromPurl, ...(raw.imageDigestTexts ?? [])]);
  return { purls, subjectDigest: image, digestFromPurl: image !== undefined, equalDigests };
}

export function spdxFileElement(
  builder: FactsBuilder,
  checksums: readonly SpdxChecksumInput[],
  fileName: string | undefined,
): SpdxElement | undefined {
  const artifacts = spdxChecksums(builder, checksums);
  const digest = preferredDigest(artifacts);
  if (!digest) return undefined; // GUAC: a file without a (non-empty) checksum is no node
  // One pseudo-package per file, named by its strongest checksum (GUAC makes one per checksum).
  const purl = guacFilePurl(digest, fileName);
  if (!purl) return undefined;
  builder.package(purl);
  for (const artifact of artifacts) {
    occurrenceOnce(builder, { artifact, subject: { kind: 'package', purl }, justification: 'spdx file with checksum' });
  }
  return { purls: [purl], subjectDigest: digest, digestFromPurl: false, equalDigests: [] };
}

/** HasSBOM for a described element: its artifact when it has a digest, else its (first) package. */
export function stateSpdxSubject(
  builder: FactsBuilder,
  element: SpdxElement,
  ctx: ParseContext,
  uri: string | undefined,
  created: string | undefined,
): void {
  if (element.subjectDigest) {
    if (element.digestFromPurl) {
      for (const purl of element.purls) {
        occurrenceOnce(builder, {
          artifact: element.subjectDigest,
          subject: { kind: 'package', purl },
          justification: 'image digest of the SBOM subject',
        });
      }
    }
    for (const equal of element.equalDigests)
      builder.hashEqual({ artifact: element.subjectDigest, equal, justification: 'digests of the same image' });
    builder.sbom(hasSbomFact({ kind: 'artifact', digest: element.subjectDigest }, ctx, uri, created));
  } else {
    builder.sbom(hasSbomFact({ kind: 'package', purl: element.purls[0] }, ctx, uri, created));
  }
}

/** GUAC's fallback: a package named after the document stands for the unnamed subject. */
export function spdxFallbackSubject(
  builder: FactsBuilder,
  ctx: ParseContext,
  name: string | undefined,
  uri: string | undefined,
  created: string | undefined,
): string {
  const fallback = guacPurl('spdx', name || uri || ctx.documentDigest) ?? guacPurl('spdx', ctx.documentDigest)!;
  builder.sbom(hasSbomFact({ kind: 'package', purl: fallback }, ctx, uri, created));
  return fallback;
}

/**
 * The edges one dependency relationship states, from element `from` to element `to`: each purl of
 * one to each purl of the other, DIRECT out of a subject package, else UNKNOWN.
 */
export function addSpdxDependency(
  edges: DependencyEdges,
  from: SpdxElement,
  to: SpdxElement,
  subjects: ReadonlySet<string>,
  justification: string,
): void {
  for (const f of from.purls)
    for (const t of to.purls) edges.add(f, t, subjects.has(f) ? 'DIRECT' : 'UNKNOWN', justification);
}
