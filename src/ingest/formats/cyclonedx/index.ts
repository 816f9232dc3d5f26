// CycloneDX parsers: JSON (bomFormat "CycloneDX") and XML (root <bom> in a CycloneDX namespace).
// Both go through the same translate step (readCycloneDx); XML is normalised into the JSON shape.
import type { DocumentFacts } from '../../../model/facts.js';
import { isObject, jsonPointer } from '../sbom-common.js';
import type { FormatParser, ParseContext, SniffedDocument } from '../types.js';
import { readCycloneDx, type CycloneDxRead } from './read.js';
import { applyCycloneDxVulnerabilities } from './vulnerabilities.js';
import { cycloneDxXmlToJson, cycloneDxXmlVersion, xmlPath } from './xml.js';

/** Reads a detected CycloneDX document, JSON or XML, into facts plus what the VDR/VEX step needs. */
export function readCycloneDxDocument(doc: SniffedDocument, ctx: ParseContext): CycloneDxRead {
  return doc.json !== undefined
    ? readCycloneDx(doc.json, ctx, 'json', jsonPointer)
    : readCycloneDx(cycloneDxXmlToJson(doc.text), ctx, 'xml', xmlPath);
}

function finish(read: CycloneDxRead, ctx: ParseContext): DocumentFacts {
  applyCycloneDxVulnerabilities(read, ctx);
  return read.builder.facts;
}

export const cyclonedxJsonParser: FormatParser = {
  name: 'cyclonedx-json',
  detect: (doc) => isObject(doc.json) && doc.json.bomFormat === 'CycloneDX',
  parse: (doc, ctx) => finish(readCycloneDxDocument(doc, ctx), ctx),
};

export const cyclonedxXmlParser: FormatParser = {
  name: 'cyclonedx-xml',
  detect: (doc) => doc.xml && cycloneDxXmlVersion(doc.text) !== undefined,
  parse: (doc, ctx) => finish(readCycloneDxDocument(doc, ctx), ctx),
};

export { readCycloneDx, type CycloneDxRead } from './read.js';
export { cycloneDxXmlToJson } from './xml.js';
