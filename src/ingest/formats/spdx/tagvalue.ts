// SPDX 2.x tag-value → the JSON shape translateSpdx reads. Only the tags the mapping uses are kept
// (document identity and time, packages, files, checksums, external refs, package licences, relationships).
import { DocumentError } from '../../../model/facts.js';
import type { Json } from '../common/json.js';

/** Cheap sniff: a "SPDXVersion: SPDX-2.x" line near the top. */
export function looksLikeSpdxTagValue(text: string): boolean {
  return /^[ \t]*SPDXVersion:[ \t]*SPDX-2\.\d+[ \t]*\r?$/m.test(text.slice(0, 8192));
}

type Section = 'document' | 'package' | 'file' | 'other';

/** The document read so far, and the section (and its element) the following tags belong to. */
interface TagValueState {
  doc: Json;
  packages: Json[];
  files: Json[];
  snippets: Json[];
  relationships: Json[];
  section: Section;
  current: Json;
}

/** What one tag does with its value; `at` names the line for errors. */
type TagHandler = (s: TagValueState, value: string, at: string) => void;

const documentField =
  (field: string): TagHandler =>
  (s, value) => {
    s.doc[field] = value;
  };

const packageField =
  (field: string): TagHandler =>
  (s, value) => {
    if (s.section === 'package') s.current[field] = value;
  };

/** PackageChecksum in a package, FileChecksum in a file: "ALGORITHM: value". */
const checksum =
  (tag: string, section: Section): TagHandler =>
  (s, value, at) => {
    if (s.section !== section) return;
    const c = /^([A-Za-z0-9-]+):\s*(\S+)$/.exec(value);
    if (!c) throw new DocumentError(at, `malformed ${tag} "${value.slice(0, 80)}"`);
    ((s.current.checksums ??= []) as Json[]).push({ algorithm: c[1], checksumValue: c[2] });
  };

function externalRef(s: TagValueState, value: string, at: string): void {
  if (s.section !== 'package') return;
  const r = /^(\S+)\s+(\S+)\s+(\S+)$/.exec(value);
  if (!r) throw new DocumentError(at, `malformed ExternalRef "${value.slice(0, 80)}"`);
  ((s.current.externalRefs ??= []) as Json[]).push({
    referenceCategory: r[1],
    referenceType: r[2],
    referenceLocator: r[3],
  });
}

function relationship(s: TagValueState, value: string, at: string): void {
  const r = /^(\S+)\s+(\S+)\s+(\S+)$/.exec(value);
  if (!r) throw new DocumentError(at, `malformed Relationship "${value.slice(0, 80)}"`);
  s.relationships.push({ spdxElementId: r[1], relationshipType: r[2], relatedSpdxElement: r[3] });
}

/** The tags the mapping uses; any other (file licences, copyright, annotations, …): nothing in the facts holds them. */
const TAGS: ReadonlyMap<string, TagHandler> = new Map<string, TagHandler>([
  [
    'PackageName',
    (s, value) => {
      s.section = 'package';
      s.current = { name: value };
      s.packages.push(s.current);
    },
  ],
  [
    'FileName',
    (s, value) => {
      s.section = 'file';
      s.current = { fileName: value };
      s.files.push(s.current);
    },
  ],
  [
    'SnippetSPDXID',
    (s, value) => {
      s.section = 'other';
      s.snippets.push({ SPDXID: value });
    },
  ],
  [
    'LicenseID',
    (s) => {
      s.section = 'other';
    },
  ],
  [
    'SPDXID',
    (s, value) => {
      if (s.section !== 'other') s.current.SPDXID = value;
    },
  ],
  ['SPDXVersion', documentField('spdxVersion')],
  ['DocumentName', documentField('name')],
  ['DocumentNamespace', documentField('documentNamespace')],
  [
    'Created',
    (s, value) => {
      (s.doc.creationInfo as Json).created = value;
    },
  ],
  [
    'Creator',
    (s, value) => {
      ((s.doc.creationInfo as Json).creators as string[]).push(value);
    },
  ],
  ['PackageVersion', packageField('versionInfo')],
  ['PackageLicenseConcluded', packageField('licenseConcluded')],
  ['PackageLicenseDeclared', packageField('licenseDeclared')],
  ['PackageChecksum', checksum('PackageChecksum', 'package')],
  ['FileChecksum', checksum('FileChecksum', 'file')],
  ['ExternalRef', externalRef],
  ['Relationship', relationship],
  [
    'RelationshipComment',
    (s, value) => {
      if (s.relationships.length) s.relationships[s.relationships.length - 1].comment = value;
    },
  ],
]);

/**
 * The value of the tag on line i: a multi-line value (from "<text>") runs to the closing
 * </text>. Returns the value and the index of its last line.
 */
function tagValue(lines: string[], i: number, tag: string, written: string): [string, number] {
  let value = written;
  if (!value.startsWith('<text>')) return [value, i];
  const start = i + 1;
  let last = i;
  while (!value.includes('</text>')) {
    if (++last >= lines.length) throw new DocumentError(`line ${start}`, `<text> of "${tag}" is never closed`);
    value += '\n' + lines[last];
  }
  return [value.slice('<text>'.length, value.lastIndexOf('</text>')), last];
}

export function tagValueToJson(text: string): Json {
  const doc: Json = { creationInfo: { creators: [] as string[] } };
  const s: TagValueState = {
    doc,
    packages: [],
    files: [],
    snippets: [],
    relationships: [],
    section: 'document',
    current: doc,
  };
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*(#|$)/.test(line)) continue;
    const m = /^\s*([A-Za-z][A-Za-z0-9]*):\s?(.*)$/.exec(line);
    if (!m) throw new DocumentError(`line ${i + 1}`, 'expected "Tag: value"');
    const tag = m[1];
    const [value, last] = tagValue(lines, i, tag, m[2].trim());
    i = last;
    TAGS.get(tag)?.(s, value, `line ${i + 1}`);
  }
  return { ...doc, packages: s.packages, files: s.files, snippets: s.snippets, relationships: s.relationships };
}
