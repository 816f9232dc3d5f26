// CycloneDX 1.2–1.6 (JSON shape; XML is normalised into it first) → facts, following GUAC's
// parser_cyclonedx.go with the deviations written down in docs/formats/sbom.md.
import { sourceFromVcsLocation } from '../../../model/source.js';
import { DocumentError, FactsBuilder } from '../../../model/facts.js';
import {
  DependencyEdges,
  hexArtifactOrSkip,
  digestFromOciPurl,
  digestFromText,
  guacPurl,
  hasSbomFact,
  isEmptyDigest,
  isObject,
  isoTime,
  occurrenceOnce,
  optArray,
  optObject,
  optString,
  preferredDigest,
  purlOrSkip,
  reqString,
  type Json,
  type PathFormatter,
} from '../sbom-common.js';
import { formatPurl, parsePurl } from '../../../model/purl.js';
import type { ParseContext } from '../types.js';

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
  /** Each component (object of `bom`) that became a package → its purl, also without bom-ref or purl. */
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

type Segments = (string | number)[];

/** Components nested deeper than this reject the document (they are walked iteratively anyway). */
export const MAX_COMPONENT_DEPTH = 64;

export function readCycloneDx(
  bom: unknown,
  ctx: ParseContext,
  syntax: 'json' | 'xml',
  path: PathFormatter,
): CycloneDxRead {
  if (!isObject(bom)) throw new DocumentError('', 'a CycloneDX BOM must be an object');
  if (bom.bomFormat !== 'CycloneDX') throw new DocumentError(path(['bomFormat']), 'bomFormat must be "CycloneDX"');
  const specVersion = reqString(bom, 'specVersion', path(['specVersion']));
  if (!/^1\.[2-6]$/.test(specVersion))
    throw new DocumentError(
      path(['specVersion']),
      `unsupported CycloneDX version "${specVersion.slice(0, 20)}" (1.2–1.6)`,
    );
  const metadata = optObject(bom, 'metadata', path(['metadata']));
  const timestamp = metadata
    ? isoTime(optString(metadata, 'timestamp', path(['metadata'])), path(['metadata', 'timestamp']))
    : undefined;
  const serialNumber = optString(bom, 'serialNumber', path(['serialNumber']));

  const builder = new FactsBuilder(`cyclonedx-${specVersion}-${syntax}`);
  const walker = new ComponentWalker(builder, path);

  // The subject first: metadata.component (GUAC requires it; we fall back to a pkg:guac/cdx name).
  const top = metadata ? optObject(metadata, 'component', path(['metadata'])) : undefined;
  let subject: CycloneDxRead['subject'];
  if (top) {
    const read = walker.visit(top, ['metadata', 'component'], 0, true);
    if (!read.purl) throw new DocumentError(path(['metadata', 'component']), 'the SBOM subject has no usable identity');
    subject = { purl: read.purl, artifact: read.subjectArtifact };
  } else {
    const name = serialNumber?.replace(/^urn:uuid:/i, '') || ctx.documentDigest;
    subject = { purl: guacPurl('cdx', name) ?? guacPurl('cdx', ctx.documentDigest)! };
    builder.package(subject.purl);
  }
  walker.walk(optArray(bom, 'components', path(['components'])), ['components'], 1);

  if (subject.artifact) {
    builder.sbom(hasSbomFact({ kind: 'artifact', digest: subject.artifact }, ctx, serialNumber, timestamp));
  } else {
    builder.sbom(hasSbomFact({ kind: 'package', purl: subject.purl }, ctx, serialNumber, timestamp));
  }

  const edges = new DependencyEdges();
  optArray(bom, 'dependencies', path(['dependencies'])).forEach((dep, i) => {
    const at: Segments = ['dependencies', i];
    if (!isObject(dep)) throw new DocumentError(path(at), 'a dependency must be an object');
    const ref = reqString(dep, 'ref', path(at));
    const from = walker.lookup(ref, [...at, 'ref']);
    optArray(dep, 'dependsOn', path(at)).forEach((target, j) => {
      if (typeof target !== 'string')
        throw new DocumentError(path([...at, 'dependsOn', j]), 'must be a bom-ref string');
      const to = walker.lookup(target, [...at, 'dependsOn', j]);
      // Every dependsOn entry is a direct dependency of its ref, as GUAC types it.
      if (from && to) edges.add(from, to, 'DIRECT', 'CDX BOM Dependency');
    });
  });
  edges.linkTopLevel([subject.purl], builder.facts.packages);
  edges.emit(builder);

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
  private readonly refs = new Set<string>();

  constructor(
    private readonly builder: FactsBuilder,
    private readonly path: PathFormatter,
  ) {}

  /** Walks a components array and everything nested in it, iteratively, in document order. */
  walk(components: unknown[], at: Segments, depth: number): void {
    const stack: { node: unknown; at: Segments; depth: number }[] = [];
    const pushAll = (list: unknown[], base: Segments, d: number) => {
      for (let i = list.length - 1; i >= 0; i--) stack.push({ node: list[i], at: [...base, i], depth: d });
    };
    pushAll(components, at, depth);
    while (stack.length) {
      const { node, at: here, depth: d } = stack.pop()!;
      if (d > MAX_COMPONENT_DEPTH)
        throw new DocumentError(this.path(here), `components nested deeper than ${MAX_COMPONENT_DEPTH} levels`);
      if (!isObject(node)) throw new DocumentError(this.path(here), 'a component must be an object');
      this.visit(node, here, d, false);
      pushAll(optArray(node, 'components', this.path(here)), [...here, 'components'], d + 1);
    }
  }

  /** One component (not its children, except for the top-level one, whose children are walked here). */
  visit(c: Json, at: Segments, depth: number, topLevel: boolean): Visited {
    const where = this.path(at);
    const ref = optString(c, 'bom-ref', where);
    if (ref !== undefined) {
      if (this.refs.has(ref))
        throw new DocumentError(this.path([...at, 'bom-ref']), `duplicate bom-ref "${ref.slice(0, 200)}"`);
      this.refs.add(ref);
    }
    const purl = this.identity(c, at, topLevel);
    const artifacts = this.hashes(c, at);
    let subjectArtifact: string | undefined;
    if (purl) {
      this.builder.package(purl);
      this.componentPurls.set(c, purl);
      if (ref !== undefined) this.refToPurl.set(ref, purl);
      this.vcsReferences(c, purl);
      for (const artifact of artifacts) {
        occurrenceOnce(this.builder, {
          artifact,
          subject: { kind: 'package', purl },
          justification: 'cdx package with checksum',
        });
      }
      if (topLevel) subjectArtifact = this.subjectDigest(c, purl, artifacts, where);
    } else if (ref !== undefined) {
      this.skippedRefs.add(ref);
    }
    if (topLevel) this.walk(optArray(c, 'components', where), [...at, 'components'], depth + 1);
    return { purl, subjectArtifact };
  }

  /** externalReferences of type "vcs": the component is built from that source repository. */
  private vcsReferences(c: Json, purl: string): void {
    const refs = Array.isArray(c.externalReferences) ? c.externalReferences : [];
    for (const r of refs) {
      if (!isObject(r) || r.type !== 'vcs' || typeof r.url !== 'string') continue;
      const source = sourceFromVcsLocation(r.url);
      if (source)
        this.builder.hasSourceAt({
          package: purl,
          allVersions: false,
          source,
          justification: 'cdx vcs external reference',
        });
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

  private identity(c: Json, at: Segments, topLevel: boolean): string | undefined {
    const where = this.path(at);
    const raw = optString(c, 'purl', where);
    if (raw !== undefined && raw.trim() !== '') return purlOrSkip(this.builder, raw, this.path([...at, 'purl']));
    const type = optString(c, 'type', where) ?? '';
    const name = optString(c, 'name', where)?.trim() ?? '';
    const version = optString(c, 'version', where)?.trim() || undefined;
    if (type === 'operating-system' && !topLevel) {
      // GUAC skips these: without a purl an OS entry names no package anyone depends on.
      this.builder.skip(where, 'operating-system component without a purl');
      return undefined;
    }
    const group = optString(c, 'group', where)?.trim();
    const kind = topLevel ? 'cdx' : 'pkg';
    let purl: string | undefined;
    if (type === 'container') purl = containerPurl(kind, name, version);
    else if (type === 'file') purl = filePurl(topLevel ? 'cdx' : 'files', name, version);
    else purl = guacPurl(kind, group ? `${group}/${name}` : name, version);
    if (!purl) this.builder.skip(where, 'component has neither a purl nor a usable name');
    return purl;
  }

  private hashes(c: Json, at: Segments): string[] {
    const out: string[] = [];
    optArray(c, 'hashes', this.path(at)).forEach((h, j) => {
      const where = this.path([...at, 'hashes', j]);
      if (!isObject(h)) throw new DocumentError(where, 'a hash must be an object');
      const alg = optString(h, 'alg', where);
      const content = optString(h, 'content', where);
      if (content && isEmptyDigest(content)) return;
      const artifact = hexArtifactOrSkip(this.builder, 'CycloneDX', alg, content, where);
      if (artifact && !out.includes(artifact)) out.push(artifact);
    });
    return out;
  }

  /**
   * The SBOM subject is named by a digest when it has one: a container image's digest (its version,
   * as syft writes it, or its oci purl), else its strongest hash (as GUAC does).
   */
  private subjectDigest(c: Json, purl: string, artifacts: string[], where: string): string | undefined {
    const type = optString(c, 'type', where);
    const imageDigest =
      (type === 'container' ? digestFromText(optString(c, 'version', where)) : undefined) ?? digestFromOciPurl(purl);
    if (imageDigest) {
      occurrenceOnce(this.builder, {
        artifact: imageDigest,
        subject: { kind: 'package', purl },
        justification: 'image digest of the SBOM subject',
      });
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
