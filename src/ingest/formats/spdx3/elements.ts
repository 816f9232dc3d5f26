// Reading SPDX 3 elements: compact type names, vocabulary values, a field reader that names the
// JSON pointer of a wrong field, and each element kind's fields into the typed document.
import { DocumentError } from '../../../model/facts.js';
import { isObject, jsonPointer as ptr, type Json, type Segments } from '../common/json.js';
import type { Spdx3Document, Spdx3Hash, Spdx3Package, Spdx3Vulnerability } from './document.js';
import { lookupTable } from '../../../model/lookup-table.js';

const PACKAGE_TYPES = new Set(['software_Package', 'ai_AIPackage', 'dataset_DatasetPackage']);
const COLLECTION_TYPES = new Set(['software_Sbom', 'Bom', 'Bundle', 'BOM']);
const RELATIONSHIP = /Relationship$/;
const PROFILE_PREFIX = lookupTable<string>({
  Core: '',
  Software: 'software_',
  Security: 'security_',
  SimpleLicensing: 'simplelicensing_',
  ExpandedLicensing: 'expandedlicensing_',
  AI: 'ai_',
  Dataset: 'dataset_',
  Build: 'build_',
  Lite: 'lite_',
  Extension: 'extension_',
});

/** A type as a compact term: full IRIs (…/terms/Software/Package) become software_Package. */
export function typeName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^https?:\/\/spdx\.org\/rdf\/3\.[0-9.]+\/terms\/([A-Za-z]+)\/([A-Za-z]+)$/.exec(value);
  if (!m) return value;
  return `${PROFILE_PREFIX[m[1]] ?? `${m[1].toLowerCase()}_`}${m[2]}`;
}

/** A vocabulary value as its last IRI segment ("…/RelationshipType/dependsOn" → "dependsOn"). */
export function vocab(value: string): string {
  const i = Math.max(value.lastIndexOf('/'), value.lastIndexOf('#'));
  return i >= 0 ? value.slice(i + 1) : value;
}

export function idOf(node: Json): string | undefined {
  const id = node.spdxId ?? node['@id'];
  return typeof id === 'string' && id.trim() !== '' ? id : undefined;
}

export class Reader {
  constructor(
    readonly node: Json,
    readonly segments: Segments,
  ) {}

  get path(): string {
    return ptr(this.segments);
  }

  at(...more: Segments): string {
    return ptr([...this.segments, ...more]);
  }

  /** An optional text field; numbers are stringified; anything else rejects the document. */
  text(key: string): string | undefined {
    const v = this.node[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number') return String(v);
    if (typeof v !== 'string') throw new DocumentError(this.at(key), `"${key}" must be a string`);
    return v;
  }

  /** A Security profile property, written with its "security_" prefix (3.0.1) or without. */
  sec(key: string): string | undefined {
    return this.node[`security_${key}`] !== undefined ? this.text(`security_${key}`) : this.text(key);
  }

  list(key: string): unknown[] {
    const v = this.node[key];
    if (v === undefined || v === null) return [];
    return Array.isArray(v) ? v : [v];
  }

  /** References: element ids, or elements written inline (their ids). */
  refs(key: string): { id: string; path: string }[] {
    const out: { id: string; path: string }[] = [];
    const multiple = Array.isArray(this.node[key]);
    this.list(key).forEach((v, i) => {
      const path = multiple ? this.at(key, i) : this.at(key);
      const id = typeof v === 'string' ? v : isObject(v) ? idOf(v) : undefined;
      if (id === undefined) throw new DocumentError(path, `"${key}" must name elements by their spdxId`);
      out.push({ id, path });
    });
    return out;
  }
}

/** Objects that are parts of elements, never elements themselves. */
export function isStructure(type: string): boolean {
  return /^(Hash|PackageVerificationCode|ExternalIdentifier|ExternalRef|IntegrityMethod|DictionaryEntry|PositiveIntegerRange|ai_EnergyConsumption|ai_EnergyConsumptionDescription|NamespaceMap)$/.test(
    type,
  );
}

function readHashes(r: Reader): Spdx3Hash[] {
  const hashes: Spdx3Hash[] = [];
  const multiple = Array.isArray(r.node.verifiedUsing);
  r.list('verifiedUsing').forEach((h, i) => {
    const path = multiple ? r.at('verifiedUsing', i) : r.at('verifiedUsing');
    if (!isObject(h)) throw new DocumentError(path, 'an integrity method must be an object');
    if ((typeName(h.type ?? h['@type']) ?? 'Hash') !== 'Hash') return; // PackageVerificationCode: no artifact
    const hr = new Reader(h, []);
    const algorithm = hr.text('algorithm');
    hashes.push({ path, algorithm: algorithm && vocab(algorithm), value: hr.text('hashValue') });
  });
  return hashes;
}

/** Reads one element of a kind into the document (tools: their names, for creationInfo). */
type ElementReader = (out: Spdx3Document, r: Reader, type: string, id: string, toolNames: Map<string, string>) => void;

function readPackage(out: Spdx3Document, r: Reader, type: string, id: string): void {
  const purls: Spdx3Package['purls'] = [];
  const direct = r.text('software_packageUrl');
  if (direct) purls.push({ path: r.at('software_packageUrl'), value: direct });
  const multiple = Array.isArray(r.node.externalIdentifier);
  r.list('externalIdentifier').forEach((e, i) => {
    const path = multiple ? r.at('externalIdentifier', i) : r.at('externalIdentifier');
    if (!isObject(e)) throw new DocumentError(path, 'an external identifier must be an object');
    const er = new Reader(e, []);
    if (vocab(er.text('externalIdentifierType') ?? '') !== 'packageUrl') return; // cpe23, swid…: no fact holds them
    const value = er.text('identifier') ?? '';
    if (!purls.some((p) => p.value === value)) purls.push({ path, value });
  });
  out.elements.push({
    kind: 'package',
    id,
    path: r.path,
    type,
    name: r.text('name'),
    version: r.text('software_packageVersion'),
    purls,
    hashes: readHashes(r),
    downloadLocation: r.text('software_downloadLocation'),
  });
}

function readRelationship(out: Spdx3Document, r: Reader, type: string): void {
  const relationshipType = r.text('relationshipType');
  const from = r.refs('from')[0];
  if (!relationshipType || !from) {
    out.skipped.push({ path: r.path, reason: 'relationship without "from" or "relationshipType": not read' });
    return;
  }
  const assessed = r.node.security_assessedElement ?? r.node.assessedElement;
  out.relationships.push({
    path: r.path,
    type,
    relationshipType: vocab(relationshipType),
    from: from.id,
    to: r.refs('to').map((x) => x.id),
    scope: r.text('scope') && vocab(r.text('scope')!),
    assessment: {
      justificationType: r.sec('justificationType') && vocab(r.sec('justificationType')!),
      impactStatement: r.sec('impactStatement'),
      actionStatement: r.sec('actionStatement'),
      statusNotes: r.sec('statusNotes'),
      assessedElement: typeof assessed === 'string' ? assessed : isObject(assessed) ? idOf(assessed) : undefined,
      publishedTime: r.sec('publishedTime'),
      modifiedTime: r.sec('modifiedTime'),
      score: numberOf(r, 'score'),
      severity: r.sec('severity') && vocab(r.sec('severity')!),
      vectorString: r.sec('vectorString'),
    },
  });
}

function readFile(out: Spdx3Document, r: Reader, _type: string, id: string): void {
  out.elements.push({ kind: 'file', id, path: r.path, name: r.text('name'), hashes: readHashes(r) });
}

function readCollection(out: Spdx3Document, r: Reader, _type: string, id: string): void {
  out.collections.set(
    id,
    r.refs('rootElement').map((x) => x.id),
  );
}

/** The element kinds read, by type; relationships are any type ending in "Relationship". */
const READERS: ReadonlyMap<string, ElementReader> = new Map<string, ElementReader>([
  ...[...PACKAGE_TYPES].map((type): [string, ElementReader] => [type, readPackage]),
  ['software_File', readFile],
  ...[...COLLECTION_TYPES].map((type): [string, ElementReader] => [type, readCollection]),
  [
    'security_Vulnerability',
    (out, r, _type, id) => {
      out.vulnerabilities.push(readVulnerability(r, id));
    },
  ],
  [
    'simplelicensing_LicenseExpression',
    (out, r, _type, id) => {
      const text = r.text('simplelicensing_licenseExpression');
      if (text) out.licenses.set(id, text);
    },
  ],
  [
    'expandedlicensing_ListedLicense',
    (out, _r, _type, id) => {
      const listed = listedLicense(id);
      if (listed) out.licenses.set(id, listed);
    },
  ],
  [
    'Tool',
    (_out, r, _type, id, toolNames) => {
      const name = r.text('name');
      if (name) toolNames.set(id, name);
    },
  ],
]);

export function readElement(
  out: Spdx3Document,
  r: Reader,
  type: string,
  id: string,
  toolNames: Map<string, string>,
): void {
  const read = READERS.get(type) ?? (RELATIONSHIP.test(type) ? readRelationship : undefined);
  read?.(out, r, type, id, toolNames);
}

/** A licence named by its SPDX License List IRI (https://spdx.org/licenses/MIT) → its id. */
export function listedLicense(id: string): string | undefined {
  return /^https?:\/\/spdx\.org\/licenses\/([A-Za-z0-9.+-]+)$/.exec(id)?.[1];
}

function numberOf(r: Reader, key: string): number | undefined {
  const raw = r.node[`security_${key}`] ?? r.node[key];
  if (raw === undefined || raw === null) return undefined;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

function readVulnerability(r: Reader, id: string): Spdx3Vulnerability {
  const identifiers: Spdx3Vulnerability['identifiers'] = [];
  const references: string[] = [];
  const multiple = Array.isArray(r.node.externalIdentifier);
  r.list('externalIdentifier').forEach((e, i) => {
    const path = multiple ? r.at('externalIdentifier', i) : r.at('externalIdentifier');
    if (!isObject(e)) throw new DocumentError(path, 'an external identifier must be an object');
    const er = new Reader(e, []);
    const identifier = er.text('identifier');
    if (identifier?.trim())
      identifiers.push({ type: vocab(er.text('externalIdentifierType') ?? ''), identifier: identifier.trim(), path });
    for (const loc of er.list('identifierLocator')) if (typeof loc === 'string') references.push(loc);
  });
  for (const ref of r.list('externalRef')) {
    if (!isObject(ref)) continue;
    for (const loc of new Reader(ref, []).list('locator')) if (typeof loc === 'string') references.push(loc);
  }
  return {
    id,
    path: r.path,
    identifiers,
    summary: r.text('summary'),
    description: r.text('description'),
    published: r.sec('publishedTime'),
    modified: r.sec('modifiedTime'),
    references,
  };
}
