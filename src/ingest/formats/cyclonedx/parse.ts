// CycloneDX 1.2–1.7 shape validation (a later 1.x is read as 1.7, version.ts): the BOM (XML is
// first normalised into the JSON shape, xml.ts) into a typed document: its header, the component
// tree in document order, and the dependency graph. Refusals name the JSON pointer or XML
// element path of the wrong field; identities (purls, hashes) are judged in translate.ts, where
// an unusable one is skipped.
// The vulnerabilities (VDR/VEX) are read leniently (parse-vulnerabilities.ts): nothing in them
// refuses a BOM.
import { DocumentError } from '../../../model/facts.js';
import { isoTime } from '../common/dates.js';
import {
  isObject,
  jsonPointer,
  optArray,
  optObject,
  optString,
  reqString,
  type Json,
  type PathFormatter,
  type Segments,
} from '../common/json.js';
import type { SniffedDocument } from '../types.js';
import { parseCycloneDxVulnerabilities, type CdxVulnerabilities } from './parse-vulnerabilities.js';
import { readExternal } from './external.js';
import { checkSpecVersion } from './version.js';
import { cycloneDxXmlToJson, xmlPath } from './xml.js';

/** Components nested deeper than this reject the document (they are walked iteratively anyway). */
export const MAX_COMPONENT_DEPTH = 64;

export interface CdxHash {
  path: string;
  alg?: string;
  content?: string;
}

export interface CdxComponent {
  /**
   * The component object itself, only when it carries 1.2/1.3 extension vulnerabilities (they
   * are found through it); other components are not kept, so a streamed BOM can drop them.
   */
  raw?: Json;
  at: Segments;
  ref?: string;
  purl?: string;
  type?: string;
  name?: string;
  version?: string;
  group?: string;
  hashes: CdxHash[];
  /** externalReferences of type "vcs". */
  vcsUrls: string[];
  /** `licenses` entries, in document order. */
  licenses: CdxLicense[];
  /** CycloneDX 1.7 `isExternal`: provided by the environment, not part of the assembly. */
  isExternal?: boolean;
  /** CycloneDX 1.7 `versionRange` (vers syntax) of an external component, as written. */
  versionRange?: string;
  /**
   * A container's other names for its image, as Trivy writes them in `properties`: each
   * `aquasecurity:trivy:RepoDigest` ("repo@sha256:…"), then `aquasecurity:trivy:ImageID` (the
   * config digest). Empty for other components.
   */
  imageDigestTexts: string[];
}

/**
 * One `licenses` entry: an SPDX id, a licence name or an SPDX expression, as written (`text` is
 * absent when the entry has none of them). CycloneDX 1.6's `acknowledgement` gives the kind;
 * without it a component's licence is what its authors declare.
 */
export interface CdxLicense {
  at: Segments;
  text?: string;
  kind: 'declared' | 'concluded';
}

export interface CdxDependency {
  at: Segments;
  ref: string;
  dependsOn: string[];
}

export interface CycloneDxBom extends Omit<CycloneDxHeader, 'metadata'> {
  /** The BOM in CycloneDX JSON shape (XML documents normalised into it). */
  bom: Json;
  syntax: 'json' | 'xml';
  specVersion: string;
  /** metadata.timestamp as ISO 8601 UTC, when given. */
  timestamp?: string;
  serialNumber?: string;
  /** metadata.component: the SBOM subject. */
  top?: CdxComponent;
  /** Every other component, in document order: the subject's children first, then `components`. */
  components: CdxComponent[];
  dependencies: CdxDependency[];
  vulnerabilities: CdxVulnerabilities;
  /** Renders a path inside the BOM (JSON pointer, or XML element path) for errors and skips. */
  path: PathFormatter;
}

export function parseCycloneDx(doc: SniffedDocument): CycloneDxBom {
  return doc.json !== undefined
    ? parseCycloneDxBom(doc.json, 'json', jsonPointer)
    : parseCycloneDxBom(cycloneDxXmlToJson(doc.text), 'xml', xmlPath);
}

/** The BOM's header: what must be known before its components are translated. */
export interface CycloneDxHeader {
  syntax: 'json' | 'xml';
  specVersion: string;
  /** metadata.timestamp as ISO 8601 UTC, when given. */
  timestamp?: string;
  serialNumber?: string;
  /** metadata, when given (its component is read by readTop). */
  metadata?: Json;
  /** A 1.x newer than the newest version read: the note to record (read as 1.7). */
  newerNote?: string;
  /** CycloneDX 1.7 `metadata.distributionConstraints.tlp`, when given. */
  tlp?: string;
  path: PathFormatter;
}

/** CycloneDX 1.7 Traffic Light Protocol classifications. */
const TLP = ['CLEAR', 'GREEN', 'AMBER', 'AMBER_AND_STRICT', 'RED'];

/** Validates the header fields of a BOM (the root object; only its header keys are read). */
export function readCycloneDxHeader(bom: unknown, syntax: 'json' | 'xml', path: PathFormatter): CycloneDxHeader {
  if (!isObject(bom)) throw new DocumentError('', 'a CycloneDX BOM must be an object');
  if (bom.bomFormat !== 'CycloneDX') throw new DocumentError(path(['bomFormat']), 'bomFormat must be "CycloneDX"');
  const specVersion = reqString(bom, 'specVersion', path(['specVersion']));
  const { newerNote } = checkSpecVersion(specVersion, syntax === 'xml' ? '/bom/@xmlns' : path(['specVersion']));
  const metadata = optObject(bom, 'metadata', path(['metadata']));
  const timestamp = metadata
    ? isoTime(optString(metadata, 'timestamp', path(['metadata'])), path(['metadata', 'timestamp']))
    : undefined;
  const tlp = metadata ? readTlp(metadata, path) : undefined;
  const serialNumber = optString(bom, 'serialNumber', path(['serialNumber']));
  return { syntax, specVersion, timestamp, serialNumber, metadata, newerNote, tlp, path };
}

/** `metadata.distributionConstraints.tlp` (1.7), checked against the TLP names. */
function readTlp(metadata: Json, path: PathFormatter): string | undefined {
  const at = ['metadata', 'distributionConstraints'];
  // An empty XML element (<distributionConstraints/>) is normalised to "".
  if (metadata.distributionConstraints === '') return undefined;
  const constraints = optObject(metadata, 'distributionConstraints', path(['metadata']));
  if (!constraints || constraints.tlp === '') return undefined;
  const tlp = optString(constraints, 'tlp', path(at));
  if (tlp !== undefined && !TLP.includes(tlp))
    throw new DocumentError(
      path([...at, 'tlp']),
      `"${tlp.slice(0, 40)}" is not a TLP classification (${TLP.join(', ')})`,
    );
  return tlp;
}

/** metadata.component (the SBOM subject) and, through `onComponent`, the components nested in it. */
export function readTopComponent(header: CycloneDxHeader, reader: ComponentReader): CdxComponent | undefined {
  const { metadata, path } = header;
  const topRaw = metadata ? optObject(metadata, 'component', path(['metadata'])) : undefined;
  if (!topRaw) return undefined;
  const top = reader.read(topRaw, ['metadata', 'component']);
  if (top.isExternal)
    throw new DocumentError(
      path(['metadata', 'component', 'isExternal']),
      'the SBOM subject (metadata.component) cannot be external',
    );
  reader.walk(
    optArray(topRaw, 'components', path(['metadata', 'component'])),
    ['metadata', 'component', 'components'],
    1,
  );
  return top;
}

/** One entry of `dependencies`. */
export function readDependency(dep: unknown, index: number, path: PathFormatter): CdxDependency {
  const at: Segments = ['dependencies', index];
  if (!isObject(dep)) throw new DocumentError(path(at), 'a dependency must be an object');
  const ref = reqString(dep, 'ref', path(at));
  const dependsOn = optArray(dep, 'dependsOn', path(at)).map((target, j) => {
    if (typeof target !== 'string') throw new DocumentError(path([...at, 'dependsOn', j]), 'must be a bom-ref string');
    return target;
  });
  return { at, ref, dependsOn };
}

export function parseCycloneDxBom(bom: unknown, syntax: 'json' | 'xml', path: PathFormatter): CycloneDxBom {
  const header = readCycloneDxHeader(bom, syntax, path);
  const root = bom as Json;
  const components: CdxComponent[] = [];
  const reader = new ComponentReader(path, (c) => components.push(c));
  // The subject first; the components nested in it are the first of `components`.
  const top = readTopComponent(header, reader);
  reader.walk(optArray(root, 'components', path(['components'])), ['components'], 1);
  const dependencies = optArray(root, 'dependencies', path(['dependencies'])).map((dep, i) =>
    readDependency(dep, i, path),
  );
  return {
    bom: root,
    syntax,
    specVersion: header.specVersion,
    timestamp: header.timestamp,
    serialNumber: header.serialNumber,
    newerNote: header.newerNote,
    tlp: header.tlp,
    top,
    components,
    dependencies,
    vulnerabilities: parseCycloneDxVulnerabilities(root),
    path,
  };
}

interface PendingComponent {
  node: unknown;
  at: Segments;
  depth: number;
}

/**
 * Reads components in document order, handing each to `onComponent` (a streamed BOM translates
 * it at once and keeps nothing); bom-refs must be unique across the BOM.
 */
export class ComponentReader {
  private readonly refs = new Set<string>();

  constructor(
    private readonly path: PathFormatter,
    private readonly onComponent: (c: CdxComponent) => void,
  ) {}

  /** Reads a components array and everything nested in it, iteratively, in document order. */
  walk(list: unknown[], at: Segments, depth: number): void {
    const stack: PendingComponent[] = [];
    for (let i = list.length - 1; i >= 0; i--) stack.push({ node: list[i], at: [...at, i], depth });
    this.drain(stack);
  }

  /** Reads one component at `at` (an item of a streamed `components`) and everything nested in it. */
  walkOne(node: unknown, at: Segments, depth: number): void {
    this.drain([{ node, at, depth }]);
  }

  private drain(stack: PendingComponent[]): void {
    while (stack.length) {
      const { node, at: here, depth: d } = stack.pop()!;
      if (d > MAX_COMPONENT_DEPTH)
        throw new DocumentError(this.path(here), `components nested deeper than ${MAX_COMPONENT_DEPTH} levels`);
      if (!isObject(node)) throw new DocumentError(this.path(here), 'a component must be an object');
      this.onComponent(this.read(node, here));
      const children = optArray(node, 'components', this.path(here));
      for (let i = children.length - 1; i >= 0; i--)
        stack.push({ node: children[i], at: [...here, 'components', i], depth: d + 1 });
    }
  }

  /** One component, without its children. */
  read(c: Json, at: Segments): CdxComponent {
    const where = this.path(at);
    const ref = optString(c, 'bom-ref', where);
    if (ref !== undefined) {
      if (this.refs.has(ref))
        throw new DocumentError(this.path([...at, 'bom-ref']), `duplicate bom-ref "${ref.slice(0, 200)}"`);
      this.refs.add(ref);
    }
    const purl = optString(c, 'purl', where);
    const type = optString(c, 'type', where);
    const name = optString(c, 'name', where);
    const version = optString(c, 'version', where);
    const group = optString(c, 'group', where);
    const hashes = optArray(c, 'hashes', where).map((h, j): CdxHash => {
      const hashAt = this.path([...at, 'hashes', j]);
      if (!isObject(h)) throw new DocumentError(hashAt, 'a hash must be an object');
      return { path: hashAt, alg: optString(h, 'alg', hashAt), content: optString(h, 'content', hashAt) };
    });
    const references = Array.isArray(c.externalReferences) ? c.externalReferences : [];
    const vcsUrls = references.flatMap((r) =>
      isObject(r) && r.type === 'vcs' && typeof r.url === 'string' ? [r.url] : [],
    );
    const licenses = Array.isArray(c.licenses) ? c.licenses.map((l, j) => readLicense(l, [...at, 'licenses', j])) : [];
    const raw = c.vulnerabilities !== undefined ? c : undefined;
    const { isExternal, versionRange } = readExternal(c, at, version, this.path);
    const imageDigestTexts = type === 'container' ? trivyImageDigestTexts(c) : [];
    return {
      raw,
      at,
      ref,
      purl,
      type,
      name,
      version,
      group,
      hashes,
      vcsUrls,
      licenses,
      isExternal,
      versionRange,
      imageDigestTexts,
    };
  }
}

/** Trivy's RepoDigest values, then its ImageID, among a container's properties (read leniently). */
function trivyImageDigestTexts(c: Json): string[] {
  const properties = Array.isArray(c.properties) ? c.properties.filter(isObject) : [];
  const valuesOf = (name: string): string[] =>
    properties.flatMap((p) => (p.name === name && typeof p.value === 'string' ? [p.value] : []));
  return [...valuesOf('aquasecurity:trivy:RepoDigest'), ...valuesOf('aquasecurity:trivy:ImageID')];
}

/**
 * A `licenses` entry, read leniently (a licence of the wrong shape is skipped, never refuses the
 * BOM): `{license: {id|name}}` or `{expression}`. XML gives an expression with attributes as
 * `{content, acknowledgement}` (xml.ts).
 */
function readLicense(entry: unknown, at: Segments): CdxLicense {
  if (!isObject(entry)) return { at, kind: 'declared' };
  const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
  let value: string | undefined;
  let acknowledgement = entry.acknowledgement;
  if (entry.expression !== undefined) {
    const e = entry.expression;
    value = isObject(e) ? text(e.content) : text(e);
    if (isObject(e)) acknowledgement ??= e.acknowledgement;
  } else if (isObject(entry.license)) {
    const l = entry.license;
    value = text(l.id) ?? text(l.name);
    acknowledgement ??= l.acknowledgement;
  }
  return { at, text: value, kind: acknowledgement === 'concluded' ? 'concluded' : 'declared' };
}
