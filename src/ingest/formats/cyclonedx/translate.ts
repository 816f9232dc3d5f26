// CycloneDX BOM → facts (components, dependencies, the SBOM itself), following GUAC's
// parser_cyclonedx.go with the deviations written down in docs/formats/sbom.md.
import { sourceFromVcsLocation } from '../../../model/source.js';
import { DocumentError, FactsBuilder } from '../../../model/facts.js';
import { formatPurl, parsePurl } from '../../../model/purl.js';
import { DependencyEdges } from '../common/dependency-edges.js';
import { stateLicense } from '../common/licenses.js';
import type { Json, PathFormatter, Segments } from '../common/json.js';
import {
  hexArtifactOrSkip,
  digestFromOciPurl,
  digestFromText,
  guacPurl,
  hasSbomFact,
  imageDigests,
  isEmptyDigest,
  occurrenceOnce,
  preferredDigest,
  purlOrSkip,
} from '../common/sbom.js';
import type { ParseContext } from '../types.js';
import { isVers } from './external.js';
import type { CdxComponent, CdxDependency, CdxHash, CycloneDxBom, CycloneDxHeader } from './parse.js';

/** What the translate step produced; the CycloneDX VDR/VEX mapping builds on it. */
export interface CycloneDxRead {
  /** The BOM in CycloneDX JSON shape (XML documents normalised into it). */
  bom: Json;
  syntax: 'json' | 'xml';
  specVersion: string;
  /** bom-ref → canonical purl, for every component that became a package. */
  refToPurl: Map<string, string>;
  /** bom-refs of components that were skipped (their skip is already recorded). */
  skippedRefs: Set<string>;
  /**
   * Each component (object of `bom`) carrying 1.2/1.3 extension vulnerabilities that became a
   * package → its purl, also without bom-ref or purl.
   */
  componentPurls: Map<Json, string>;
  /** The purl of the component a bom-ref names (matched as dependencies are), or undefined. */
  resolveRef(ref: string): string | undefined;
  /** The SBOM subject: its package, and the artifact naming it when it has a digest. */
  subject: { purl: string; artifact?: string };
  /** metadata.timestamp as ISO 8601 UTC, when given. */
  timestamp?: string;
  builder: FactsBuilder;
  /** Renders a path inside the BOM (JSON pointer, or XML element path) for errors and skips. */
  path: PathFormatter;
}

export function translateCycloneDx(parsed: CycloneDxBom, ctx: ParseContext): CycloneDxRead {
  const translator = new CycloneDxTranslator(parsed, ctx, parsed.top);
  for (const component of parsed.components) translator.component(component);
  for (const dep of parsed.dependencies) translator.dependency(dep);
  return translator.finish(parsed.bom, ctx);
}

/**
 * The translation in the order a BOM is read: the subject, each component, each dependency
 * (once every component is known), then the SBOM fact and the edges. A parsed BOM goes through
 * it in one go; a streamed one step by step as its items arrive, keeping no component.
 */
export class CycloneDxTranslator {
  readonly builder: FactsBuilder;
  private readonly walker: ComponentWalker;
  private readonly subject: CycloneDxRead['subject'];
  private readonly edges = new DependencyEdges();

  /** `ctx.documentDigest` is read here only for a BOM with neither metadata.component nor a serialNumber. */
  constructor(
    private readonly header: CycloneDxHeader,
    ctx: Pick<ParseContext, 'documentDigest'>,
    top: CdxComponent | undefined,
  ) {
    const { specVersion, syntax, serialNumber, path } = header;
    this.builder = new FactsBuilder(`cyclonedx-${specVersion}-${syntax}`);
    this.walker = new ComponentWalker(this.builder, path);
    // Notes on the document as a whole come first in its skipped list.
    if (header.newerNote) this.builder.skip(syntax === 'xml' ? '/bom/@xmlns' : path(['specVersion']), header.newerNote);
    if (header.tlp !== undefined && header.tlp !== 'CLEAR')
      this.builder.skip(
        path(['metadata', 'distributionConstraints', 'tlp']),
        `TLP:${header.tlp} is not kept: the graph's answers are not restricted by it`,
      );
    // The subject first: metadata.component (GUAC requires it; we fall back to a pkg:guac/cdx name).
    if (top) {
      const read = this.walker.visit(top, true);
      if (!read.purl)
        throw new DocumentError(path(['metadata', 'component']), 'the SBOM subject has no usable identity');
      this.subject = { purl: read.purl, artifact: read.subjectArtifact };
    } else {
      this.subject = { purl: serialSubjectPurl(serialNumber) ?? guacPurl('cdx', ctx.documentDigest)! };
      this.builder.package(this.subject.purl);
    }
  }

  /** One component other than the subject, in document order. */
  component(c: CdxComponent): void {
    this.walker.visit(c, false);
  }

  /** One `dependencies` entry; every component must have been read. */
  dependency(dep: CdxDependency): void {
    const from = this.walker.lookup(dep.ref, [...dep.at, 'ref']);
    dep.dependsOn.forEach((target, j) => {
      const to = this.walker.lookup(target, [...dep.at, 'dependsOn', j]);
      // Every dependsOn entry is a direct dependency of its ref, as GUAC types it; an external
      // component's versionRange (1.7) is the range of versions the edge accepts.
      if (from && to) this.edges.add(from, to, 'DIRECT', 'CDX BOM Dependency', this.walker.rangeOf(to));
    });
  }

  /**
   * The SBOM fact and the dependency edges. (The SBOM fact names a node already added with the
   * subject, so emitting it last leaves every list in the order a one-go translation gives.)
   */
  finish(bom: Json, ctx: ParseContext): CycloneDxRead {
    const { builder, subject, walker } = this;
    const { specVersion, syntax, serialNumber, timestamp, path } = this.header;
    if (subject.artifact) {
      builder.sbom(hasSbomFact({ kind: 'artifact', digest: subject.artifact }, ctx, serialNumber, timestamp));
    } else {
      builder.sbom(hasSbomFact({ kind: 'package', purl: subject.purl }, ctx, serialNumber, timestamp));
    }
    this.edges.linkTopLevel([subject.purl], builder.facts.packages, (purl) => walker.rangeOf(purl));
    this.edges.emit(builder);
    return {
      bom,
      syntax,
      specVersion,
      refToPurl: walker.refToPurl,
      skippedRefs: walker.skippedRefs,
      componentPurls: walker.componentPurls,
      resolveRef: (ref) => walker.resolve(ref),
      subject,
      timestamp,
      builder,
      path,
    };
  }
}

/** A subject-less BOM is named after its serial number when it has a usable one (else its digest). */
export function serialSubjectPurl(serialNumber: string | undefined): string | undefined {
  const name = serialNumber?.replace(/^urn:uuid:/i, '');
  return name ? guacPurl('cdx', name) : undefined;
}

interface Visited {
  purl?: string;
  /** Only for the top-level component: the artifact the SBOM subject is named by. */
  subjectArtifact?: string;
}

/** Turns components into packages, artifacts and occurrences; keeps the bom-ref → purl map. */
class ComponentWalker {
  readonly refToPurl = new Map<string, string>();
  readonly skippedRefs = new Set<string>();
  readonly componentPurls = new Map<Json, string>();
  /** Package → the versionRange of the (first) external component it names. */
  private readonly ranges = new Map<string, string>();
  constructor(
    private readonly builder: FactsBuilder,
    private readonly path: PathFormatter,
  ) {}

  /** One component, in document order. */
  visit(c: CdxComponent, topLevel: boolean): Visited {
    const purl = this.identity(c, topLevel);
    const artifacts = this.hashes(c.hashes);
    let subjectArtifact: string | undefined;
    if (purl) {
      this.builder.package(purl);
      if (c.raw) this.componentPurls.set(c.raw, purl);
      if (c.ref !== undefined) this.refToPurl.set(c.ref, purl);
      this.vcsReferences(c, purl);
      this.licenses(c, purl);
      this.versionRange(c, purl);
      for (const artifact of artifacts) {
        occurrenceOnce(this.builder, {
          artifact,
          subject: { kind: 'package', purl },
          justification: 'cdx package with checksum',
        });
      }
      if (topLevel) subjectArtifact = this.subjectDigest(c, purl, artifacts);
    } else if (c.ref !== undefined) {
      this.skippedRefs.add(c.ref);
    }
    return { purl, subjectArtifact };
  }

  /** The versionRange edges to the package carry; a range not in vers syntax is left out. */
  rangeOf(purl: string): string | undefined {
    return this.ranges.get(purl);
  }

  private versionRange(c: CdxComponent, purl: string): void {
    if (c.versionRange === undefined) return;
    if (!isVers(c.versionRange))
      this.builder.skip(
        this.path([...c.at, 'versionRange']),
        `"${c.versionRange.slice(0, 80)}" is not a vers range ("vers:<scheme>/<constraints>"): left out`,
      );
    else if (!this.ranges.has(purl)) this.ranges.set(purl, c.versionRange);
  }

  /** externalReferences of type "vcs": the component is built from that source repository. */
  private vcsReferences(c: CdxComponent, purl: string): void {
    for (const url of c.vcsUrls) {
      const source = sourceFromVcsLocation(url);
      if (source)
        this.builder.hasSourceAt({
          package: purl,
          allVersions: false,
          source,
          justification: 'cdx vcs external reference',
        });
    }
  }

  /** `licenses` entries: each its own fact; an entry with no id, name or expression is skipped. */
  private licenses(c: CdxComponent, purl: string): void {
    for (const { at, text, kind } of c.licenses) {
      if (text === undefined) this.builder.skip(this.path(at), 'licence entry without an id, name or expression');
      else stateLicense(this.builder, purl, text, kind, this.path(at));
    }
  }

  /**
   * The bom-ref's purl. Some generators spell a purl-shaped ref differently from the component's
   * bom-ref, so a ref that is a purl also matches a component with the same canonical purl or
   * canonical bom-ref; cdxgen 7 even drops the "@" of npm scopes in components but keeps it in
   * dependencies, so npm scopes are compared without it. A reference to nothing in the document
   * is recorded as skipped.
   */
  lookup(ref: string, at: Segments): string | undefined {
    const purl = this.resolve(ref);
    if (purl === undefined && !this.skippedRefs.has(ref)) {
      this.builder.skip(this.path(at), `unknown bom-ref "${ref.slice(0, 200)}"`);
    }
    return purl;
  }

  /** The purl of the component `ref` names, without recording anything. */
  resolve(ref: string): string | undefined {
    return this.refToPurl.get(ref) ?? this.byCanonical().get(looseKey(ref) ?? '');
  }

  private canonicalIndex?: Map<string, string>;

  private byCanonical(): Map<string, string> {
    if (!this.canonicalIndex) {
      this.canonicalIndex = new Map();
      for (const [ref, purl] of this.refToPurl) {
        for (const key of [looseKey(purl), looseKey(ref)]) {
          if (key && !this.canonicalIndex.has(key)) this.canonicalIndex.set(key, purl);
        }
      }
    }
    return this.canonicalIndex;
  }

  private identity(c: CdxComponent, topLevel: boolean): string | undefined {
    const where = this.path(c.at);
    if (c.purl !== undefined && c.purl.trim() !== '')
      return purlOrSkip(this.builder, c.purl, this.path([...c.at, 'purl']));
    const type = c.type ?? '';
    const name = c.name?.trim() ?? '';
    const version = c.version?.trim() || undefined;
    if (type === 'operating-system' && !topLevel) {
      // GUAC skips these: without a purl an OS entry names no package anyone depends on.
      this.builder.skip(where, 'operating-system component without a purl');
      return undefined;
    }
    const group = c.group?.trim();
    const kind = topLevel ? 'cdx' : 'pkg';
    let purl: string | undefined;
    if (type === 'container') purl = containerPurl(kind, name, version);
    else if (type === 'file') purl = filePurl(topLevel ? 'cdx' : 'files', name, version);
    else purl = guacPurl(kind, group ? `${group}/${name}` : name, version);
    if (!purl) this.builder.skip(where, 'component has neither a purl nor a usable name');
    return purl;
  }

  private hashes(hashes: readonly CdxHash[]): string[] {
    const out: string[] = [];
    for (const { path, alg, content } of hashes) {
      if (content && isEmptyDigest(content)) continue;
      const artifact = hexArtifactOrSkip(this.builder, 'CycloneDX', alg, content, path);
      if (artifact && !out.includes(artifact)) out.push(artifact);
    }
    return out;
  }

  /**
   * The SBOM subject is named by a digest when it has one: a container image's digest (its version,
   * as syft writes it, or its oci purl; else Trivy's RepoDigest, else its ImageID), else its
   * strongest hash (as GUAC does). The image's other digests (Trivy's ImageID, the config digest,
   * beside the repository digest) name the same image: HashEqual to it (docs/formats/sbom.md).
   */
  private subjectDigest(c: CdxComponent, purl: string, artifacts: string[]): string | undefined {
    const named = (c.type === 'container' ? digestFromText(c.version) : undefined) ?? digestFromOciPurl(purl);
    const [imageDigest, ...others] = imageDigests([named, ...c.imageDigestTexts]);
    if (imageDigest) {
      occurrenceOnce(this.builder, {
        artifact: imageDigest,
        subject: { kind: 'package', purl },
        justification: 'image digest of the SBOM subject',
      });
      for (const other of others)
        this.builder.hashEqual({ artifact: imageDigest, equal: other, justification: 'digests of the same image' });
      return imageDigest;
    }
    return preferredDigest(artifacts);
  }
}

/** Canonical purl of a purl-shaped ref, with any npm scope's "@" dropped; undefined otherwise. */
function looseKey(ref: string): string | undefined {
  if (!ref.startsWith('pkg:')) return undefined;
  try {
    const p = parsePurl(ref);
    if (p.type === 'npm' && p.namespace?.startsWith('@')) p.namespace = p.namespace.slice(1);
    return formatPurl(p);
  } catch {
    return undefined;
  }
}

/** GUAC's container naming: registry/repository as the name path, the tag as a qualifier. */
function containerPurl(kind: string, name: string, version: string | undefined): string | undefined {
  let repo = name.replace(/@[a-z0-9-]+:[0-9a-f]+$/i, '');
  let tag: string | undefined;
  const colon = repo.indexOf(':', repo.lastIndexOf('/') + 1);
  if (colon >= 0) {
    tag = repo.slice(colon + 1) || undefined;
    repo = repo.slice(0, colon);
  }
  return guacPurl(kind, repo, version, tag ? { tag } : undefined);
}

/** GUAC's file naming: by digest when the version is one ("sha256:…"), else by path. */
function filePurl(kind: string, name: string, version: string | undefined): string | undefined {
  const digest = digestFromText(version);
  if (digest) return guacPurl(kind, digest, undefined, name ? { filename: name } : undefined);
  return guacPurl(kind, name);
}
