// CycloneDX XML → the CycloneDX JSON shape, so one translate step serves both syntaxes.
// Safety: documents with a DOCTYPE or entity declaration are refused before parsing, and the
// parser runs with entity processing off; only the five predefined XML entities and numeric
// character references are decoded, by us, in text and attribute values (not in CDATA). The
// number of references is bounded: the parser spends about 200 bytes of memory on each, so a
// 60 MB file of "&amp;" would take gigabytes (the XML counterpart of the JSON depth bound).
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DocumentError } from '../../../model/facts.js';
import { isObject, type Json, type PathFormatter } from '../common/json.js';
import { lookupTable } from '../../../model/lookup-table.js';

const ROOT =
  /<(?:[A-Za-z_][\w.-]*:)?bom\b[^>]*?\sxmlns(?::[A-Za-z_][\w.-]*)?\s*=\s*["']http:\/\/cyclonedx\.org\/schema\/bom\/(\d+\.\d+)["']/;

/** The spec version from the root element's CycloneDX namespace, when the text has one. */
export function cycloneDxXmlVersion(text: string): string | undefined {
  return ROOT.exec(text.slice(0, 65536))?.[1];
}

const MAX_DEPTH = 256;

/** Entity and character references ("&amp;", "&#38;") one document may hold; real SBOMs hold a few hundred. */
export const MAX_XML_REFERENCES = 500_000;

/** Refuses a document with more references than the bound; counts "&", which starts every one. */
function rejectReferenceFlood(text: string): void {
  let count = 0;
  for (let i = text.indexOf('&'); i >= 0; i = text.indexOf('&', i + 1)) {
    if (++count > MAX_XML_REFERENCES)
      throw new DocumentError(
        '/bom',
        `XML with more than ${MAX_XML_REFERENCES} entity or character references is refused (the limit bounds the memory parsing takes)`,
      );
  }
}

/** Wrapper elements whose children are list items, and the item element names (JSON arrays). */
const LISTS = lookupTable<readonly string[]>({
  components: ['component'],
  services: ['service'],
  hashes: ['hash'],
  dependencies: ['dependency'],
  vulnerabilities: ['vulnerability'],
  ratings: ['rating'],
  affects: ['target'],
  advisories: ['advisory'],
  cwes: ['cwe'],
  references: ['reference'],
  externalReferences: ['reference'],
  properties: ['property'],
  licenses: ['license', 'expression', 'expression-detailed'],
  tools: ['tool'],
  versions: ['version'],
  responses: ['response'],
  authors: ['author'],
  ancestors: ['component'],
  descendants: ['component'],
  variants: ['component'],
  commits: ['commit'],
  patches: ['patch'],
  credits: ['organization', 'individual'],
});

/** JSON spells a few XML names differently. */
const RENAMES = lookupTable<string>({ responses: 'response' });

export function rejectDtd(text: string): void {
  const outsideCdata = text.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  if (/<!DOCTYPE/i.test(outsideCdata) || /<!ENTITY/i.test(outsideCdata)) {
    throw new DocumentError(
      '/',
      'XML with a DOCTYPE or entity declarations is refused (no DTD or external entity processing)',
    );
  }
}

function decodeXml(s: string): string {
  return s.replace(
    /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g,
    (whole: string, dec?: string, hex?: string, named?: string) => {
      if (named) return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[named as 'amp'];
      const cp = dec ? Number(dec) : parseInt(hex ?? '', 16);
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
    },
  );
}

const toArray = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function convertElement(value: unknown, name: string, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new DocumentError(name, `elements nested deeper than ${MAX_DEPTH} levels`);
  if (!isObject(value)) return typeof value === 'string' ? decodeXml(value) : (value ?? '');
  const out: Json = {};
  let text = '';
  for (const [key, v] of Object.entries(value)) {
    if (key === '#text') text += decodeXml(String(v));
    else if (key === '#cdata') text += toArray(v).join('');
    else if (key.startsWith('@_')) {
      const attr = key.slice(2);
      if (attr !== 'xmlns' && !attr.startsWith('xmlns:')) out[attr] = decodeXml(String(v));
    } else {
      out[RENAMES[key] ?? key] = convertChild(key, v, depth + 1);
    }
  }
  if (text.trim() !== '') {
    if (Object.keys(out).length === 0) return text;
    out[name === 'property' ? 'value' : 'content'] = text; // <hash alg="…">…</hash> → {alg, content}
  }
  return out;
}

function convertChild(key: string, v: unknown, depth: number): unknown {
  const items = LISTS[key];
  if (items && !Array.isArray(v)) {
    if (!isObject(v)) return []; // <components/> or whitespace
    const childKeys = Object.keys(v).filter((k) => !k.startsWith('@_') && k !== '#text' && k !== '#cdata');
    if (childKeys.every((k) => items.includes(k))) {
      const out: unknown[] = [];
      for (const item of items) {
        for (const x of toArray(v[item])) out.push(listItem(key, item, convertElement(x, item, depth + 1)));
      }
      return out;
    }
  }
  if (Array.isArray(v)) return v.map((x) => convertElement(x, key, depth));
  const converted = convertElement(v, key, depth);
  if (key === 'score' && typeof converted === 'string' && Number.isFinite(Number(converted))) return Number(converted);
  return converted;
}

/** The few list items whose JSON form differs from the element's. */
function listItem(list: string, item: string, value: unknown): unknown {
  if (list === 'licenses') {
    if (item === 'expression') return { expression: value };
    // 1.7 <expression-detailed expression="…" acknowledgement="…"><details …/></expression-detailed>
    if (item === 'expression-detailed') return isObject(value) ? { ...value } : { expression: undefined };
    return { license: value };
  }
  if (list === 'dependencies' && isObject(value)) {
    // <dependency ref="a"><dependency ref="b"/></dependency> → {ref: "a", dependsOn: ["b"]}
    const { dependency, ...rest } = value;
    const dependsOn = toArray(dependency).map((d) => (isObject(d) ? d.ref : d));
    return dependsOn.length ? { ...rest, dependsOn } : rest;
  }
  return value;
}

/** Parses CycloneDX XML into the JSON shape ({bomFormat, specVersion, metadata, components, …}). */
export function cycloneDxXmlToJson(text: string): Json {
  rejectDtd(text);
  rejectReferenceFlood(text);
  const specVersion = cycloneDxXmlVersion(text);
  if (!specVersion) throw new DocumentError('/bom', 'the root element is not a CycloneDX <bom>');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new DocumentError(`line ${valid.err.line}`, `malformed XML: ${valid.err.msg}`);
  let parsed: unknown;
  try {
    parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      removeNSPrefix: true,
      processEntities: false,
      htmlEntities: false,
      parseTagValue: false,
      parseAttributeValue: false,
      cdataPropName: '#cdata',
      trimValues: true,
      ignoreDeclaration: true,
      ignorePiTags: true,
    }).parse(text);
  } catch (err) {
    // A stack overflow on absurd nesting is a bad document, not a crash.
    throw new DocumentError('/bom', `malformed XML: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!isObject(parsed) || !isObject(parsed.bom))
    throw new DocumentError('/bom', 'expected exactly one <bom> root element');
  const bom = convertElement(parsed.bom, 'bom', 0);
  return { ...(isObject(bom) ? bom : {}), bomFormat: 'CycloneDX', specVersion };
}

/** Item element of each JSON array, for rendering element paths. */
const ITEM_OF = lookupTable<string>(Object.fromEntries(Object.entries(LISTS).map(([k, v]) => [k, v[0]])));

/** Renders a location in the normalised BOM as an XML element path: /bom/components/component[2]/purl. */
export const xmlPath: PathFormatter = (segments) => {
  const parts: string[] = ['bom'];
  for (const s of segments) {
    if (typeof s === 'number') {
      const list = parts.pop()!;
      if (list === 'dependsOn') parts.push(`dependency[${s + 1}]`);
      else parts.push(list, `${ITEM_OF[list] ?? 'item'}[${s + 1}]`);
    } else {
      parts.push(s);
    }
  }
  return '/' + parts.join('/');
};
