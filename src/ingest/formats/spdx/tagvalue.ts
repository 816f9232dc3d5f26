// SPDX 2.x tag-value → the JSON shape translateSpdx reads. Only the tags the mapping uses are kept
// (document identity and time, packages, files, checksums, external refs, package licences, relationships).
import { DocumentError } from '../../../model/facts.js';
import type { Json } from '../common/json.js';

/** Cheap sniff: a "SPDXVersion: SPDX-2.x" line near the top. */
export function looksLikeSpdxTagValue(text: string): boolean {
  return /^[ \t]*SPDXVersion:[ \t]*SPDX-2\.\d+[ \t]*\r?$/m.test(text.slice(0, 8192));
}

type Section = 'document' | 'package' | 'file' | 'other';

export function tagValueToJson(text: string): Json {
  const doc: Json = { creationInfo: { creators: [] as string[] } };
  const packages: Json[] = [];
  const files: Json[] = [];
  const snippets: Json[] = [];
  const relationships: Json[] = [];
  let section: Section = 'document';
  let current: Json = doc;

  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*(#|$)/.test(line)) continue;
    const m = /^\s*([A-Za-z][A-Za-z0-9]*):\s?(.*)$/.exec(line);
    if (!m) throw new DocumentError(`line ${i + 1}`, 'expected "Tag: value"');
    const tag = m[1];
    let value = m[2].trim();
    if (value.startsWith('<text>')) {
      // Multi-line values run to the closing </text>.
      const start = i + 1;
      while (!value.includes('</text>')) {
        if (++i >= lines.length) throw new DocumentError(`line ${start}`, `<text> of "${tag}" is never closed`);
        value += '\n' + lines[i];
      }
      value = value.slice('<text>'.length, value.lastIndexOf('</text>'));
    }
    const at = `line ${i + 1}`;
    switch (tag) {
      case 'PackageName':
        section = 'package';
        current = { name: value };
        packages.push(current);
        break;
      case 'FileName':
        section = 'file';
        current = { fileName: value };
        files.push(current);
        break;
      case 'SnippetSPDXID':
        section = 'other';
        snippets.push({ SPDXID: value });
        break;
      case 'LicenseID':
        section = 'other';
        break;
      case 'SPDXID':
        if (section !== 'other') current.SPDXID = value;
        break;
      case 'SPDXVersion':
        doc.spdxVersion = value;
        break;
      case 'DocumentName':
        doc.name = value;
        break;
      case 'DocumentNamespace':
        doc.documentNamespace = value;
        break;
      case 'Created':
        (doc.creationInfo as Json).created = value;
        break;
      case 'Creator':
        ((doc.creationInfo as Json).creators as string[]).push(value);
        break;
      case 'PackageVersion':
        if (section === 'package') current.versionInfo = value;
        break;
      case 'PackageLicenseConcluded':
        if (section === 'package') current.licenseConcluded = value;
        break;
      case 'PackageLicenseDeclared':
        if (section === 'package') current.licenseDeclared = value;
        break;
      case 'PackageChecksum':
      case 'FileChecksum': {
        if ((tag === 'PackageChecksum') !== (section === 'package') || section === 'other' || section === 'document')
          break;
        const c = /^([A-Za-z0-9-]+):\s*(\S+)$/.exec(value);
        if (!c) throw new DocumentError(at, `malformed ${tag} "${value.slice(0, 80)}"`);
        ((current.checksums ??= []) as Json[]).push({ algorithm: c[1], checksumValue: c[2] });
        break;
      }
      case 'ExternalRef': {
        if (section !== 'package') break;
        const r = /^(\S+)\s+(\S+)\s+(\S+)$/.exec(value);
        if (!r) throw new DocumentError(at, `malformed ExternalRef "${value.slice(0, 80)}"`);
        ((current.externalRefs ??= []) as Json[]).push({
          referenceCategory: r[1],
          referenceType: r[2],
          referenceLocator: r[3],
        });
        break;
      }
      case 'Relationship': {
        const r = /^(\S+)\s+(\S+)\s+(\S+)$/.exec(value);
        if (!r) throw new DocumentError(at, `malformed Relationship "${value.slice(0, 80)}"`);
        relationships.push({ spdxElementId: r[1], relationshipType: r[2], relatedSpdxElement: r[3] });
        break;
      }
      case 'RelationshipComment':
        if (relationships.length) relationships[relationships.length - 1].comment = value;
        break;
      default:
        break; // file licences, copyright, annotations, …: nothing in the facts holds them
    }
  }
  return { ...doc, packages, files, snippets, relationships };
}
